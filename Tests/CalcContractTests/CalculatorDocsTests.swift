import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// Keeps docs/calculators.md true to the code: its tool table must list every registered tool
/// with the inputs it declares (`?` on optional ones, the valid range of each number) and
/// exactly the result keys the tool returns, category words included. Scripts are written
/// from that table, so a key added or renamed in a tool without the table fails here.
final class CalculatorDocsTests: XCTestCase {
    /// Valid calls that together bring out every result key and every category word of every
    /// tool (ett by age and by weight, bp under and from 13, each band of each score...).
    static let samples: [String: [String]] = [
        "apgar": [#"{"tool":"apgar","appearance":2,"pulse":2,"grimace":1,"activity":2,"respiration":2}"#,
                  #"{"tool":"apgar","appearance":1,"pulse":1,"grimace":1,"activity":1,"respiration":1}"#,
                  #"{"tool":"apgar","appearance":0,"pulse":0,"grimace":0,"activity":0,"respiration":0}"#],
        "ballard": [#"{"tool":"ballard","posture":3,"square_window":3,"arm_recoil":3,"popliteal_angle":3,"scarf_sign":2,"heel_to_ear":3,"skin":3,"lanugo":3,"plantar_surface":3,"breast":3,"eye_ear":3,"genitals":3}"#],
        "pews": [#"{"tool":"pews","behavior":1,"cardiovascular":1,"respiratory":1,"nebulizer_every_15min":false}"#,
                 #"{"tool":"pews","behavior":0,"cardiovascular":0,"respiratory":0}"#,
                 #"{"tool":"pews","behavior":1,"cardiovascular":1,"respiratory":1,"nebulizer_every_15min":true}"#],
        "flacc": [#"{"tool":"flacc","face":1,"legs":1,"activity":0,"cry":1,"consolability":1}"#,
                  #"{"tool":"flacc","face":0,"legs":0,"activity":0,"cry":0,"consolability":0}"#,
                  #"{"tool":"flacc","face":1,"legs":0,"activity":0,"cry":0,"consolability":0}"#,
                  #"{"tool":"flacc","face":2,"legs":2,"activity":2,"cry":2,"consolability":2}"#],
        "gcs": [#"{"tool":"gcs","eye":4,"verbal":4,"motor":6,"age_years":3}"#,
                #"{"tool":"gcs","eye":3,"verbal":3,"motor":4}"#, #"{"tool":"gcs","eye":1,"verbal":1,"motor":1}"#],
        "pram": [#"{"tool":"pram","suprasternal_retractions":2,"scalene_retractions":0,"wheezing":2,"air_entry":1,"spo2_percent":93}"#,
                 #"{"tool":"pram","suprasternal_retractions":0,"scalene_retractions":0,"wheezing":0,"air_entry":0,"spo2_percent":97}"#,
                 #"{"tool":"pram","suprasternal_retractions":2,"scalene_retractions":2,"wheezing":3,"air_entry":3,"spo2_percent":90}"#],
        "pecarn": [#"{"tool":"pecarn","age_months":18,"gcs":15,"non_frontal_scalp_hematoma":true}"#,
                   #"{"tool":"pecarn","age_months":30,"gcs":15}"#, #"{"tool":"pecarn","age_months":30,"gcs":14}"#],
        "phoenix": [#"{"tool":"phoenix","age_months":48,"suspected_infection":true,"sf_ratio":200,"on_respiratory_support":true,"vasoactive_count":1,"lactate_mmol_l":6}"#,
                    #"{"tool":"phoenix","age_months":48,"suspected_infection":true,"sf_ratio":200,"on_respiratory_support":true,"platelets_k_ul":50}"#,
                    #"{"tool":"phoenix","age_months":48}"#],
        "dosage": [#"{"tool":"dosage","drug":"paracetamol","weight_kg":16,"concentration":"120mg_5ml"}"#,
                   #"{"tool":"dosage","drug":"ibuprofen","weight_kg":50}"#,
                   #"{"tool":"dosage","drug":"gentamicin","weight_kg":1.2,"age_days":3,"gestational_age_weeks":29}"#],
        "ivfluid": [#"{"tool":"ivfluid","weight_kg":24,"age_days":2000}"#],
        "bsa": [#"{"tool":"bsa","height_cm":110,"weight_kg":19}"#],
        "corrected_age": [#"{"tool":"corrected_age","birth_date":"2026-09-01","gestational_age_weeks":30,"gestational_age_days":2,"as_of":"2026-11-21"}"#],
        "growth": [#"{"tool":"growth","sex":"female","age_months":6,"weight_kg":7.2,"length_cm":66}"#,
                   #"{"tool":"growth","sex":"male","age_days":3,"weight_kg":1.4,"gestational_age_weeks":31}"#,
                   #"{"tool":"growth","sex":"female","age_days":300,"weight_kg":8,"gestational_age_weeks":30}"#],
        "dehydration": [#"{"tool":"dehydration","weight_kg":12,"percent":5}"#],
        "fena": [#"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":80,"plasma_cr":1.2}"#,
                 #"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":12,"plasma_cr":1.2}"#,
                 #"{"tool":"fena","urine_na":20,"plasma_na":135,"urine_cr":5,"plasma_cr":1.2}"#],
        "ett": [#"{"tool":"ett","age_years":6}"#, #"{"tool":"ett","weight_kg":2.4}"#],
        "gfr": [#"{"tool":"gfr","height_cm":120,"creatinine_umol_l":50}"#],
        "qtc": [#"{"tool":"qtc","qt_ms":380,"heart_rate_bpm":100}"#, #"{"tool":"qtc","qt_ms":380,"heart_rate_bpm":60}"#,
                #"{"tool":"qtc","qt_ms":450,"rr_ms":1000}"#],
        "bp": [#"{"tool":"bp","sex":"male","age_years":8,"height_cm":130,"systolic_mmhg":112,"diastolic_mmhg":70}"#,
               #"{"tool":"bp","sex":"female","age_years":15,"height_cm":160,"systolic_mmhg":125,"diastolic_mmhg":75}"#,
               #"{"tool":"bp","sex":"male","age_years":8,"height_cm":130,"systolic_mmhg":95,"diastolic_mmhg":55}"#,
               #"{"tool":"bp","sex":"male","age_years":8,"height_cm":130,"systolic_mmhg":118,"diastolic_mmhg":60}"#,
               #"{"tool":"bp","sex":"male","age_years":8,"height_cm":130,"systolic_mmhg":118,"diastolic_mmhg":90}"#],
        "bilirubin": [#"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48,"tsb_mg_dl":14,"neurotoxicity_risk_factors":false}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48,"tsb_umol_l":290}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48,"tsb_umol_l":380}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":38,"age_hours":48,"tsb_mg_dl":25}"#,
                      #"{"tool":"bilirubin","gestational_age_weeks":33,"age_hours":48,"tsb_umol_l":200}"#],
        "fast_ed": [#"{"tool":"fast_ed","facial_palsy":1,"arm_weakness":2,"speech_changes":1,"eye_deviation":1,"denial_neglect":0}"#],
        "ich_volume": [50, 500, 1000, 5000, 6300, 9000].map { #"{"tool":"ich_volume","gfap_pg_ml":\#($0)}"# },
        "lvo": [#"{"tool":"lvo","gfap_pg_ml":500,"fast_ed":5}"#],
    ]

    func testEveryRegisteredToolIsDocumentedInRegistryOrder() throws {
        let table = try Self.toolTable()
        XCTAssertEqual(table.map(\.id), ToolRegistry.ids,
                       "docs/calculators.md's tool table should list exactly the registered tools, in registry order")
    }

    func testDocumentedInputsAreTheDeclaredInputs() throws {
        let table = try Self.toolTable()
        for tool in ToolRegistry.all {
            let spec = tool.spec
            guard let row = table.first(where: { $0.id == spec.id }) else { continue }
            let spans = Self.codeSpans(row.inputs)
            let documented = spans.map { $0.hasSuffix("?") ? String($0.dropLast()) : $0 }
            let declared = spec.inputs.map(\.key)
            XCTAssertEqual(Set(documented).subtracting(declared).sorted(), [],
                           "\(spec.id): documented inputs the tool does not declare")
            XCTAssertEqual(Set(declared).subtracting(documented).sorted(), [],
                           "\(spec.id): declared inputs missing from the table")
            for input in spec.inputs {
                guard let first = spans.firstIndex(where: { $0 == input.key || $0 == input.key + "?" }) else { continue }
                // `?` marks an input that may be left out; yes/no findings default to no instead.
                let optional = !input.isRequired && input.kind != .boolean
                XCTAssertEqual(spans[first].hasSuffix("?"), optional,
                               "\(spec.id).\(input.key) should be written `\(input.key)\(optional ? "?" : "")` where the table first names it")
                if let range = input.range, input.kind == .number || input.kind == .integer {
                    let text = Self.textAfter(spans[first], in: row.inputs)
                    let allowed = "\(NumberText.plain(range.lowerBound))–\(NumberText.plain(range.upperBound))"
                    XCTAssertTrue(text.contains(allowed),
                                  "\(spec.id).\(input.key): the table should give the valid range \(allowed) after the key, not ‘\(text)’")
                }
            }
        }
    }

    func testDocumentedResultKeysAreTheKeysToolsReturn() throws {
        let table = try Self.toolTable()
        let results = try Self.sampleResults()
        for tool in ToolRegistry.all {
            let id = tool.spec.id
            guard let row = table.first(where: { $0.id == id }) else { continue }
            guard let answers = results[id], !answers.isEmpty else {
                XCTFail("\(id): add a valid sample call to CalculatorDocsTests.samples")
                continue
            }
            var returned = Set<String>()
            var words = Set<String>()
            for result in answers {
                XCTAssertNotNil(result[CalcAnswer.sentenceKey] as? String, "\(id): every result carries its sentence")
                Self.collect(result, keys: &returned, words: &words)
            }
            let documented = Set(Self.codeSpans(row.results))
            XCTAssertEqual(documented.subtracting(returned).sorted(), [],
                           "\(id): documented result keys that no sample call returns (renamed or dropped?)")
            XCTAssertEqual(returned.subtracting(documented).sorted(), [],
                           "\(id): result keys the tool returns that the table does not document")
            let italic = Set(Self.italics(row.results))
            XCTAssertEqual(words.subtracting(italic).sorted(), [],
                           "\(id): category words returned but not documented (write them in *italics*)")
            XCTAssertEqual(italic.subtracting(words).sorted(), [],
                           "\(id): documented words that no sample call returns (a stale word, or a sample missing for it)")
        }
    }

    /// The sentence key is shared by every tool, so the table leaves it out; the text says it once.
    func testTheSharedSentenceKeyIsDocumented() throws {
        XCTAssertTrue(try Self.document().contains("`\(CalcAnswer.sentenceKey)`"))
    }

    // MARK: - Reading the document

    struct Row {
        var id: String
        var inputs: String
        var results: String
    }

    static var documentURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/calculators.md")
    }

    static func document() throws -> String {
        try String(contentsOf: documentURL, encoding: .utf8)
    }

    /// The rows of the table headed `| tool | inputs | result keys |`.
    static func toolTable() throws -> [Row] {
        let lines = try document().components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { cells($0).map { $0.lowercased() } == ["tool", "inputs", "result keys"] }) else {
            XCTFail("docs/calculators.md has no table headed | tool | inputs | result keys |")
            return []
        }
        var rows: [Row] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let row = cells(line)
            guard row.count == 3, let id = codeSpans(row[0]).first else {
                XCTFail("not a tool row of three cells with the tool id in backticks: \(line)")
                continue
            }
            rows.append(Row(id: id, inputs: row[1], results: row[2]))
        }
        return rows
    }

    static func cells(_ line: String) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count > 1 else { return [] }
        return trimmed.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Text in backticks: keys.
    static func codeSpans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// Text in *asterisks* outside backticks: value words.
    static func italics(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }
            .flatMap { $0.element.components(separatedBy: "*").enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }
    }

    /// What the cell says after a code span, up to the next one.
    static func textAfter(_ span: String, in text: String) -> String {
        guard let range = text.range(of: "`\(span)`") else { return "" }
        let rest = text[range.upperBound...]
        return String(rest.prefix { $0 != "`" })
    }

    // MARK: - Running the samples

    /// Each tool's sample results, as JSON objects read from a real batch run.
    static func sampleResults() throws -> [String: [[String: Any]]] {
        let calls = ToolRegistry.ids.flatMap { id in (samples[id] ?? []).map { (id, $0) } }
        let input = calls.map(\.1).joined(separator: "\n") + "\n"
        let (output, summary) = CalcBatch.run(Array(input.utf8))
        XCTAssertEqual(summary.answered, calls.count)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        var results: [String: [[String: Any]]] = [:]
        for ((id, call), line) in zip(calls, lines) {
            let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            guard answer["ok"] as? Bool == true, let result = answer["result"] as? [String: Any] else {
                XCTFail("sample \(call) was refused: \(line)")
                continue
            }
            results[id, default: []].append(result)
        }
        return results
    }

    /// Result keys (nested objects' keys too) and the category words among the values. Words
    /// are lower-case tokens; free text such as a drug's frequency is not a category.
    static func collect(_ object: [String: Any], keys: inout Set<String>, words: inout Set<String>) {
        for (key, value) in object where key != CalcAnswer.sentenceKey {
            keys.insert(key)
            if let nested = value as? [String: Any] { collect(nested, keys: &keys, words: &words) }
            if let word = value as? String, !word.isEmpty,
               word.unicodeScalars.allSatisfy({ CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789_-%").contains($0) }) {
                words.insert(word)
            }
        }
    }
}
