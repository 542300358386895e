import Foundation
import CotsideResources

/// A language Cotside can show. Catalogues live in `Resources/l10n/<code>.json`.
public struct Language: Sendable, Equatable, Hashable {
    public var code: String
    /// The language's own name, as shown in Settings ("English", "Deutsch").
    public var nativeName: String

    public init(code: String, nativeName: String) {
        self.code = code
        self.nativeName = nativeName
    }
}

/// Looks up user-facing strings by key. Missing keys fall back to English, then to the key
/// itself, so an incomplete catalogue never blanks the screen.
/// Catalogues are flat JSON objects (`{"tab.dashboard": "Dashboard"}`); `{0}`, `{1}` are
/// positional arguments. JSON rather than .lproj because Linux Foundation cannot switch
/// .lproj language at run time without restart (see platform notes).
public struct Localizer: Sendable {
    public let language: Language
    private let strings: [String: String]
    private let fallback: [String: String]

    public init(language: Language, strings: [String: String], fallback: [String: String]) {
        self.language = language
        self.strings = strings
        self.fallback = fallback
    }

    /// The string for `key` with `{0}`, `{1}`, ... replaced by `args`.
    public func callAsFunction(_ key: String, _ args: CustomStringConvertible...) -> String {
        var text = strings[key] ?? fallback[key] ?? key
        for (index, arg) in args.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: arg.description)
        }
        return text
    }

    public func has(_ key: String) -> Bool { strings[key] != nil || fallback[key] != nil }

    /// Every key of the English catalogue: tests check other catalogues against it.
    public var englishKeys: [String] { fallback.keys.sorted() }
}

/// Loads catalogues from the resources folder.
public enum Catalogues {
    public static let english = Language(code: "en", nativeName: "English")

    /// Languages with a catalogue on disk, English first. The catalogue's `_language` key names it.
    public static func available(in directory: URL = CotsideResources.url("l10n")) -> [Language] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let languages = files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file -> Language? in
            let code = String(file.dropLast(5))
            guard let table = try? load(directory.appendingPathComponent(file)) else { return nil }
            return Language(code: code, nativeName: table["_language"] ?? code)
        }
        return languages.sorted { ($0.code == "en" ? 0 : 1, $0.nativeName) < ($1.code == "en" ? 0 : 1, $1.nativeName) }
    }

    /// A localizer for `code`; unknown codes are an error naming the available ones.
    public static func localizer(for code: String, in directory: URL = CotsideResources.url("l10n")) throws -> Localizer {
        let english = try load(directory.appendingPathComponent("en.json"))
        guard let language = available(in: directory).first(where: { $0.code == code }) else {
            let codes = available(in: directory).map(\.code).joined(separator: ", ")
            throw CatalogueError.unknownLanguage(code: code, available: codes)
        }
        let table = code == "en" ? english : try load(directory.appendingPathComponent("\(code).json"))
        return Localizer(language: language, strings: table, fallback: english)
    }

    static func load(_ url: URL) throws -> [String: String] {
        let data = try Data(contentsOf: url)
        guard let table = try JSONSerialization.jsonObject(with: data) as? [String: String] else {
            throw CatalogueError.malformed(path: url.path)
        }
        return table
    }
}

public enum CatalogueError: Error, CustomStringConvertible, Equatable {
    case unknownLanguage(code: String, available: String)
    case malformed(path: String)

    public var description: String {
        switch self {
        case .unknownLanguage(let code, let available):
            return "unknown language ‘\(code)’; available: \(available)"
        case .malformed(let path):
            return "language catalogue \(path) is not a JSON object of strings"
        }
    }
}
