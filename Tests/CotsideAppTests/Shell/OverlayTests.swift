import XCTest
@testable import CotsideApp
import TerminalUI

/// Help overlay, command palette, settings and about: opened from any tab, closed with Esc.
final class OverlayTests: ShellTestCase {
    @MainActor func testHelpListsTheKeysOfTheScreenInFrontAndFilters() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "?", width: 100, height: 30)
        assertShows(lines, "Keys: Dashboard")
        for text in ["Go to History", "Next tab", "Open settings", "Quit Cotside", "About Cotside"] {
            assertShows(lines, text)
        }
        lines = screen(shell, keys: "s e t t", width: 100, height: 30)
        assertShows(lines, "Filter: sett")
        assertShows(lines, "Open settings")
        assertDoesNotShow(lines, "Go to History")
        // Typed letters went to the filter, not to the shortcuts they usually are.
        XCTAssertEqual(shell.stack.count, 1)
        lines = screen(shell, keys: "Esc", width: 100, height: 30)
        assertDoesNotShow(lines, "Keys: Dashboard")
        XCTAssertTrue(shell.stack.isEmpty)
    }

    @MainActor func testHelpOnSettingsListsTheSettingsKeys() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: "s ?", width: 100, height: 30)
        assertShows(lines, "Keys: Settings")
        assertShows(lines, "Change")
        assertShows(lines, "Back")
    }

    @MainActor func testPaletteFuzzyMatchesAndRunsTheChosenAction() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: ":", width: 100, height: 30)
        assertShows(lines, "Commands")
        assertShows(lines, "Open settings")
        lines = screen(shell, keys: "a b o u t", width: 100, height: 30)
        assertShows(lines, "About Cotside")
        assertDoesNotShow(lines, "Open settings")
        lines = screen(shell, keys: "Enter", width: 100, height: 30)
        assertShows(lines, "Cotside — Version \(CotsideVersion.string)")
        assertShows(lines, "Medical disclaimer")
        _ = screen(shell, keys: ": q u i t Enter")
        XCTAssertTrue(shell.wantsQuit)
    }

    @MainActor func testPaletteGoesToATab() async throws {
        let shell = try makeShell()
        _ = screen(shell, keys: ": h i s t Enter")
        XCTAssertEqual(shell.activeTab, 1)
        XCTAssertTrue(shell.stack.isEmpty)
    }

    @MainActor func testSettingsChangeThemeAtOnceAndPersist() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "s")
        assertShows(lines, "Theme")
        assertShows(lines, "◀ Dark ▶")
        lines = screen(shell, keys: "Right")
        assertShows(lines, "◀ Light ▶")
        XCTAssertEqual(shell.context.theme.name, .light)
        XCTAssertTrue(shell.needsFullRedraw, "a theme change redraws the whole screen")
        XCTAssertEqual(preferencesFile.load().0.theme, "light")
        _ = screen(shell, keys: "Right Right")
        XCTAssertEqual(preferencesFile.load().0.theme, "dark", "the choice wraps round")
        _ = screen(shell, keys: "Left")
        XCTAssertEqual(preferencesFile.load().0.theme, "monochrome")
    }

    @MainActor func testClickOnASettingsRowSelectsTheRowDrawnThere() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "s")
        let languageRow = try XCTUnwrap(lines.firstIndex { $0.contains("Language") })
        shell.handle(.mouse(MouseEvent(x: 10, y: languageRow, kind: .click(button: 1))))
        lines = shell.render(width: 80, height: 24).lines
        XCTAssertTrue(lines[languageRow].contains("▶ Language"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines[languageRow - 1].contains("▶ Theme"), lines.joined(separator: "\n"))
    }

    @MainActor func testNoColourForcesMonochromeWhateverThePreference() async throws {
        let shell = try makeShell(extraEnvironment: ["NO_COLOR": "1"])
        XCTAssertEqual(shell.context.theme.name, .monochrome)
        assertShows(screen(shell, keys: "s"), "Colour is off")
        let flagged = try makeShell(noColour: true)
        XCTAssertEqual(flagged.context.theme.name, .monochrome)
    }

    @MainActor func testAboutListsLicencesAndFilesAndScrolls() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "a", width: 200, height: 30)
        assertShows(lines, "Cotside — Version \(CotsideVersion.string)")
        lines = screen(shell, keys: "End", width: 200, height: 30)
        assertShows(lines, "GRDB.swift")
        assertShows(lines, "Preferences: \(preferencesFile.url.path)")
        _ = screen(shell, keys: "Esc")
        XCTAssertTrue(shell.stack.isEmpty)
    }

    /// Issue 20: About says who translated the language on screen and that a clinician must
    /// review it, and names the catalogue's provenance note; English names none.
    @MainActor func testAboutSaysWhoTranslatedTheLanguageAndWhereItsNoteIs() async throws {
        let shell = try makeShell(extraEnvironment: ["LANG": "de_DE.UTF-8"])
        let german = screen(shell, keys: "a", width: 200, height: 40).joined(separator: "\n")
        XCTAssertTrue(german.contains("Übersetzung"), german)
        XCTAssertTrue(german.contains("Maschinelle Übersetzung durch ein KI-Sprachmodell"), german)
        XCTAssertTrue(german.contains("de.provenance.md"), german)
        shell.update { $0.language = "en" }
        let english = screen(shell, width: 200, height: 40).joined(separator: "\n")
        XCTAssertTrue(english.contains("English is Cotside's source language"), english)
        XCTAssertFalse(english.contains("provenance.md"), english)
    }

    @MainActor func testQuitAsksFirstWhenAFormHoldsUnsavedInput() async throws {
        let shell = try makeShell()
        let form = UnsavedFormDouble()
        shell.apply(.push(form), from: shell.front)
        var lines = screen(shell, keys: "q")
        XCTAssertFalse(shell.wantsQuit)
        assertShows(lines, "Quit Cotside?")
        lines = screen(shell, keys: "Enter")
        XCTAssertFalse(shell.wantsQuit, "No is the default answer")
        _ = screen(shell, keys: "q y")
        XCTAssertTrue(shell.wantsQuit)
    }

    @MainActor func testEscOnAFormWithUnsavedInputAsksBeforeDiscarding() async throws {
        let shell = try makeShell()
        shell.apply(.push(UnsavedFormDouble()), from: shell.front)
        var lines = screen(shell, keys: "Esc")
        assertShows(lines, "Discard changes?")
        lines = screen(shell, keys: "n")
        XCTAssertTrue(shell.front is UnsavedFormDouble)
        _ = screen(shell, keys: "Esc y")
        XCTAssertTrue(shell.stack.isEmpty)
    }
}

/// A screen that claims to hold unsaved input, standing in for any form.
final class UnsavedFormDouble: Screen {
    var hasUnsavedInput: Bool { true }
    func title(_ context: AppContext) -> String { "Form" }
    func keyMap(_ context: AppContext) -> KeyMap { KeyMap([]) }
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.put("FORM", in: area.row(0))
    }
}
