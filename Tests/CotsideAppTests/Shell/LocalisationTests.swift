import XCTest
@testable import CotsideApp
import CotsideResources
import TerminalUI

/// Every user-facing string goes through the catalogue: a key used in code but missing from
/// `en.json` would show as its raw key, so this test reads the sources and checks each one.
final class LocalisationTests: XCTestCase {
    func testEveryCatalogueKeyUsedInTheSourcesExistsInEnglish() throws {
        let english = try Catalogues.localizer(for: "en")
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CotsideApp")
        let pattern = try NSRegularExpression(pattern: #"(?:\.t|\bt|localizer)\("([a-z0-9_]+(?:\.[a-z0-9_]+)+)""#)
        var missing: [String] = []
        var checked = 0
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                checked += 1
                if !english.has(key) { missing.append("\(url.lastPathComponent): \(key)") }
            }
        }
        XCTAssertGreaterThan(checked, 50, "the scan found the app's keys")
        XCTAssertEqual(missing, [], "keys missing from Resources/l10n/en.json")
    }

    // MARK: - Every shipped catalogue

    /// The shipped catalogues as raw tables (no English fallback), by code.
    func shippedCatalogues() throws -> [(code: String, table: [String: String])] {
        try Catalogues.available().map { ($0.code, try Catalogues.load(CotsideResources.url("l10n/\($0.code).json"))) }
    }

    /// The text of every Swift file under Sources (every module: the kit, reports and the
    /// clinical module look keys up too).
    func sourceTexts() throws -> [(file: String, text: String)] {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var out: [(String, String)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            out.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        return out
    }

    func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// A key looked up in code (`t("…")`, `localizer("…")`, a `ClinicalText("…", …)` the store or
    /// the clinical module means, a `…Key: "…"` argument) that some catalogue lacks would show
    /// English, or the raw key, in that language.
    func testEveryKeyUsedInTheSourcesIsInEveryCatalogue() throws {
        let lookup = #"(?:\.t|\bt|localizer|words|english|ClinicalText)\("([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)""#
        let labelled = #"[a-z][A-Za-z]*Key: "([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)""#
        var used: [String: String] = [:]
        for (file, text) in try sourceTexts() {
            for key in try matches(lookup, in: text) + matches(labelled, in: text) { used[key] = file }
        }
        for (key, _) in UIStrings.catalogueKeys { used[key] = "UIStrings.swift" }
        XCTAssertGreaterThan(used.count, 800, "the scan found the app's keys")
        for (code, table) in try shippedCatalogues() {
            let missing = used.filter { table[$0.key] == nil }.map { "\($0.value): \($0.key)" }.sorted()
            XCTAssertEqual(missing, [], "keys used in code but missing from Resources/l10n/\(code).json")
        }
    }

    /// A key nothing looks up is a translation nobody reads (and drifts). Keys are found as
    /// literals anywhere in the sources (tables of keys count), and keys built at run time by
    /// their literal prefix (`"nappy.kind.\(kind.rawValue)"` uses every `nappy.kind.…`).
    func testEveryCatalogueKeyIsUsedSomewhere() throws {
        var literals = Set<String>()
        var prefixes = Set<String>()
        for (_, text) in try sourceTexts() {
            literals.formUnion(try matches(#""([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)""#, in: text))
            prefixes.formUnion(try matches(#""([a-z0-9_]+\.[A-Za-z0-9_.]*)\\\("#, in: text))
        }
        literals.formUnion(UIStrings.catalogueKeys.keys)
        for (code, table) in try shippedCatalogues() {
            let unused = table.keys.filter { key in
                !key.hasPrefix("_") && !literals.contains(key) && !prefixes.contains { key.hasPrefix($0) }
            }.sorted()
            XCTAssertEqual(unused, [], "keys in Resources/l10n/\(code).json that nothing uses")
        }
    }

    /// Every catalogue has English's keys, and each string the same placeholders ({0}, {min}):
    /// a translation that drops one loses the value, one that adds one shows "{2}".
    func testEveryCatalogueHasEnglishsKeysAndPlaceholders() throws {
        let english = try Catalogues.load(CotsideResources.url("l10n/en.json"))
        func placeholders(_ text: String) throws -> Set<String> { Set(try matches(#"(\{[A-Za-z0-9_]+\})"#, in: text)) }
        let catalogues = try shippedCatalogues()
        XCTAssertGreaterThanOrEqual(catalogues.count, 4, "en, de, fr and zh-Hans ship at least")
        for (code, table) in catalogues where code != "en" {
            XCTAssertEqual(Set(english.keys).subtracting(table.keys).sorted(), [], "\(code).json lacks these keys")
            XCTAssertEqual(Set(table.keys).subtracting(english.keys).sorted(), [], "\(code).json has keys English lacks")
            for (key, text) in table where key != "_language" {
                guard let source = english[key] else { continue }
                XCTAssertEqual(try placeholders(text), try placeholders(source), "\(code).json \(key): “\(text)”")
            }
        }
    }

    func testEnglishCatalogueCarriesEveryKitString() throws {
        let english = try Catalogues.localizer(for: "en")
        for (key, text) in UIStrings.catalogueKeys {
            XCTAssertEqual(english(key), text, "en.json must carry the kit's \(key)")
        }
    }

    func testArgumentsAreSubstitutedAndUnknownKeysFallBackToTheKey() throws {
        let english = try Catalogues.localizer(for: "en")
        XCTAssertEqual(english("about.version", "1.2.3"), "Version 1.2.3")
        XCTAssertEqual(english("no.such.key"), "no.such.key")
    }

    func testMissingKeysInAnotherLanguageFallBackToEnglish() {
        let partial = Localizer(language: Language(code: "xx", nativeName: "Test"),
                                strings: ["tab.history": "Verlauf"], fallback: ["tab.history": "History", "tab.tools": "Tools"])
        XCTAssertEqual(partial("tab.history"), "Verlauf")
        XCTAssertEqual(partial("tab.tools"), "Tools")
    }

    func testUnknownLanguageIsAnErrorNamingTheAvailableOnes() {
        XCTAssertThrowsError(try Catalogues.localizer(for: "tlh")) { error in
            XCTAssertTrue(String(describing: error).contains("available: system, en, de"), "\(error)")
        }
        XCTAssertEqual(Catalogues.available().first?.code, "en")
        XCTAssertEqual(Catalogues.available().first?.nativeName, "English")
    }
}
