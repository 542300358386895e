import XCTest
@testable import Clinical

/// Shared helpers for the reference-table tool tests: run a tool from JSON-like values and
/// unwrap the result or the errors with a clear failure.
enum RefRaw {
    static func n(_ v: Double) -> RawValue { .number(v) }
    static func s(_ v: String) -> RawValue { .string(v) }
    static func b(_ v: Bool) -> RawValue { .bool(v) }
}

func refResult<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue],
                                file: StaticString = #filePath, line: UInt = #line) throws -> ToolResult {
    switch tool.run(raw, origin: .json) {
    case .success(let result): return result
    case .failure(let errors):
        XCTFail("\(tool.spec.id) failed: \(errors.errors.map { "\($0.field): \($0.message)" })", file: file, line: line)
        throw errors
    }
}

func refErrors<T: ClinicalTool>(_ tool: T.Type, _ raw: [String: RawValue],
                                file: StaticString = #filePath, line: UInt = #line) -> [FieldError] {
    switch tool.run(raw, origin: .json) {
    case .success(let result):
        XCTFail("\(tool.spec.id) accepted \(raw) giving \(result.fields)", file: file, line: line)
        return []
    case .failure(let errors): return errors.errors
    }
}

/// A nested number, e.g. weight_for_age.z.
func refNested(_ result: ToolResult, _ key: String, _ inner: String) -> Double? {
    guard case .object(let fields)? = result[key] else { return nil }
    for field in fields where field.key == inner {
        if case .number(let v) = field.value { return v }
    }
    return nil
}

/// A temporary resources folder holding only the given files, for loader failure tests.
func refTemporaryResources(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-ref-\(UUID().uuidString)")
    for (path, text) in files {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("clinical"), withIntermediateDirectories: true)
    return dir
}
