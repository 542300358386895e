import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI

/// The triage wizard and each module's results, headless at the fixed clock.
final class StrokeTriageScreenTests: ShellTestCase {
    static let open = "3 s t r o k e Enter"

    @MainActor func testQuestionsRouteToTheModules() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: Self.open)
        assertShows(lines, "Is the patient comatose (GCS < 8)?")
        lines = screen(shell, keys: "n")
        assertShows(lines, "Can the patient be examined?")
        lines = screen(shell, keys: "n")
        assertShows(lines, "Limited module (cannot be examined)")
        assertDoesNotShow(lines, "FAST-ED")
    }

    @MainActor func testComaModuleResults() async throws {
        let shell = try makeShell()
        // GFAP 1000 pg/mL: 23.94 mL by the contract's formula (large, 10-19 % mortality).
        assertScreen(screen(shell, keys: Self.open + " y 1 0 0 0 Enter"), [
            " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
            "  Stroke triage results — coma module",
            "",
            "  ICH volume (GFAP)      23.9 mL  ✖ large  30-day mortality 10-19%",
            "  ICH probability        ? not available offline (remote model in the design)",
            "",
            "  Suggested destination: stroke unit able to give thrombolysis  (c lists the …",
            "",
            "  ! For research use only. This is not a clinical decision and does not",
            "  replace brain imaging or a stroke physician's assessment.",
            "", "", "", "", "", "", "", "", "", "", "", "",
            " Ward                           no user selected               Sat 21 Nov 14:05",
            "c Centres  Esc Back  ? Help  : Commands  q Quit",
        ])
    }

    @MainActor func testLimitedModuleResultsHaveNoLvo() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: Self.open + " n n 7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter")
        assertShows(lines, "Stroke triage results — limited module")
        // GFAP 100: 10^(0.0192 + 0.4533 × 2) = 8.43 mL (contract notes), small, 5-10 %.
        assertShows(lines, "ICH volume (GFAP)      8.43 mL  i small  30-day mortality 5-10%")
        assertShows(lines, "not available offline")
        assertDoesNotShow(lines, "LVO probability")
        assertShows(lines, "For research use only")
    }

    @MainActor func testFullModuleTakesFastEdOnItsOwnSubFormThenShowsGaugeBandAndDrivers() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: Self.open + " n y")
        assertShows(lines, "Full module, step 1 of 2: the FAST-ED items")
        lines = screen(shell, keys: "1 2 2 2 2 Enter")
        assertShows(lines, "Full module, step 2 of 2")
        assertShows(lines, "FAST-ED score       9")
        assertShows(lines, "from the FAST-ED sub-form")
        lines = screen(shell, keys: "7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter")
        // The contract's LVO model at GFAP 100, FAST-ED 9, computed here independently.
        let g = (pow(101.0, -0.825559) - 1) / -0.825559
        let fTerm = 1.651521 * (9 - 3.701422) / 2.306173
        let gTerm = -0.826450 * g
        let p = 1 / (1 + exp(-(1.117420 * (-0.408314 + gTerm + fTerm) - 1.032167)))
        assertShows(lines, "\(NumberText.rounded(p * 100, digits: 0)) %  ✖ very high risk")
        assertShows(lines, "[█████████████████░░░]")
        assertShows(lines, "FAST-ED  +\(NumberText.rounded(fTerm, digits: 2))")
        assertShows(lines, "GFAP     −\(NumberText.rounded(-gTerm, digits: 2))")
        assertShows(lines, "│████████████")
        assertShows(lines, "Suggested destination: thrombectomy-capable centre")
        // c opens the centres with the suggested capability as the filter.
        lines = screen(shell, keys: "c M u n c h e n")
        assertShows(lines, "Showing: thrombectomy-capable centre")
        let first = try XCTUnwrap(lines.first { $0.contains(" km ") })
        XCTAssertTrue(first.contains("München"), first)
    }

    @MainActor func testCentresScreenSearchesAndCyclesTheCapabilityFilter() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "3 c e n t r e s Enter")
        assertShows(lines, "Showing: all centres")
        lines = screen(shell, keys: "A u g s b u r g")
        assertShows(lines, "Universitätsklinikum Augsburg")
        lines = screen(shell, keys: "Tab")
        assertShows(lines, "Showing: thrombectomy-capable centre")
        lines = screen(shell, keys: "C-u 4 8 . 3 7 , 1 0 . 8 9")
        let first = try XCTUnwrap(lines.first { $0.contains(" km ") })
        XCTAssertTrue(first.contains("Augsburg"), first)
    }

    func testGaugeAndDriverBars() {
        XCTAssertEqual(StrokeResultsScreen.gauge(0.5, width: 10, glyphs: .ascii), "[#####.....]")
        XCTAssertEqual(StrokeResultsScreen.gauge(0, width: 4, glyphs: .unicode), "[░░░░]")
        XCTAssertEqual(StrokeResultsScreen.driverBar(-1, scale: 2, halfWidth: 4, glyphs: .ascii), "  ##|    ")
        XCTAssertEqual(StrokeResultsScreen.driverBar(2, scale: 2, halfWidth: 4, glyphs: .ascii), "    |####")
    }
}
