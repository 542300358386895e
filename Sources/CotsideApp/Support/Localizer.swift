import Foundation
import CotsideResources
import TerminalUI

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
        callAsFunction(key, arguments: args)
    }

    /// The same with the arguments as an array, for arguments counted at run time.
    public func callAsFunction(_ key: String, arguments args: [CustomStringConvertible]) -> String {
        var text = strings[key] ?? fallback[key] ?? key
        for (index, arg) in args.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: arg.description)
        }
        return text
    }

    public func has(_ key: String) -> Bool { strings[key] != nil || fallback[key] != nil }

    /// Every key of the English catalogue: tests check other catalogues against it.
    public var englishKeys: [String] { fallback.keys.sorted() }

    /// Whether this language reads in ASCII once transliterated (accents dropped: "Größe" →
    /// "Grosse"). False for a script with no ASCII form (简体中文), whose text would draw as "?"
    /// in a terminal that is not UTF-8. Judged on the whole catalogue, so one symbol without
    /// an ASCII form does not disqualify a Latin-script language.
    public var isShowableInASCII: Bool {
        var lost = 0
        for text in strings.values where ASCIIScreen.hasNoASCIIForm(text) { lost += 1 }
        return lost * 10 < max(1, strings.count)
    }
}

/// Loads catalogues from the resources folder.
public enum Catalogues {
    public static let english = Language(code: "en", nativeName: "English")
    /// The language preference that follows the locale (LC_ALL, LC_MESSAGES, LANG).
    public static let system = "system"

    /// The shipped language the locale names: the first of LC_ALL, LC_MESSAGES, LANG that is
    /// set ("de_DE.UTF-8" → de, "pt_BR" → pt-BR, "zh_CN" → zh-Hans); English for C, POSIX or
    /// a language that does not ship (a Brazilian catalogue does not serve pt_PT, nor
    /// Simplified Chinese zh_TW).
    public static func systemLanguage(environment: [String: String], available: [Language]) -> String {
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let locale = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased() else { return english.code }
        let region = parts.count > 1 ? parts[1].uppercased() : ""
        let codes = Set(available.map(\.code))
        let wanted: String
        switch language {
        case "zh": wanted = ["TW", "HK", "MO", "HANT"].contains(region) ? "zh-Hant" : "zh-Hans"
        case "pt": wanted = region == "BR" || region.isEmpty ? "pt-BR" : "pt-\(region)"
        default: wanted = codes.contains("\(language)-\(region)") ? "\(language)-\(region)" : language
        }
        return codes.contains(wanted) ? wanted : english.code
    }

    /// The language to show for a preference: `system` resolved from the locale, else the code.
    public static func resolve(_ preference: String, environment: [String: String], in directory: URL = CotsideResources.url("l10n")) -> String {
        preference == system ? systemLanguage(environment: environment, available: available(in: directory)) : preference
    }

    /// The translation's provenance note shipped beside a catalogue (`de.provenance.md`): who
    /// translated it and what a clinician must check. English, the source, has none.
    public static func provenanceNote(for code: String, in directory: URL = CotsideResources.url("l10n")) -> URL? {
        let url = directory.appendingPathComponent("\(code).provenance.md")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

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
            let codes = ([system] + available(in: directory).map(\.code)).joined(separator: ", ")
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
