import ChildProcess
import XCTest
import Foundation

/// Runs the built `cotside` binary to check the exit codes scripts rely on (0 answered,
/// 2 bad input or unknown tool). Skipped when the debug binary is not next to the package.
final class CalcBinaryTests: XCTestCase {
    var binary: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/cotside")
    }

    func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("no built cotside at \(binary.path)")
        }
        let outcome = try ChildProcess.run(binary.path, ["calc"] + arguments, stdin: Data(stdin.utf8))
        XCTAssertFalse(outcome.timedOut, "cotside calc \(arguments) ran past its deadline")
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    func testExitCodes() throws {
        let ok = try run(["bsa", "height_cm=110", "weight_kg=19", "--json"])
        XCTAssertEqual(ok.status, 0)
        XCTAssertTrue(ok.stdout.hasPrefix(#"{"ok":true,"tool":"bsa","result":{"bsa_m2":0.7619"#))
        let bad = try run(["bsa", "height_cm=110", "weight_kg=0", "--json"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, #"{"ok":false,"tool":"bsa","errors":[{"field":"weight_kg","message":"0 kg is outside 0.1–300 kg"}]}"# + "\n")
        let unknown = try run(["bmi"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("apgar"))
        let help = try run(["gcs", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Teasdale"))
    }

    /// `--lang` (or the locale) words the human text; `--json` stays the contract's English.
    func testLangWordsTheTextButNotTheJSON() throws {
        let german = try run(["gcs", "eye=4", "verbal=5", "motor=6", "--lang", "de"])
        XCTAssertEqual(german.status, 0)
        XCTAssertTrue(german.stdout.hasPrefix("Glasgow-Koma-Skala (pädiatrisch)\n"), german.stdout)
        XCTAssertTrue(german.stdout.contains("Augenöffnen 4: Spontanes Augenöffnen"), german.stdout)
        XCTAssertTrue(german.stdout.contains("GCS 15 (E4 V5 M6): leichte Bewusstseinsstörung."), german.stdout)
        let english = try run(["gcs", "eye=4", "verbal=5", "motor=6", "--json"])
        let json = try run(["gcs", "eye=4", "verbal=5", "motor=6", "--json", "--lang", "zh-Hans"])
        XCTAssertEqual(json.stdout, english.stdout)
        XCTAssertTrue(json.stdout.contains("mild impairment of consciousness"), json.stdout)
        let unknown = try run(["gcs", "--lang", "tlh"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("cotside calc: --lang tlh is not a language Cotside ships; use one of system, en"), unknown.stderr)
        let system = try run(["gcs", "eye=4", "verbal=5", "motor=6", "--lang", "system"])
        XCTAssertEqual(system.status, 0, "system follows the locale, as the app's --lang does: \(system.stderr)")
    }

    func testBatchAnswersEveryLineAndExitsZero() throws {
        let result = try run(["--batch"], stdin: "{\"id\":1,\"tool\":\"bsa\",\"height_cm\":110,\"weight_kg\":19}\n\nnot json\n{\"id\":3}\n")
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix(#"{"id":1,"ok":true"#))
        XCTAssertTrue(lines[1].hasPrefix(#"{"id":null,"ok":false"#))
        XCTAssertTrue(lines[2].hasPrefix(#"{"id":3,"ok":false,"tool":null"#))
    }
}
