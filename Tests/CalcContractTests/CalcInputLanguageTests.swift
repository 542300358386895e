import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// `cotside calc --lang CODE` says every bad input in that language: each tool's inputs out of
/// range, not a number, missing, unknown, both of two, and the call's own mistakes, with no
/// English word left. The words allowed in every language are listed here: the call's input
/// keys and tool ids (the command line's names), what the user typed, the options, and units
/// and names that clinicians write the same way in every language.
final class CalcInputLanguageTests: XCTestCase {
    typealias TableLookup = ClinicalCatalogueTests.TableLookup

    static let allowed: Set<String> = [
        // the command line and its machine words
        "cotside", "calc", "json", "batch", "list", "help", "true", "false", "jsonl", "stdin", "yyyy",
        // units and published names
        "bpm", "mmhg", "mmol", "feu", "gfap", "fast", "gcs", "nice", "intergrowth", "holliday", "segar", "who",
        // what the bad calls type
        "abc", "maybe", "someday", "zzz", "bogus", "bmi",
    ]

    /// Words of three or more ASCII letters, lower-cased (as UntranslatedWordsScreenTests reads a screen).
    static func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }.filter { $0.count >= 3 }
    }

    /// The words the call itself names: tool ids, input keys (split at `_`), drug, route and strength ids.
    static func machineWords() -> Set<String> {
        var names = ToolRegistry.all.flatMap { [$0.spec.id] + $0.spec.inputs.map(\.key) }
        for tool in ToolRegistry.all {
            for input in tool.spec.inputs { if case .word(let words) = input.kind { names += words } }
        }
        return Set(names.flatMap(words))
    }

    /// The drug table's band labels ("neonate, GA under 30 weeks, PNA 0–14 days") are the drug
    /// table's own wording, translated with the dose sentence (not by the input side), so they
    /// are taken out of a message before its words are read.
    static func withoutBandLabels(_ text: String) throws -> String {
        let table = try DrugFormulary.shared.get()
        let labels = table.drugs.flatMap { $0.regimens.flatMap { $0.bands.map(\.label) } }.sorted { $0.count > $1.count }
        return labels.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
    }

    func testEveryBadInputOfEveryToolReadsInEachLanguageWithoutEnglish() throws {
        let english = Set(try ClinicalCatalogueTests.catalogue("en").values.flatMap(Self.words))
        let machine = Self.machineWords()
        let calls = try BadCalls.all()
        XCTAssertGreaterThan(calls.count, 200, "every tool's bad inputs were made")
        var leaks: [String] = []
        for code in ["de", "fr", "es", "pt-BR", "zh-Hans"] {
            let table = try ClinicalCatalogueTests.catalogue(code)
            let own = Set(table.values.flatMap(Self.words))
            for call in calls {
                let outcome = CalcCLI.run(call.arguments, wording: TableLookup(table: table))
                XCTAssertEqual(outcome.exitCode, 2, "\(code) \(call.why): \(outcome.stderr)")
                XCTAssertTrue(outcome.stdout.isEmpty, "\(code) \(call.why) writes nothing to stdout")
                let left = Set(Self.words(try Self.withoutBandLabels(outcome.stderr))).filter {
                    english.contains($0) && !own.contains($0) && !Self.allowed.contains($0) && !machine.contains($0)
                }
                if !left.isEmpty { leaks.append("\(code) \(call.why): \(left.sorted().joined(separator: ", ")) — \(outcome.stderr)") }
            }
        }
        XCTAssertEqual(leaks, [], "English words in a translated error:\n" + leaks.joined(separator: "\n"))
    }

    /// The German of two messages the issue quotes, and that `--json` keeps the contract's English.
    func testGermanNamesTheProblemAndJSONStaysEnglish() throws {
        let german = TableLookup(table: try ClinicalCatalogueTests.catalogue("de"))
        let bsa = CalcCLI.run(["bsa", "height_cm=abc", "weight_kg=3"], wording: german)
        XCTAssertEqual(bsa.stderr, "cotside calc bsa: height_cm: ‚abc‘ ist keine Zahl; height_cm erlaubt 10–250 cm\n")
        let bilirubin = CalcCLI.run(["bilirubin", "age_hours=48"], wording: german)
        XCTAssertTrue(bilirubin.stderr.contains("gestational_age_weeks: gestational_age_weeks ist erforderlich (22–44 Wochen)"),
                      bilirubin.stderr)
        let weight = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=0,05"], wording: german)
        XCTAssertTrue(weight.stderr.contains("weight_kg: 0,05 kg liegt außerhalb von 0,1–300 kg"), weight.stderr)
        let json = CalcCLI.run(["bsa", "height_cm=abc", "weight_kg=3", "--json"], wording: german)
        XCTAssertEqual(json.stdout, CalcCLI.run(["bsa", "height_cm=abc", "weight_kg=3", "--json"]).stdout)
        XCTAssertTrue(json.stdout.contains(#""message":"‘abc’ is not a number; height_cm takes 10–250 cm""#), json.stdout)
    }

    /// `--help` gives ranges with the language's unit words and decimal mark.
    func testHelpRangesUseTheLanguagesUnitWordsAndDecimalMark() throws {
        let german = TableLookup(table: try ClinicalCatalogueTests.catalogue("de"))
        let help = TextRenderer.help(BilirubinTool.spec, wording: german)
        XCTAssertTrue(help.contains("22–44 Wochen"), help)
        XCTAssertTrue(help.contains("1–336 Stunden"), help)
        XCTAssertTrue(help.contains("0,1–50 mg/dL"), help)
        XCTAssertFalse(help.contains("44 weeks"), help)
        let chinese = TableLookup(table: try ClinicalCatalogueTests.catalogue("zh-Hans"))
        XCTAssertTrue(TextRenderer.help(BilirubinTool.spec, wording: chinese).contains("22–44 周"))
    }

    /// A decimal comma is read as the decimal mark on the command line, as in the Tools forms:
    /// each key=value argument holds one value, so a comma cannot split a list there.
    func testACommaIsTheDecimalMarkOfATypedNumber() {
        let comma = CalcCLI.run(["bsa", "height_cm=110,5", "weight_kg=19", "--json"])
        let point = CalcCLI.run(["bsa", "height_cm=110.5", "weight_kg=19", "--json"])
        XCTAssertEqual(comma.exitCode, 0, comma.stdout)
        XCTAssertEqual(comma.stdout, point.stdout)
        XCTAssertEqual(NumberText.parse(" 36,8 "), 36.8)
        XCTAssertEqual(NumberText.parse("1,5,0"), nil, "two commas are not a number")
        XCTAssertEqual(NumberText.parse("1.000,5"), nil, "no digit grouping")
        let both = CalcCLI.run(["bsa", "height_cm=1.000,5", "weight_kg=19"])
        XCTAssertEqual(both.exitCode, 2)
        XCTAssertTrue(both.stderr.contains("‘1.000,5’ is not a number"), both.stderr)
    }
}
