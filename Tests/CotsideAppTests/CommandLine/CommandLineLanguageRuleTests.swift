import XCTest
@testable import CotsideApp

/// The one rule for a command-line run's language: `--lang`, else the workstation's saved choice,
/// else the locale as System reads it.
final class CommandLineLanguageRuleTests: XCTestCase {
    /// A workstation whose Settings → Language saved `language`.
    func workstation(saving language: String) throws -> [String: String] {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("cli-lang-\(UUID().uuidString)")
        var prefs = Preferences()
        prefs.language = language
        try PreferencesFile.standard(environment: ["XDG_CONFIG_HOME": config.path]).save(prefs)
        addTeardownBlock { try? FileManager.default.removeItem(at: config) }
        return ["XDG_CONFIG_HOME": config.path]
    }

    func testTheWorkstationsSavedChoiceComesBetweenLangAndTheLocale() throws {
        var french = try workstation(saving: "fr")
        french["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(code(["due"], french), "fr")
        XCTAssertEqual(code(["due", "--lang", "es"], french), "es")
        var system = try workstation(saving: Catalogues.system)
        system["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(code(["due"], system), "de")
        var withdrawn = try workstation(saving: "tlh")
        withdrawn["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(code(["due"], withdrawn), "de", "a saved code with no catalogue reads as the locale")
    }

    func code(_ arguments: [String], _ environment: [String: String]) -> String {
        CommandLineLanguage.code(arguments: arguments, environment: environment)
    }

    func testLangWinsThenTheLocale() {
        XCTAssertEqual(code(["log", "nappy", "--lang", "de"], ["LANG": "fr_FR.UTF-8"]), "de")
        XCTAssertEqual(code(["due", "--lang=fr"], [:]), "fr")
        XCTAssertEqual(code(["due", "--lang", "system"], ["LANG": "es_ES.UTF-8"]), "es")
        XCTAssertEqual(code(["due"], ["LC_ALL": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"]), "pt-BR")
        XCTAssertEqual(code(["due"], ["LANG": "C.UTF-8"]), "en")
        XCTAssertEqual(code(["due"], [:]), "en")
    }

    func testAnUnknownCodeWordsItsRefusalInTheLocalesLanguage() {
        XCTAssertEqual(code(["due", "--lang", "tlh"], ["LANG": "de_DE.UTF-8"]), "de")
    }

    func testALangAfterDoubleDashIsAValue() {
        XCTAssertEqual(code(["log", "--notes", "--", "--lang", "de"], ["LANG": "C.UTF-8"]), "en")
    }

    func testChineseFallsBackToEnglishWhereTheTerminalIsNotUTF8() {
        XCTAssertEqual(CommandLineLanguage.localizer(arguments: ["--lang", "zh-Hans"], environment: ["LANG": "C"]).language.code, "en")
        XCTAssertEqual(CommandLineLanguage.localizer(arguments: ["--lang", "zh-Hans"], environment: ["LANG": "C.UTF-8"]).language.code,
                       "zh-Hans")
        XCTAssertEqual(CommandLineLanguage.localizer(arguments: ["--lang", "de"], environment: ["LANG": "C"]).language.code, "de")
    }
}
