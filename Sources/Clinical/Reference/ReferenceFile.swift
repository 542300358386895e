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

    /// Lines without comments (`#`) and blanks, trimmed. Trimmed in Swift, not with Foundation's
    /// `trimmingCharacters`, which bridged every line and made loading the WHO tables (2,900
    /// lines) the largest part of the Dashboard's first frame once its insights chart growth.
    static func dataLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            guard let first = line.firstIndex(where: { !$0.isWhitespace }),
                  let last = line.lastIndex(where: { !$0.isWhitespace }) else { return nil }
            let trimmed = line[first...last]
            return trimmed.hasPrefix("#") ? nil : String(trimmed)
        }
    }
}
