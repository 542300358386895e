import XCTest
@testable import CotsideApp

/// The one rule for a command-line run's language: `--lang`, else the locale as System reads it.
final class CommandLineLanguageRuleTests: XCTestCase {
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
