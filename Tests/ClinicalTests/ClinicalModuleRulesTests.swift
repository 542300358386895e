import XCTest

/// Keeps the model module pure (see Sources/Clinical/Clinical.swift): no file, stream, process
/// or environment access and no JSON writing in its code, so the `calc` contract cannot drift
/// back in. Reading the shipped tables is the one exception, confined to `ReferenceFile`.
final class ClinicalModuleRulesTests: XCTestCase {
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Clinical")
    }

    /// Every Swift file of the module, path relative to Sources/Clinical, with comments removed.
    static func sources() throws -> [(path: String, code: String)] {
        let root = sourceFolder.standardizedFileURL.path + "/"
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sourceFolder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        return try files.map { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            }.joined(separator: "\n")
            return (String(url.standardizedFileURL.path.dropFirst(root.count)), code)
        }.sorted { $0.path < $1.path }
    }

    func testModuleImportsOnlyFoundationAndTheShippedResources() throws {
        let files = try Self.sources()
        XCTAssertGreaterThan(files.count, 20, "should read the module's sources at \(Self.sourceFolder.path)")
        for (path, code) in files {
            for line in code.split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                XCTAssertTrue(["Foundation", "CotsideResources"].contains(module), "\(path) imports \(module)")
                if module == "CotsideResources" {
                    XCTAssertTrue(path.hasPrefix("Reference/"), "\(path): only the reference tables locate shipped resources")
                }
            }
        }
    }

    func testModuleDoesNoInputOrOutput() throws {
        let forbidden = ["FileHandle", "fopen(", "print(", "exit(", "ProcessInfo", "CommandLine", "getenv(",
                         "Foundation.read(", "Foundation.write(", "stdin", "stdout", "stderr", "JSONEncoder",
                         "JSONSerialization", "Process(", "Bundle.", "DispatchQueue"]
        for (path, code) in try Self.sources() {
            for word in forbidden {
                XCTAssertFalse(code.contains(word), "\(path) uses \(word): input and output belong in CalcContract or the app")
            }
            if path != "Reference/ReferenceFile.swift" {
                XCTAssertFalse(code.contains("FileManager"), "\(path) reads files: shipped tables are read through ReferenceFile")
                XCTAssertFalse(code.contains("contentsOf: URL") || code.contains("contentsOf: url"), "\(path) reads files")
            }
        }
    }
}
