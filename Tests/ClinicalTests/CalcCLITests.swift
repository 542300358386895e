import XCTest
import Foundation
@testable import Clinical

/// `cotside calc` behaviour as a function of its arguments (exit codes from the contract:
/// 0 answered, 2 bad input / unknown tool).
final class CalcCLITests: XCTestCase {
    func testSingleCallJson() {
        let out = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--json"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.hasPrefix(#"{"ok":true,"tool":"bsa","result":{"bsa_m2":0.76194"#))
        XCTAssertTrue(out.stdout.hasSuffix("\n"))
        let first = CalcCLI.run(["--json", "bsa", "height_cm=110", "weight_kg=19"])
        XCTAssertEqual(first.stdout, out.stdout, "--json may come first")
        let unknown = CalcCLI.run(["--json", "bmi"])
        XCTAssertEqual(unknown.exitCode, 2)
        XCTAssertTrue(unknown.stdout.hasPrefix(#"{"ok":false,"tool":"bmi","errors":[{"field":"tool""#), unknown.stdout)
    }

    func testBadInputExitsTwoWithErrors() {
        let text = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=0"])
        XCTAssertEqual(text.exitCode, 2)
        XCTAssertTrue(text.stderr.contains("weight_kg: 0 kg is outside 0.1–300 kg"), text.stderr)
        let json = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=abc", "--json"])
        XCTAssertEqual(json.exitCode, 2)
        XCTAssertTrue(json.stdout.hasPrefix(#"{"ok":false,"tool":"bsa","errors":[{"field":"weight_kg""#), json.stdout)
        XCTAssertEqual(CalcCLI.run(["bsa", "height_cm"]).exitCode, 2)
        XCTAssertEqual(CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--frobnicate"]).exitCode, 2)
    }

    func testUnknownToolNamesTheTools() {
        let out = CalcCLI.run(["bmi", "weight_kg=3"])
        XCTAssertEqual(out.exitCode, 2)
        XCTAssertTrue(out.stderr.contains("unknown tool ‘bmi’"))
        XCTAssertTrue(out.stderr.contains("apgar, ballard"))
    }

    func testHumanText() {
        let out = CalcCLI.run(["apgar", "appearance=1", "pulse=2", "grimace=2", "activity=2", "respiration=2"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.contains("✔ reassuring"))
        XCTAssertTrue(out.stdout.contains("APGAR 9"))
        XCTAssertTrue(out.stdout.contains("Reference: Apgar V."))
        XCTAssertTrue(out.stdout.contains("pulse 2: ≥ 100 bpm"), out.stdout)
        let toddler = CalcCLI.run(["gcs", "eye=3", "verbal=4", "motor=5", "age_years=2"]).stdout
        XCTAssertTrue(toddler.contains("verbal 4: Cries but consolable"), toddler)
        let child = CalcCLI.run(["gcs", "eye=3", "verbal=4", "motor=5", "age_years=7"]).stdout
        XCTAssertTrue(child.contains("verbal 4: Confused"), child)
        let warned = CalcCLI.run(["ivfluid", "weight_kg=80"])
        XCTAssertTrue(warned.stdout.contains("warning: "))
    }

    func testAsciiSymbolsForNonUtf8Locales() {
        let out = CalcCLI.run(["flacc", "face=2", "legs=2", "activity=2", "cry=2", "consolability=2"], ascii: true)
        XCTAssertTrue(out.stdout.contains("! severe"), out.stdout)
        XCTAssertFalse(out.stdout.contains("✔"))
        XCTAssertTrue(CalcCLI.localeIsUTF8(["LANG": "C.UTF-8"]))
        XCTAssertFalse(CalcCLI.localeIsUTF8(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        XCTAssertFalse(CalcCLI.localeIsUTF8([:]))
    }

    func testListAndHelp() {
        let list = CalcCLI.run(["--list"])
        XCTAssertEqual(list.exitCode, 0)
        for id in ToolRegistry.ids { XCTAssertTrue(list.stdout.contains("  \(id) "), id) }
        XCTAssertTrue(list.stdout.contains("Stroke triage"))
        let help = CalcCLI.run(["ballard", "--help"])
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertTrue(help.stdout.contains("Sticky, friable, transparent"))
        XCTAssertTrue(help.stdout.contains("J Pediatr 1991"))
        let bsaHelp = CalcCLI.run(["bsa", "--help"]).stdout
        XCTAssertTrue(bsaHelp.contains("weight_kg"))
        XCTAssertTrue(bsaHelp.contains("0.1–300 kg"))
        XCTAssertTrue(CalcCLI.run(["pecarn", "--help"]).stdout.contains("does not apply below 14"))
        XCTAssertEqual(CalcCLI.run([]).exitCode, 2)
        XCTAssertEqual(CalcCLI.mode(["--batch"]), .batch)
        XCTAssertEqual(CalcCLI.run(["--batch", "x"]).exitCode, 2)
    }
}
