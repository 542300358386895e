import CotsideResources
import Foundation

/// Reads shipped reference files from the resources folder found by `CotsideResources`.
enum ReferenceFile {
    /// The whole file as UTF-8 text, or an error naming the file.
    static func text(_ relativePath: String, in directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> String {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReferenceDataError(file: relativePath, problem: "missing (looked in \(directory.path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReferenceDataError(file: relativePath, problem: "not UTF-8 text")
        }
        return text
    }

    /// Lines without comments (`#`) and blanks, trimmed.
    static func dataLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
