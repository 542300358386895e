import XCTest
@testable import CotsideApp
import CotsideResources

/// Choosing a language in Settings changes every string at once, without a restart, and is
/// remembered; keys a catalogue lacks fall back to English.
final class LanguageSwitchTests: ShellTestCase {
    /// A catalogue folder with the shipped English and a small second language.
    func cataloguesWithGerman() throws -> URL {
        let folder = home.appendingPathComponent("l10n")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CotsideResources.url("l10n/en.json"), to: folder.appendingPathComponent("en.json"))
        let german = #"{"_language": "Deutsch", "tab.history": "Verlauf", "tab.tools": "Werkzeuge", "settings.title": "Einstellungen"}"#
        try Data(german.utf8).write(to: folder.appendingPathComponent("de.json"))
        return folder
    }

    @MainActor func testSwitchingLanguageAppliesAtOnceAndPersists() async throws {
        let catalogues = try cataloguesWithGerman()
        let shell = try makeShell(catalogues: catalogues)
        var lines = screen(shell, keys: "s Down")
        assertShows(lines, "◀ System (English) ▶")  // a new workstation follows the locale (C.UTF-8)
        lines = screen(shell, keys: "Right Right")
        assertShows(lines, "◀ Deutsch ▶")
        assertShows(lines, "Einstellungen")
        assertShows(lines, "2 Verlauf")
        assertShows(lines, "3 Werkzeuge")
        assertShows(lines, "1 Dashboard") // not translated: English fallback
        XCTAssertEqual(preferencesFile.load().0.language, "de")

        let restarted = try makeShell(catalogues: catalogues)
        assertShows(screen(restarted), "2 Verlauf")
    }

    @MainActor func testALanguageNoLongerShippedFallsBackToEnglishWithAWarning() async throws {
        var prefs = Preferences()
        prefs.language = "tlh" // de and fr ship now; a code with no catalogue stands for one withdrawn
        prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        try preferencesFile.save(prefs)
        let shell = try makeShell()
        let lines = screen(shell)
        assertShows(lines, "2 History")
        assertShows(lines, "unknown language ‘tlh’")
    }
}
