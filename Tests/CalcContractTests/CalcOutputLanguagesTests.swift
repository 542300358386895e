import XCTest
import Foundation
@testable import CalcContract
import Clinical
import TerminalUI

/// `cotside calc TOOL …` text reads wholly in the chosen language (issue 20): every tool's worked
/// examples (CalculatorDocsTests' samples and ClinicalCatalogueTests' extra ones) rendered in every
/// non-English catalogue show no English word, numbers carry the language's decimal mark, Chinese
/// labels line up by display width, and `--json` stays exactly as it was.
final class CalcOutputLanguagesTests: XCTestCase {
    /// Words that are not "English left behind": units and abbreviations as clinicians write
    /// them in every language, scale and tool names, drug names (international non-proprietary
    /// names, as the table spells them) and the growth standards' own names.
    static let allowed: Set<String> = [
        // Units and abbreviations.
        "mmhg", "mmol", "umol", "bpm", "kcal", "iv", "im", "po", "prn", "fr", "sd", "tsb", "ga", "pna", "pma", "max",
        "egfr", "qtc", "qt", "rr", "bsa", "fena", "gfr", "ett", "id", "spo", "fio", "pao", "inr", "gfap", "logit",
        "pews", "flacc", "pram", "gcs", "apgar", "ballard", "pecarn", "phoenix", "fast", "lvo", "ich", "igfap",
        "nihss", "aap", "who", "nice", "msf", "bnf", "bnfc", "bts", "sign", "eds", "ng", "cg", "adh", "min", "mol",
        // Named methods and standards.
        "bazett", "mosteller", "schwartz", "holliday", "segar", "intergrowth", "lms", "brighton",
        // Drug names (the table's ids and names) and what they are named after.
        "paracetamol", "ibuprofen", "amoxicillin", "clavulanate", "ampicillin", "gentamicin", "benzylpenicillin",
        "cefotaxime", "caffeine", "citrate", "morphine", "ondansetron", "salbutamol", "dexamethasone", "prednisolone",
        "azithromycin", "cefalexin", "phytomenadione", "amoxiclav", "albuterol", "phytonadione", "penicillin",
    ]

    /// Titles of publications and organisations, which stay as published in every language.
    static let publishedTitles: [String] = [
        "BNF for Children", "MSF Essential drugs", "Summary of Product Characteristics", "Neonatal Drug Therapy Manual",
        "Children's Hospital of Eastern Ontario antimicrobial handbook (Spectrum)", "CHEO/The Ottawa Hospital",
        "Queensland Clinical Guidelines", "NMedQ20.013-V3-R25", "RCH/PIPER Neonatal Medication Guidelines", "Starship Newborn Services",
        "UCSF Benioff Children's Hospitals, Antimicrobial Dosing Guideline for Neonates < 45 weeks PMA",
        "Hamilton Health Sciences Pediatric Drug Dosing Reference", "BC Children's Hospital pediatric drug dosing",
        "NPS MedicineWise / Australian Medicines Handbook", "College of Midwives of British Columbia drug reference",
        "BTS/SIGN British guideline on the management of asthma", "Therapeutic Guidelines (eTG complete)",
        "Geelhoed & Macdonald, Pediatr Pulmonol 1995;20:362-8", "openFDA", "Cafcit", "pedmed.org",
        "drvictorgmp.blogspot.com", "HPA", "NICE NG29", "NICE CG98", "Jaundice in newborn babies under 28 days",
        "WHO Child Growth Standards", "INTERGROWTH-21st", "Pediatrics",
    ]

