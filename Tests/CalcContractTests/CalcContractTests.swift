import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// The shapes fixed by the calculator interface (docs/calculators.md): ids, keys, order, error objects, strict types.
final class CalcContractTests: XCTestCase {
    func testRegistryFollowsTheContractTableOrder() {
        // Every tool of the interface's table (docs/calculators.md), in the table's order.
        XCTAssertEqual(ToolRegistry.ids, ["apgar", "ballard", "pews", "flacc", "gcs", "pram", "pecarn", "phoenix",
                                          "dosage", "ivfluid", "bsa", "corrected_age", "growth", "dehydration", "fena",
                                          "ett", "gfr", "qtc", "bp", "bilirubin", "fast_ed", "ich_volume", "lvo"])
        for tool in ToolRegistry.all {
            XCTAssertFalse(tool.spec.references.isEmpty, tool.spec.id)
            XCTAssertFalse(tool.spec.limitations.isEmpty, tool.spec.id)
            for reference in tool.spec.references { XCTAssertTrue((1900...2026).contains(reference.year)) }
        }
    }

    func testSingleCallShape() {
        let answer = CalcEvaluator.answer(tool: "bsa", arguments: ["height_cm=110", "weight_kg=19"])
        let json = answer.json
        XCTAssertTrue(json.hasPrefix(#"{"ok":true,"tool":"bsa","result":{"bsa_m2":0.7619419633774974,"#), json)
        XCTAssertTrue(json.hasSuffix(#"},"warnings":[]}"#), json)
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual(object?["ok"] as? Bool, true)
    }

    func testBatchErrorShapeMatchesTheContractExample() {
        let answer = CalcEvaluator.answer(line: #"{"id":7,"tool":"bsa","height_cm":110,"weight_kg":0}"#)
        XCTAssertEqual(answer.json, #"{"id":7,"ok":false,"tool":"bsa","errors":[{"field":"weight_kg","message":"0 kg is outside 0.1–300 kg"}]}"#)
    }

    func testIdEchoedAsGiven() {
        XCTAssertTrue(CalcEvaluator.answer(line: #"{"id":"bed-4\"a","tool":"bsa","height_cm":110,"weight_kg":19}"#).json
            .hasPrefix(#"{"id":"bed-4\"a","ok":true"#))
        XCTAssertTrue(CalcEvaluator.answer(line: #"{"tool":"bsa","id":12.50,"height_cm":110,"weight_kg":19}"#).json.hasPrefix(#"{"id":12.50,"#))
        XCTAssertTrue(CalcEvaluator.answer(line: "garbage").json.hasPrefix(#"{"id":null,"ok":false,"tool":null,"errors":[{"field":"input""#))
    }

    func testStrictTypesInJson() {
        let answer = CalcEvaluator.answer(line: #"{"id":1,"tool":"bsa","height_cm":"110","weight_kg":19}"#)
        guard case .failure(let e) = answer.outcome else { return XCTFail("\"110\" accepted") }
        XCTAssertEqual(e.errors.map(\.field), ["height_cm"])
        XCTAssertTrue(e.errors[0].message.contains("must be a number"))
        // ...but text arguments are parsed.
        XCTAssertTrue(CalcEvaluator.answer(tool: "bsa", arguments: ["height_cm=110", "weight_kg=19"]).isOK)
    }

    func testToolErrors() {
        let unknown = CalcEvaluator.answer(line: #"{"id":2,"tool":"nope"}"#)
        XCTAssertTrue(unknown.json.hasPrefix(#"{"id":2,"ok":false,"tool":"nope","errors":[{"field":"tool","message":"unknown tool ‘nope’ (tools: apgar,"#))
        let missing = CalcEvaluator.answer(line: #"{"id":3,"weight_kg":1}"#)
        XCTAssertTrue(missing.json.hasPrefix(#"{"id":3,"ok":false,"tool":null,"errors":[{"field":"tool""#))
        let wrongType = CalcEvaluator.answer(line: #"{"tool":5}"#)
        XCTAssertFalse(wrongType.isOK)
        let nested = CalcEvaluator.answer(line: #"{"tool":"bsa","height_cm":[110],"weight_kg":19}"#)
        guard case .failure(let e) = nested.outcome else { return XCTFail() }
        XCTAssertEqual(e.errors.map(\.field), ["height_cm"])
        XCTAssertTrue(e.errors[0].message.contains("not an array"))
        let duplicate = CalcEvaluator.answer(line: #"{"tool":"bsa","height_cm":110,"height_cm":111,"weight_kg":19}"#)
        XCTAssertFalse(duplicate.isOK)
        let extra = CalcEvaluator.answer(line: #"{"tool":"bsa","height_cm":110,"weight_kg":19,"colour":"red"}"#)
        guard case .failure(let x) = extra.outcome else { return XCTFail() }
        XCTAssertEqual(x.errors.map(\.field), ["colour"])
    }

    func testCategoriesAndBooleansInResults() {
        let apgar = CalcEvaluator.answer(line: #"{"tool":"apgar","appearance":2,"pulse":2,"grimace":2,"activity":2,"respiration":1}"#).json
        XCTAssertTrue(apgar.contains(#""result":{"score":9,"category":"reassuring","#), apgar)
        let pecarn = CalcEvaluator.answer(line: #"{"tool":"pecarn","age_months":30,"gcs":15}"#).json
        XCTAssertTrue(pecarn.contains(#""recommendation":"ct_not_recommended","risk_percent":0.05,"risk_is_upper_bound":true"#), pecarn)
    }

    func testWriterNumbersRoundTrip() {
        for v in [0.7619419633774974, 1e-7, 123456.789, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 4.0, -3.0, 0.1 + 0.2] {
            var w = JSONWriter()
            w.number(v)
            XCTAssertEqual(Double(w.text), v, w.text)
        }
        var w = JSONWriter()
        w.number(.nan)
        XCTAssertEqual(w.text, "null")
        var t = JSONWriter()
        t.string("a\"b\\c\nd\u{1}é")
        XCTAssertEqual(t.text, #""a\"b\\c\nd\u0001é""#)
    }

    func testKeyValueArguments() {
        XCTAssertEqual(try? KeyValueArguments.parse(["a=1", "b=x=y", "c="]).get(), ["a": .string("1"), "b": .string("x=y"), "c": .string("")])
        XCTAssertEqual(KeyValueArguments.parse(["a"]).failureValue?.errors.first?.field, "a")
        XCTAssertEqual(KeyValueArguments.parse(["a=1", "a=2"]).failureValue?.errors.first?.field, "a")
        XCTAssertNotNil(KeyValueArguments.parse(["=1"]).failureValue)
    }
}
