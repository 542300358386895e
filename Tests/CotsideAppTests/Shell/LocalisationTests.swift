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
            XCTAssertTrue(String(describing: error).contains("available: en"), "\(error)")
        }
        XCTAssertEqual(Catalogues.available().first?.code, "en")
        XCTAssertEqual(Catalogues.available().first?.nativeName, "English")
    }
}
