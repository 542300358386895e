import Clinical
import TerminalUI
import XCTest
@testable import CotsideApp

/// Options whose wording depends on another input change with it on screen, and each field's
/// help shows while it has focus. GCS verbal wording under 5 years: James HE, Trauner DA 1985;
/// Reilly PL et al., Childs Nerv Syst 1988;4:30–33 ("cries but consolable", "coos and babbles").
final class ToolFormWordingTests: ShellTestCase {
    @MainActor func testGcsVerbalWordingFollowsTheAgeTyped() async throws {
        let shell = try makeShell()
        // Age 3 typed in the last field, then back up to the verbal row.
        var lines = screen(shell, keys: "3 g c s Enter Down Down Down 3 Up Up", width: 100, height: 30)
        assertShows(lines, "Cries but consolable; irritable")
        assertShows(lines, "Alert, coos and babbles")
        assertDoesNotShow(lines, "Oriented")
        assertDoesNotShow(lines, "Confused")
        // Age 7: the standard wording.
        lines = screen(shell, keys: "Down Down Backspace 7 Up Up", width: 100, height: 30)
        assertShows(lines, "Oriented")
        assertDoesNotShow(lines, "Alert, coos and babbles, smiles")
    }

    @MainActor func testTheChosenVerbalScoreKeepsItsValueAndShowsTheNewWording() async throws {
        let shell = try makeShell()
        // Verbal 4 chosen first, then age 2 typed: the row reads the under-5 descriptor of 4.
        let lines = screen(shell, keys: "3 g c s Enter 4 4 6 2", width: 100, height: 30)
        assertShows(lines, "Cries but consolable; irritable")
        assertShows(lines, "Score 14 points")
    }

    @MainActor func testFocusedFieldShowsItsHelp() async throws {
        let shell = try makeShell()
        // PRAM: the SpO2 field's help gives the points.
        var lines = screen(shell, keys: "3 / p r a m Enter Down Down Down Down", width: 100, height: 30)
        assertShows(lines, "0 points ≥ 95 %, 1 point 92–94 %, 2 points < 92 %")
        lines = screen(shell, keys: "Up", width: 100, height: 30)
        assertDoesNotShow(lines, "0 points ≥ 95 %")
    }

    func testGcsDeclaresTheUnderFiveWording() {
        let verbal = GcsTool.spec.input("verbal")
        XCTAssertEqual(verbal?.optionWording?.dependsOn, "age_years")
        XCTAssertEqual(verbal?.optionWording?.below, 5)
        XCTAssertEqual(verbal?.optionWording?.options, GcsTool.paediatricVerbal)
    }
}
