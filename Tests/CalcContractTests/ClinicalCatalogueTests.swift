import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// The clinical module's texts are worded in the catalogues (Resources/l10n), looked up by keys
/// derived from the contract's machine keys. Every key a tool can show must be in en.json with
/// the declaration's English (the source en.json is generated from), and every catalogue that
/// translates it must keep its placeholders. `COTSIDE_UPDATE_L10N=1 swift test --filter
/// ClinicalCatalogueTests` writes missing or changed English into en.json at its sorted place.
final class ClinicalCatalogueTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/l10n").standardizedFileURL

    /// Every text of every tool: declarations (stroke modules too), result labels, the `calc`
    /// words, and what the sample calls bring out (category wording, sentences, warnings).
    static func allTexts() throws -> [ClinicalText] {
        var texts: [ClinicalText] = []
        let specs = ToolRegistry.all.map { $0.spec } + StrokeModule.allCases.map(StrokeTriage.spec(for:))
        for spec in specs { texts += spec.declarationTexts }
        texts += OutputLabel.declaredTexts + TextRenderer.wordTexts + [StrokeTriage.researchText, BilirubinTool.filledHourWarning] + ResultWording.declaredTexts
        texts += try DrugFormulary.shared.get().wordingTexts
        // The input side: ranges, unit words, every validation message (shared, the call's own,
        // and what each tool's bad calls bring out), the usage, "not for this patient", risk bands.
        texts += (InputErrorText.declaredTexts + CallErrorText.declaredTexts + (try BadCalls.errorTexts())).flatMap(flattened)
        texts += [CalcCLI.usageText] + PatientRule.declaredTexts + StrokeRiskBand.allCases.map(\.text)
        for (spec, result) in try sampleResults() {
            texts += result.categories.map { spec.categoryText($0) }
            texts += flattened(result.interpretationText)
            for warning in result.warningTexts { texts += flattened(warning) }
        }
        return texts
    }

    /// A text and the texts among its arguments.
    static func flattened(_ text: ClinicalText) -> [ClinicalText] {
        [text] + text.args.flatMap { argument -> [ClinicalText] in
            if case .text(let inner) = argument { return flattened(inner) }
            return []
        }
    }

    /// Calls that bring out wording the documentation's samples do not: every ICH volume and
    /// mortality band, an LVO above the threshold, a PEWS urgent for one component alone, each
    /// band of the sentences that have their own wording.
    static let extraSamples: [String: [String]] = [
        "ich_volume": [20, 100, 300, 1000, 3000, 6250, 10000].map { #"{"tool":"ich_volume","gfap_pg_ml":\#($0)}"# },
        "lvo": [#"{"tool":"lvo","gfap_pg_ml":500,"fast_ed":9}"#],
        "pews": [#"{"tool":"pews","behavior":3,"cardiovascular":0,"respiratory":0}"#],
        "phoenix": [#"{"tool":"phoenix","age_months":48,"suspected_infection":true}"#],
        "fast_ed": [#"{"tool":"fast_ed","facial_palsy":1,"arm_weakness":2,"speech_changes":2,"eye_deviation":2,"denial_neglect":2}"#,
                    #"{"tool":"fast_ed","facial_palsy":0,"arm_weakness":0,"speech_changes":0,"eye_deviation":0,"denial_neglect":0}"#],
        "qtc": [#"{"tool":"qtc","qt_ms":400,"rr_ms":1000}"#, #"{"tool":"qtc","qt_ms":450,"rr_ms":1000}"#, #"{"tool":"qtc","qt_ms":500,"rr_ms":1000}"#],
        "fena": [#"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":100,"plasma_cr":1.2}"#,
                 #"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":12,"plasma_cr":1.2}"#,
                 #"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":5,"plasma_cr":1.2}"#],
        "gfr": [#"{"tool":"gfr","height_cm":150,"creatinine_mg_dl":0.2}"#],
        "ballard": [#"{"tool":"ballard","posture":0,"square_window":-1,"arm_recoil":0,"popliteal_angle":-1,"scarf_sign":-1,"heel_to_ear":-1,"skin":-1,"lanugo":-1,"plantar_surface":-2,"breast":-1,"eye_ear":-2,"genitals":-1}"#],
        "corrected_age": [#"{"tool":"corrected_age","birth_date":"2026-11-01","gestational_age_weeks":28,"as_of":"2026-11-21"}"#,
                          #"{"tool":"corrected_age","birth_date":"2020-01-01","gestational_age_weeks":30,"as_of":"2026-11-21"}"#,
                          #"{"tool":"corrected_age","birth_date":"2026-11-01","gestational_age_weeks":40,"as_of":"2026-11-21"}"#],
        "ett": [#"{"tool":"ett","age_years":6}"#, #"{"tool":"ett","weight_kg":2}"#],
        "dehydration": [#"{"tool":"dehydration","weight_kg":10,"percent":12}"#],
        "bilirubin": [#"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48.5,"tsb_mg_dl":14.5,"neurotoxicity_risk_factors":true}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":41,"age_hours":24,"tsb_mg_dl":10}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48,"tsb_mg_dl":15}"#],
        "bp": [#"{"tool":"bp","sex":"female","age_years":5,"height_cm":60,"systolic_mmhg":80,"diastolic_mmhg":85}"#,
               #"{"tool":"bp","sex":"male","age_years":8,"height_cm":128,"systolic_mmhg":118,"diastolic_mmhg":70}"#,
               #"{"tool":"bp","sex":"male","age_years":8,"height_cm":130,"systolic_mmhg":140,"diastolic_mmhg":70}"#],
        "growth": [#"{"tool":"growth","sex":"female","age_days":100,"weight_kg":5.5}"#,
                   #"{"tool":"growth","sex":"male","age_days":20,"weight_kg":1.8,"gestational_age_weeks":30}"#,
                   #"{"tool":"growth","sex":"male","age_days":70,"weight_kg":3.5,"gestational_age_weeks":30}"#,
                   #"{"tool":"growth","sex":"male","age_days":100,"weight_kg":15}"#,
                   #"{"tool":"growth","sex":"female","age_days":100,"length_cm":90}"#],
        "dosage": [#"{"tool":"dosage","drug":"paracetamol","weight_kg":12,"route":"oral"}"#,
                   #"{"tool":"dosage","drug":"paracetamol","weight_kg":12.5,"route":"oral"}"#,
                   #"{"tool":"dosage","drug":"ibuprofen","weight_kg":120}"#,
                   #"{"tool":"dosage","drug":"paracetamol","weight_kg":12,"route":"iv","age_days":400}"#,
                   #"{"tool":"dosage","drug":"morphine","weight_kg":8,"route":"iv","age_days":100}"#],
        "ivfluid": [#"{"tool":"ivfluid","weight_kg":16.4,"age_days":1000}"#,
                    #"{"tool":"ivfluid","weight_kg":80,"age_days":5000}"#],
    ]

    /// Each sample call of CalculatorDocsTests (and `extraSamples`) run through its tool.
    static func sampleResults() throws -> [(ToolSpec, ToolResult)] {
        var out: [(ToolSpec, ToolResult)] = []
        for tool in ToolRegistry.all {
            for call in (CalculatorDocsTests.samples[tool.spec.id] ?? []) + (extraSamples[tool.spec.id] ?? []) {
                let object = try FlatJSONReader.read(call).get()
                var raw: [String: RawValue] = [:]
                for member in object.members where member.key != "tool" { raw[member.key] = member.value }
                if case .success(let result) = tool.run(raw, origin: .json) { out.append((tool.spec, result)) }
            }
        }
        return out
    }

    static func catalogue(_ code: String) throws -> [String: String] {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(code).json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    static func placeholders(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found.sorted()
    }

    func testEveryToolTextIsInEnglishWithTheDeclarationsWording() throws {
        let texts = try Self.allTexts()
        var wanted: [String: String] = [:]
        var conflicts: [String] = []
        for text in texts {
            if let other = wanted[text.key], other != text.english { conflicts.append("\(text.key): ‘\(other)’ or ‘\(text.english)’") }
            wanted[text.key] = text.english
        }
        XCTAssertEqual(conflicts, [], "one key, two English wordings: give one of them its own key")
        XCTAssertGreaterThan(wanted.count, 400, "the tools' texts were found")
        let english = try Self.catalogue("en")
        let wrong = wanted.keys.sorted().filter { english[$0] != wanted[$0] }
        if ProcessInfo.processInfo.environment["COTSIDE_UPDATE_L10N"] == "1", !wrong.isEmpty {
            try Self.writeEnglish(wrong.map { ($0, wanted[$0]!) })
            return
        }
        XCTAssertEqual(wrong.map { "\($0): en.json has ‘\(english[$0] ?? "nothing")’, the tool says ‘\(wanted[$0]!)’" }, [],
                       "en.json must hold every tool text as the tool declares it (COTSIDE_UPDATE_L10N=1 writes them)")
    }

    func testToolTextsKeepTheirPlaceholdersInEveryCatalogue() throws {
        let keys = Set(try Self.allTexts().map(\.key))
        let english = try Self.catalogue("en")
        let codes = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") && $0 != "en.json" }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertFalse(codes.isEmpty)
        for code in codes {
            let table = try Self.catalogue(code)
            for key in keys.sorted() {
                guard let translated = table[key], let source = english[key] else { continue }
                XCTAssertEqual(Self.placeholders(translated), Self.placeholders(source), "\(code).json \(key): ‘\(translated)’")
            }
        }
    }

    func testKeysDeriveFromTheContractsMachineKeys() {
        let spec = GcsTool.spec
        let eye = spec.input("eye")!
        XCTAssertEqual(spec.labelText(eye).key, "calc.gcs.input.eye")
        XCTAssertEqual(spec.optionText(eye, ChoiceOption(4, "")).key, "calc.gcs.option.eye.4")
        let verbal = spec.input("verbal")!
        XCTAssertEqual(spec.optionText(verbal, ChoiceOption(5, ""), wording: verbal.optionWording).key, "calc.gcs.option.verbal.under_5.5")
        XCTAssertEqual(spec.categoryText(ResultCategory(key: "severity", word: "mild", label: "Mild", severity: .ok)).key,
                       "calc.gcs.category.mild")
        XCTAssertEqual(OutputLabel.text("score", tool: "gcs").key, "calc.output.score")
    }

    /// A catalogue read as a plain table (the app's Localizer does the same, with English fallback).
    struct TableLookup: ClinicalLookup {
        let table: [String: String]
        func template(for key: String) -> String? { table[key] }
    }

    func testCalcTextReadsInTheCataloguesLanguage() throws {
        let german = TableLookup(table: try Self.catalogue("de"))
        let help = TextRenderer.help(PramTool.spec, wording: german)
        XCTAssertTrue(help.hasPrefix("pram: PRAM (Asthma)\n"), help)
        XCTAssertTrue(help.contains("Eingaben:"), help)
        XCTAssertTrue(help.contains("Suprasternale Einziehungen"), help)
        XCTAssertTrue(help.contains("Fehlend"), help)
        XCTAssertFalse(help.contains("Suprasternal retractions"), help)
        let chinese = TableLookup(table: try Self.catalogue("zh-Hans"))
        let raw: [String: RawValue] = ["appearance": .number(2), "pulse": .number(2), "grimace": .number(1),
                                       "activity": .number(2), "respiration": .number(2)]
        let result = try ApgarTool.run(raw, origin: .json).get()
        let text = TextRenderer.result(result, spec: ApgarTool.spec, inputs: raw, wording: chinese)
        XCTAssertTrue(text.contains("APGAR 9：正常（7–10）。"), text)
        XCTAssertTrue(text.contains("心率 2: ≥ 100 次/分"), text)
        XCTAssertTrue(text.contains("9 分"), text)
        XCTAssertTrue(TextRenderer.result(result, spec: ApgarTool.spec).contains("APGAR 9: reassuring (7–10)."))
    }

    /// Inserts (or replaces) keys at their sorted place, one key per line, as /work/notes/addkeys.py does.
    static func writeEnglish(_ entries: [(String, String)]) throws {
        let url = directory.appendingPathComponent("en.json")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        var pairs: [(String, String)] = try lines.dropFirst().dropLast().map { line in
            let body = line.hasSuffix(",") ? String(line.dropLast()) : line
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data("{\(body)}".utf8)) as? [String: String])
            return object.first!
        }
        for (key, value) in entries {
            if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value; continue }
            let index = pairs.firstIndex { $0.0 > key } ?? pairs.count
            pairs.insert((key, value), at: index)
        }
        func quoted(_ text: String) throws -> String {
            let data = try JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        let body = try pairs.enumerated().map { index, pair in
            " \(try quoted(pair.0)): \(try quoted(pair.1))" + (index < pairs.count - 1 ? "," : "")
        }
        try (["{"] + body + ["}"]).joined(separator: "\n").appending("\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
