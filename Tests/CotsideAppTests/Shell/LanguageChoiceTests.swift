import XCTest
@testable import CotsideApp
import CotsideResources
import TerminalUI

/// Settings → Language offers System (the locale's language) and every shipped language; a
/// script with no ASCII form falls back to English, saying so, in a terminal that is not UTF-8.
final class LanguageChoiceTests: ShellTestCase {
    func system(_ environment: [String: String]) -> String {
        Catalogues.systemLanguage(environment: environment, available: Catalogues.available())
    }

    func testSystemFollowsLCALLThenLCMESSAGESThenLANG() {
        XCTAssertEqual(system(["LANG": "de_DE.UTF-8"]), "de")
        XCTAssertEqual(system(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]), "fr")
        XCTAssertEqual(system(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "es_ES.UTF-8"]), "es")
        XCTAssertEqual(system(["LANG": "pt_BR.UTF-8"]), "pt-BR")
        XCTAssertEqual(system(["LANG": "zh_CN.UTF-8"]), "zh-Hans")
        XCTAssertEqual(system(["LANG": "fr_CA@euro"]), "fr")
        // What does not ship, and C, fall back to English.
        XCTAssertEqual(system(["LANG": "C.UTF-8"]), "en")
        XCTAssertEqual(system(["LANG": "pt_PT.UTF-8"]), "en")
        XCTAssertEqual(system(["LANG": "zh_TW.UTF-8"]), "en")
        XCTAssertEqual(system(["LANG": "tlh"]), "en")
        XCTAssertEqual(system([:]), "en")
    }

    @MainActor func testSettingsOffersSystemAndEveryShippedLanguage() async throws {
        let shell = try makeShell(extraEnvironment: ["LANG": "de_DE.UTF-8"])
        var seen: [String] = []
        var lines = screen(shell, keys: "s Down")
        for _ in 0..<(Catalogues.available().count + 1) {
            let row = lines.filter { $0.contains("◀") }.dropFirst().first ?? ""  // theme, then language
            seen.append(row.range(of: "◀").map { String(row[$0.upperBound...]) } ?? "")
            lines = screen(shell, keys: "Right")
        }
        let names = seen.map { $0.components(separatedBy: "▶")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(names, ["System (Deutsch)", "English", "Deutsch", "Español", "Français", "Português (BR)", "简体中文"])
        // Round again to System: the whole screen is German, as LANG asks.
        assertShows(lines, "System (Deutsch)")
        assertShows(lines, "Einstellungen")
        lines = screen(shell, keys: "Right")
        assertShows(lines, "◀ English ▶")
        XCTAssertEqual(preferencesFile.load().0.language, "en")
        lines = screen(shell, keys: "Left")
        assertShows(lines, "Einstellungen")
        XCTAssertEqual(preferencesFile.load().0.language, "system")
    }

    @MainActor func testSystemPreferenceFollowsTheLocaleAtStart() async throws {
        var prefs = Preferences()
        prefs.language = Catalogues.system
        prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        try preferencesFile.save(prefs)
        assertShows(screen(try makeShell(extraEnvironment: ["LANG": "fr_FR.UTF-8"])), "Historique")
        assertShows(screen(try makeShell(extraEnvironment: ["LANG": "C.UTF-8"])), "2 History")
    }

    /// A workstation nobody has set up speaks the locale's language: a German terminal opens in
    /// German without a visit to Settings, and the preference written is System, not a code.
    @MainActor func testANewWorkstationFollowsTheLocale() async throws {
        XCTAssertEqual(Preferences().language, Catalogues.system)
        XCTAssertEqual(preferencesFile.load().1, .missing)
        assertShows(screen(try makeShell(extraEnvironment: ["LANG": "de_DE.UTF-8"])), "Verlauf")
        assertShows(screen(try makeShell(extraEnvironment: ["LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"])), "2 History")
    }

    /// In a locale that is not UTF-8, 简体中文 cannot be drawn: English, and one line saying why.
    @MainActor func testChineseInAnASCIITerminalFallsBackToEnglishAndSaysSo() async throws {
        let shell = try makeShell(extraEnvironment: ["LANG": "C"])
        _ = screen(shell)
        shell.update { $0.language = "zh-Hans" }
        let lines = screen(shell)
        assertShows(lines, "2 History")
        assertShows(lines, "zh-Hans needs a UTF-8 terminal")
        XCTAssertFalse(lines.joined().contains("??"), lines.joined(separator: "\n"))
        XCTAssertEqual(preferencesFile.load().0.language, "zh-Hans", "the choice is kept for a UTF-8 terminal")

        let restarted = try makeShell(extraEnvironment: ["LANG": "C"])
        let again = screen(restarted)
        assertShows(again, "2 History")
        assertShows(again, "zh-Hans needs a UTF-8 terminal")
        // A UTF-8 terminal shows the Chinese.
        assertShows(screen(try makeShell(extraEnvironment: ["LANG": "zh_CN.UTF-8"])), "历史")
        // Latin-script languages fold to ASCII and stay.
        restarted.update { $0.language = "de" }
        assertShows(screen(restarted), "2 Verlauf")
    }

    func testOnlyChineseAmongTheShippedLanguagesNeedsUTF8() throws {
        for language in Catalogues.available() {
            XCTAssertEqual(try Catalogues.localizer(for: language.code).isShowableInASCII, language.code != "zh-Hans", language.code)
        }
    }
}
