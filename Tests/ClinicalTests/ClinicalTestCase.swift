import XCTest
@testable import Clinical

/// Domain assertions shared by the tool tests: run a tool from raw values, expect
/// success or errors on named fields, read result numbers and category words.
class ClinicalTestCase: XCTestCase {
    /// Runs `tool` with JSON-typed inputs and fails the test if it does not succeed.
    func result<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue],
                                 file: StaticString = #filePath, line: UInt = #line) -> ToolResult? {
        switch tool.run(raw, origin: .json) {
        case .success(let r): return r
        case .failure(let e):
            XCTFail("\(tool.spec.id) failed: \(e.errors.map { "\($0.field): \($0.message)" })", file: file, line: line)
            return nil
        }
    }

    /// The fields that errors were reported on; fails if the call succeeded.
    func errorFields<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue],
                                      file: StaticString = #filePath, line: UInt = #line) -> [String] {
        switch tool.run(raw, origin: .json) {
        case .success:
            XCTFail("\(tool.spec.id) accepted \(raw)", file: file, line: line)
            return []
        case .failure(let e): return e.errors.map(\.field)
        }
    }

    func errorMessages<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue]) -> [String] {
        if case .failure(let e) = tool.run(raw, origin: .json) { return e.errors.map(\.message) }
        return []
    }

    func number<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue], _ key: String,
                                 file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let r = result(tool, raw, file: file, line: line) else { return .nan }
        guard let v = r.number(key) else { XCTFail("no number \(key)", file: file, line: line); return .nan }
        return v
    }

    func word<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue], _ key: String,
                               file: StaticString = #filePath, line: UInt = #line) -> String? {
        result(tool, raw, file: file, line: line)?.word(key)
    }

    /// Every option value of a choice input, in order.
    func optionValues<T: ClinicalTool>(_ tool: T.Type, _ key: String) -> [Int] {
        guard case .choice(let options)? = tool.spec.input(key)?.kind else { return [] }
        return options.map(\.value)
    }

    /// Checks that a number input accepts both ends of its declared range and rejects
    /// values just beyond them, with a message naming the allowed range.
    func assertRangeEdges<T: ClinicalTool>(_ tool: T.Type, base: [String: RawValue], key: String,
                                           low: Double, high: Double, step: Double = 0.001,
                                           file: StaticString = #filePath, line: UInt = #line) {
        for ok in [low, high] {
            var raw = base
            raw[key] = .number(ok)
            if case .failure(let e) = tool.run(raw, origin: .json), e.errors.contains(where: { $0.field == key }) {
                XCTFail("\(key)=\(ok) should be inside the range: \(e.errors)", file: file, line: line)
            }
        }
        for bad in [low - step, high + step] {
            var raw = base
            raw[key] = .number(bad)
            guard case .failure(let e) = tool.run(raw, origin: .json),
                  let error = e.errors.first(where: { $0.field == key }) else {
                XCTFail("\(key)=\(bad) should be outside the range", file: file, line: line)
                continue
            }
            XCTAssertTrue(error.message.contains("\(NumberText.plain(low))–\(NumberText.plain(high))"),
                          "message should name the range: \(error.message)", file: file, line: line)
        }
    }
}

/// Shorthand for building raw inputs in tests.
func n(_ v: Double) -> RawValue { .number(v) }
func b(_ v: Bool) -> RawValue { .bool(v) }
func s(_ v: String) -> RawValue { .string(v) }