    static func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }.filter { $0.count >= 3 }
    }

    /// A catalogue as it ships, without English fallback: a key it lacks shows the English and is caught.
    struct TableLookup: ClinicalLookup {
        let table: [String: String]
        func template(for key: String) -> String? { table[key] }
    }

    static func languages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ClinicalCatalogueTests.directory.path)
            .filter { $0.hasSuffix(".json") && $0 != "en.json" }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Every worked example: tool, its raw inputs as the call gave them, and its JSON call.
    static func examples() throws -> [(tool: any ClinicalTool.Type, raw: [String: RawValue], call: String)] {
        var out: [(any ClinicalTool.Type, [String: RawValue], String)] = []
        for tool in ToolRegistry.all {
            let calls = (CalculatorDocsTests.samples[tool.spec.id] ?? []) + (ClinicalCatalogueTests.extraSamples[tool.spec.id] ?? [])
            for call in calls {
                let object = try FlatJSONReader.read(call).get()
                var raw: [String: RawValue] = [:]
                for member in object.members where member.key != "tool" { raw[member.key] = member.value }
                out.append((tool, raw, call))
            }
        }
        return out
    }

    /// English words in `text` that the language should have worded: words of en.json (or, in
    /// Chinese, any Latin word) that the language's own catalogue never writes and that are not
    /// allowed. Publication titles are taken out first: they stay as published.
    static func englishWords(in text: String, language: String, english: Set<String>, own: Set<String>) -> Set<String> {
        var text = text
        for title in publishedTitles { text = text.replacingOccurrences(of: title, with: " ") }
        return Set(words(text).filter { word in
            guard !allowed.contains(word) else { return false }
            // Chinese writes no Latin words of its own: every one left is English.
            if language == "zh-Hans" { return true }
            return english.contains(word) && !own.contains(word)
        })
    }

    static func catalogueWords(_ table: [String: String]) -> Set<String> {
        Set(table.values.flatMap(words))
    }

    func testEveryToolsWorkedExamplesReadInEveryLanguage() throws {
        let english = Self.catalogueWords(try ClinicalCatalogueTests.catalogue("en"))
        let examples = try Self.examples()
        XCTAssertGreaterThan(examples.count, 60, "the worked examples were found")
        var found: [String: Set<String>] = [:]
        for code in try Self.languages() {
            let table = try ClinicalCatalogueTests.catalogue(code)
            let own = Self.catalogueWords(table)
            let lookup = TableLookup(table: table)
            for (tool, raw, call) in examples {
                guard case .success(let result) = tool.run(raw, origin: .json) else { XCTFail("\(call) failed"); continue }
                var text = TextRenderer.result(result, spec: tool.spec, inputs: raw, wording: lookup)
                // The references are cited as published (authors, titles, journals).
                for reference in tool.spec.references { text = text.replacingOccurrences(of: reference.citation, with: " ") }
                let leaks = Self.englishWords(in: text, language: code, english: english, own: own)
                if !leaks.isEmpty { found["\(code) \(tool.spec.id)", default: []].formUnion(leaks) }
            }
        }
        let report = found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        XCTAssertEqual(report, [], "English words in calc text:\n" + report.joined(separator: "\n"))
    }

    /// Every wording of the drug table (names, strengths, bands, frequencies, sources) reads in
    /// every language, not only the bands the worked examples reach.
    func testEveryDrugTableWordingReadsInEveryLanguage() throws {
        let english = Self.catalogueWords(try ClinicalCatalogueTests.catalogue("en"))
        let texts = try DrugFormulary.shared.get().wordingTexts
        XCTAssertGreaterThan(texts.count, 100, "the table's wordings were found")
        var found: [String: Set<String>] = [:]
        for code in try Self.languages() {
            let table = try ClinicalCatalogueTests.catalogue(code)
            let own = Self.catalogueWords(table)
            for text in texts {
                let leaks = Self.englishWords(in: text.resolved(TableLookup(table: table)), language: code, english: english, own: own)
                if !leaks.isEmpty { found["\(code) \(text.key)", default: []].formUnion(leaks) }
            }
        }
        let report = found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        XCTAssertEqual(report, [], "English words in the drug table's wording:\n" + report.joined(separator: "\n"))
    }

    // MARK: - JSON stays as it was

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/calc-json-examples.tsv")

    /// Each worked example's JSON answer (call, tab, answer), as `cotside calc --batch` gave it
    /// before the calculators' wording moved into the catalogues: the machine interface keeps
    /// its English sentences, words and numbers byte for byte.
    func testJSONAnswersAreUnchangedByTheLanguageWork() throws {
        var golden: [String: String] = [:]
        for line in try String(contentsOf: Self.goldenURL, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            golden[parts[0]] = parts[1]
        }
        let examples = try Self.examples()
        XCTAssertEqual(Set(examples.map(\.call)).count, golden.count, "every worked example has its recorded answer")
        for example in examples {
            XCTAssertEqual(CalcEvaluator.answer(line: example.call).json, golden[example.call], example.call)
        }
    }

    func testJSONIsTheSameInEveryLanguage() throws {
        let arguments = ["bilirubin", "gestational_age_weeks=38", "age_hours=48.5", "tsb_mg_dl=14.5", "--json"]
        let plain = CalcCLI.run(arguments)
        XCTAssertTrue(plain.stdout.contains(#""phototherapy_threshold_mg_dl":"#), plain.stdout)
        for code in try Self.languages() {
            let lookup = TableLookup(table: try ClinicalCatalogueTests.catalogue(code))
            XCTAssertEqual(CalcCLI.run(arguments, wording: lookup), plain, code)
        }
    }

    // MARK: - Numbers and columns

    func testNumbersInTextUseTheLanguagesDecimalMark() throws {
        let german = TableLookup(table: try ClinicalCatalogueTests.catalogue("de"))
        let bsa = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19"], wording: german).stdout
        XCTAssertTrue(bsa.contains("0,7619 m²"), bsa)
        XCTAssertFalse(bsa.contains("0.76"), bsa)
        let bilirubin = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48.5", "tsb_mg_dl=14.5"], wording: german).stdout
        XCTAssertTrue(bilirubin.contains("14,5 mg/dl") || bilirubin.contains("14,5 mg/dL"), bilirubin)
        XCTAssertTrue(bilirubin.contains("48,5 h"), bilirubin)
        XCTAssertFalse(bilirubin.contains("48.5"), bilirubin)
        let dosage = CalcCLI.run(["dosage", "drug=paracetamol", "weight_kg=12.5", "route=oral"], wording: german).stdout
        XCTAssertTrue(dosage.contains("187,5 mg"), dosage)
        XCTAssertFalse(dosage.contains("187.5"), dosage)
        // English and JSON keep the point.
        XCTAssertTrue(CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19"]).stdout.contains("0.7619 m²"))
        XCTAssertTrue(CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--json"], wording: german).stdout.contains(#""bsa_m2":0.76"#))
    }

    /// The label column is padded by display width, so the values of a Chinese result start in
    /// one column (a Chinese character takes two cells).
    func testChineseLabelsLineUpByDisplayWidth() throws {
        let chinese = TableLookup(table: try ClinicalCatalogueTests.catalogue("zh-Hans"))
        let text = CalcCLI.run(["bp", "sex=male", "age_years=8", "height_cm=128", "systolic_mmhg=118", "diastolic_mmhg=70"],
                               wording: chinese).stdout
        // Field lines: two spaces, the label, at least two spaces, the value.
        let rows = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.contains("  ") }
        let starts = Set(rows.compactMap { row -> Int? in
            let body = row.dropFirst(2)
            guard let gap = body.range(of: "  ") else { return nil }
            let valueStart = body[gap.upperBound...].drop { $0 == " " }
            return TextWidth.columns(of: String(row.prefix(row.count - valueStart.count)))
        })
        XCTAssertGreaterThan(rows.count, 8, text)
        XCTAssertEqual(starts.count, 1, "values start in one column:\n\(text)")
    }
}
