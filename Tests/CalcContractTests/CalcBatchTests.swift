import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// Batch mode: one answer per non-blank line, in order, never a crash, memory bounded.
final class CalcBatchTests: XCTestCase {
    func lines(_ output: [UInt8]) -> [String] {
        String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func testAnswersInOrderAndSkipsBlankLines() {
        var input = ""
        for k in 0..<5000 { input += "{\"id\":\(k),\"tool\":\"bsa\",\"height_cm\":\(50 + k % 150),\"weight_kg\":\(1 + k % 90)}\n" }
        input += "\n  \t\r\n"
        input += "{\"id\":\"last\",\"tool\":\"ivfluid\",\"weight_kg\":12}"   // no final newline
        let (output, summary) = CalcBatch.run(Array(input.utf8))
        let answers = lines(output)
        XCTAssertEqual(answers.count, 5001)
        XCTAssertEqual(summary.answered, 5001)
        XCTAssertEqual(summary.failedLines, 0)
        for (k, line) in answers.prefix(5000).enumerated() {
            XCTAssertTrue(line.hasPrefix("{\"id\":\(k),\"ok\":true,\"tool\":\"bsa\""), line)
        }
        XCTAssertTrue(answers.last!.hasPrefix(#"{"id":"last","ok":true,"tool":"ivfluid","result":{"ml_per_day":1100.0"#), answers.last!)
    }

    func testSmallBlocksGiveTheSameAnswers() {
        var input = ""
        for k in 0..<700 { input += "{\"id\":\(k),\"tool\":\"qtc\",\"qt_ms\":\(300 + k % 200),\"rr_ms\":\(400 + k)}\r\n" }
        var options = CalcBatch.Options()
        options.blockBytes = 7
        let small = CalcBatch.run(Array(input.utf8), options: options).output
        let large = CalcBatch.run(Array(input.utf8)).output
        XCTAssertEqual(small, large)
        XCTAssertEqual(lines(large).count, 700)
    }

    /// Seeded xorshift so a failure can be reproduced.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
    }

    func malformedLine(_ rng: inout Generator) -> [UInt8] {
        let valid = Array(#"{"id":42,"tool":"bsa","height_cm":110.5,"weight_kg":19,"x":"é\"\\"}"#.utf8)
        var line: [UInt8]
        switch rng.next() % 10 {
        case 0: line = Array(valid.prefix(Int(rng.next() % UInt64(valid.count))))               // truncated
        case 1: line = (0..<Int(rng.next() % 80)).map { _ in UInt8(truncatingIfNeeded: rng.next()) } // random bytes
        case 2: line = valid; line[Int(rng.next() % UInt64(valid.count))] = UInt8(truncatingIfNeeded: rng.next())
        case 3: line = valid; line.insert(0, at: Int(rng.next() % UInt64(valid.count)))         // NUL
        case 4: line = Array("{\"tool\":\"lvo\",\"fast_ed\":".utf8) + Array(repeating: UInt8(ascii: "["), count: Int(rng.next() % 5000))
        case 5: line = Array("{\"tool\":\"bsa\",\"height_cm\":1e\(rng.next() % 400),\"weight_kg\":-1e999}".utf8)
        case 6: line = Array("{\"tool\":\"ett\",\"age_years\":4,\"weight_kg\":3,\"id\":[1]}".utf8)
        case 7: line = Array("{\"tool\":\"corrected_age\",\"birth_date\":\"2026-13-01\",\"gestational_age_weeks\":\"30\"}".utf8)
        case 8: line = valid; line.insert(0xC3, at: Int(rng.next() % UInt64(valid.count)))      // broken UTF-8
        default: line = Array("[\(rng.next()), true, null]".utf8)
        }
        line = line.map { $0 == 0x0A ? 0x20 : $0 }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { line.append(UInt8(ascii: "x")) }
        return line
    }

    func testHundredThousandMalformedLinesAnswerOneLineEachInOrder() {
        var rng = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var input: [UInt8] = []
        var expected: [UInt8] = []
        for _ in 0..<100_000 {
            let line = malformedLine(&rng)
            input += line
            input.append(0x0A)
            var w = JSONWriter()
            var trimmed = line
            if trimmed.last == 0x0D { trimmed.removeLast() }
            trimmed.withUnsafeBytes { CalcEvaluator.answer(line: $0).writeJSON(into: &w) }
            expected += w.bytes
            expected.append(0x0A)
        }
        let (output, summary) = CalcBatch.run(input)
        XCTAssertEqual(summary.answered, 100_000)
        XCTAssertEqual(output, expected, "batch answers must equal the per-line answers, in order")
        let answers = lines(output)
        XCTAssertEqual(answers.count, 100_000)
        for line in answers.prefix(2000) {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["ok"], line)
        }
    }

    /// Growth lines near every branch of the batch's growth fast path: valid ones it answers,
    /// and the almost-valid ones it must leave to the general path.
    func growthLine(_ rng: inout Generator) -> String {
        func pick(_ options: [String]) -> String { options[Int(rng.next() % UInt64(options.count))] }
        let sex = pick(["male", "female"])
        let day = Int(rng.next() % 731)
        let weight = String(format: "%.2f", 0.1 + Double(rng.next() % 40_000) / 100)
        let length = String(format: "%.1f", 10 + Double(rng.next() % 2_500) / 10)
        let oddWeights = ["0.1", "300", "0.09", "300.01", "1e1", "03", "-0", "0", "5.", "3.3333333333333333333", "7", "12.25",
                          "null", #""4""#, "true", "[4]"]
        let oddIds = ["-3", "1.5e3", "0", "-0.0", "null", "true", "[1]", "01", "1.", #""é""#, #""a\"b""#, #""""#, "12345678901234567890123"]
        let oddSexes = ["Male", "m", "", #"ma\u006ce"#, "x"]
        let oddDays = ["731", "-1", "10.5", "1e2", "100.0", #""100""#, "null"]
        let extras = [#","age_months":1"#, #","weight_kg":4,"weight_kg":5"#, #","extra":1"#, #","tool":"growth""#, #","s\u0065x":"male""#, ""]
        let tools = [#"gr\u006fwth"#, "bsa", "Growth"]
        switch rng.next() % 12 {
        case 0: return #"{"id":\#(day),"tool":"growth","sex":"\#(sex)","age_days":\#(day),"weight_kg":\#(weight)}"#
        case 1: return #"{"id":"c-\#(day)","tool":"growth","sex":"\#(sex)","age_days":\#(day),"weight_kg":\#(weight),"length_cm":\#(length)}"#
        case 2: return "{ \"tool\" : \"growth\" ,\"sex\":\"\(sex)\",  \"length_cm\" :\t\(length), \"age_days\":\(day) }"
        case 3: return #"{"tool":"growth","sex":"\#(sex)","age_days":\#(day),"weight_kg":\#(pick(oddWeights))}"#
        case 4: return #"{"id":\#(pick(oddIds)),"tool":"growth","sex":"male","age_days":10,"length_cm":50}"#
        case 5: return #"{"tool":"growth","sex":"\#(pick(oddSexes))","age_days":10,"weight_kg":4}"#
        case 6: return #"{"tool":"growth","sex":"male","age_days":\#(pick(oddDays)),"weight_kg":4}"#
        case 7: return #"{"tool":"growth","sex":"male","age_days":10\#(pick(extras))}"#
        case 8: return #"{"tool":"\#(pick(tools))","sex":"male","age_days":10,"weight_kg":4}"#
        case 9: return #"{"tool":"growth","sex":"male","age_months":\#(pick(["0", "24", "1.5", "24.1"])),"weight_kg":4}"#
        case 10: return #"{"tool":"growth","sex":"male","age_days":5,"weight_kg":\#(pick(["30", "80", "300", "0.5"])),"length_cm":\#(pick(["10", "200", "250"]))}"#
        default: return pick([#"{"tool":"growth","sex":"male","age_days":5,"weight_kg":3} x"#, #"{"tool":"growth","sex":"male","age_days":5,"weight_kg":3"#,
                              #"{"sex":"male","age_days":5,"weight_kg":3,"tool":"growth","id":9}"#, #"{"tool":"growth"}"#, "{}"])
        }
    }

    func testGrowthFastPathAnswersExactlyAsTheGeneralPath() {
        var rng = Generator(state: 0x2545_F491_4F6C_DD1D)
        var input: [UInt8] = []
        var expected: [UInt8] = []
        var fast = 0
        for _ in 0..<20_000 {
            let line = Array(growthLine(&rng).utf8)
            input += line
            input.append(0x0A)
            var w = JSONWriter()
            line.withUnsafeBytes { CalcEvaluator.answer(line: $0).writeJSON(into: &w) }
            expected += w.bytes
            expected.append(0x0A)
            var f = JSONWriter()
            if line.withUnsafeBytes({ GrowthBatchLine.answer($0, into: &f) }) {
                fast += 1
                XCTAssertEqual(f.text, w.text)
            } else {
                XCTAssertTrue(f.bytes.isEmpty, "a line left to the general path must write nothing")
            }
        }
        XCTAssertGreaterThan(fast, 5_000, "plain valid growth lines take the fast path")
        XCTAssertEqual(CalcBatch.run(input).output, expected)
    }

    func testHugeLinesAreAnsweredWithoutHoldingThem() {
        let megabyte = "{\"tool\":\"bsa\",\"note\":\"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        var options = CalcBatch.Options()
        options.maxLineBytes = 64 << 10
        options.blockBytes = 4096
        let input = Array((megabyte + "{\"id\":2,\"tool\":\"bsa\",\"height_cm\":110,\"weight_kg\":19}\n" + megabyte).utf8)
        let (output, summary) = CalcBatch.run(input, options: options)
        let answers = lines(output)
        XCTAssertEqual(answers.count, 3)
        XCTAssertTrue(answers[0].contains("longer than"))
        XCTAssertTrue(answers[1].hasPrefix(#"{"id":2,"ok":true"#))
        XCTAssertEqual(summary.failedLines, 2)
        // A line with 100,000 keys is answered in linear time.
        let manyKeys = "{\"tool\":\"bsa\"" + (0..<100_000).map { ",\"k\($0)\":1" }.joined() + ",\"k5\":2}\n"
        let many = lines(CalcBatch.run(Array(manyKeys.utf8)).output)
        XCTAssertEqual(many.count, 1)
        XCTAssertTrue(many[0].contains("k5 appears more than once"))
        // With the default limit a 1 MB line is read and answered normally.
        let normal = CalcBatch.run(Array(megabyte.utf8)).output
        XCTAssertTrue(lines(normal)[0].contains("has no input ‘note’"))
    }
}
