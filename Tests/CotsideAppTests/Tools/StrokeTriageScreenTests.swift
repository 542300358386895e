import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI

/// The triage wizard and each module's results, headless at the fixed clock and 80×24.
final class StrokeTriageScreenTests: ShellTestCase {
    static let open = "3 s t r o k e Enter"
    /// Full module: FAST-ED items 1 2 2 2 2 (score 9), age 70, BP 150/90, GFAP 100.
    static let full = open + " n y 1 2 2 2 2 Enter 7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter"

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

    /// The top of the page: the save state, the input summary with the FAST-ED items and the
    /// time, then the two risk rings side by side. LVO at GFAP 100, FAST-ED 9 is 84 % (the model
    /// worked independently in the FAST-ED test below): about 5/6 of the ring, very high
    /// (≥ 70 %); the ICH probability has no offline model, so its ring is empty and says so.
    @MainActor func testTopOfFullModuleResultsGolden() async throws {
        let shell = try makeShell()
        assertScreen(screen(shell, keys: Self.full), GOLDEN_TOP)
    }

    /// End shows the last page: the drivers, where to ask for centres, the research statement
    /// and the position "lines … of …". GFAP 100 → 8.43 mL, (8.43/1200)^(2/3) = 3.7 % of 165
    /// cells = 6. Drivers: FAST-ED 1.651521 × (9 − 3.701422)/2.306173 = +3.79; GFAP
    /// −0.826450 × (101^−0.825559 − 1)/−0.825559 = −0.98; the intercept −0.41; FAST-ED's bar is
    /// the full half, the others in proportion.
    @MainActor func testResultsScrolledToTheBottomGolden() async throws {
        let shell = try makeShell()
        assertScreen(screen(shell, keys: Self.full + " End"), GOLDEN_BOTTOM)
    }

    @MainActor func testScrollKeysMoveThePageAndThePositionSaysWhere() async throws {
        let shell = try makeShell()
        // 80×24 leaves 19 page rows above the position line.
        var lines = screen(shell, keys: Self.full)
        let position = try XCTUnwrap(lines.first { $0.contains("lines 1–19 of") })
        let total = String(position[position.range(of: "lines 1–19 of")!.lowerBound...].prefix(16))
        lines = screen(shell, keys: "Down Down")
        assertShows(lines, "lines 3–21 of")
        lines = screen(shell, keys: "PgDn")
        assertShows(lines, "lines 21–39 of")
        lines = screen(shell, keys: "Home")
        assertShows(lines, total)
        lines = screen(shell, keys: "PgDn PgUp Up")
        assertShows(lines, "lines 1–19 of")
    }

    /// The coma module's whole page, on a terminal tall enough to show it at once.
    @MainActor func testComaModuleResults() async throws {
        let shell = try makeShell()
        // GFAP 1000 pg/mL: 23.94 mL by the contract's formula (large, 10-19 % mortality), which
        // fills (23.94/1200)^(2/3) = 7.4 % of the slice.
        let lines = screen(shell, keys: Self.open + " y 1 0 0 0 Enter", height: 60)
        assertShows(lines, "Stroke triage results — coma module")
        assertShows(lines, "Assessed      Sat 21 Nov 14:05 · coma module")
        assertShows(lines, "GFAP          1000 pg/mL")
        assertShows(lines, "ICH volume (GFAP)      23.9 mL  ✖ large  30-day mortality 10-19%")
        assertShows(lines, "23.9 mL fills 7.4 % of the slice (12 of 165 cells).")
        assertShows(lines, "full module only (FAST-ED)")
        assertShows(lines, "The drivers come from the LVO model, so the full module only")
        assertShows(lines, "Nearest suitable centres: stroke unit able to give thrombolysis")
        assertShows(lines, "For research use only.")
        assertShows(lines, "lines 1–")
    }

    @MainActor func testLimitedModuleResultsHaveNoLvo() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: Self.open + " n n 7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter")
        assertShows(lines, "Stroke triage results — limited module")
        assertShows(lines, "full module only (FAST-ED)")
        assertShows(lines, "not available offline")
        assertDoesNotShow(lines, "FAST-ED        ")
    }

    @MainActor func testFullModuleTakesFastEdOnItsOwnSubFormAndTheResultsShowItsItems() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: Self.open + " n y")
        assertShows(lines, "Full module, step 1 of 2: the FAST-ED items")
        lines = screen(shell, keys: "1 2 2 2 2 Enter")
        assertShows(lines, "Full module, step 2 of 2")
        assertShows(lines, "FAST-ED score       9")
        assertShows(lines, "from the FAST-ED sub-form")
        lines = screen(shell, keys: "7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter")
        assertShows(lines, "9 of 9: facial palsy 1 · arm weakness 2 · speech changes 2 ·")
        assertShows(lines, "Age 70 years · Systolic BP 150 mmHg · Diastolic BP 90 mmHg")
        assertShows(lines, "none of the 8 asked")
        // The contract's LVO model at GFAP 100, FAST-ED 9, computed here independently.
        let g = (pow(101.0, -0.825559) - 1) / -0.825559
        let fTerm = 1.651521 * (9 - 3.701422) / 2.306173
        let gTerm = -0.826450 * g
        let p = 1 / (1 + exp(-(1.117420 * (-0.408314 + gTerm + fTerm) - 1.032167)))
        lines = screen(shell, keys: "Down Down Down Down")
        assertShows(lines, "\(NumberText.rounded(p * 100, digits: 0)) %")
        assertShows(lines, "✖ very high risk")
        lines = screen(shell, keys: "End")
        assertShows(lines, "FAST-ED  +\(NumberText.rounded(fTerm, digits: 2))")
        assertShows(lines, "GFAP     −\(NumberText.rounded(-gTerm, digits: 2))")
        assertShows(lines, "thrombectomy-capable centre")
    }

    @MainActor func testWhereYouAreListsTheNearestSuitableCentresAndCarriesToTheList() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: Self.full + " l M u n c h e n Enter End")
        assertShows(lines, "Near Munchen, by great-circle distance:")
        assertShows(lines, "Klinikum rechts der Isar München (TUM) — neurosurgical centre")
        assertShows(lines, "Ismaninger Str. 22, 81675 München")
        assertShows(lines, "emergency +49 89 4140-2249 · thrombectomy, neurosurgery, thrombolysis")
        // c opens the whole list with the suggested capability and the place already in.
        lines = screen(shell, keys: "c")
        assertShows(lines, "Showing: thrombectomy-capable centre · any type")
        let first = try XCTUnwrap(lines.first { $0.contains(" km ") })
        XCTAssertTrue(first.contains("München"), first)
    }

    @MainActor func testLeavingUnsavedResultsAsksAndSaysNothingWasStored() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: Self.open + " y 1 0 0 0 Enter")
        assertShows(lines, "Not saved yet, no patient selected: S saves it unattached once reviewed")
        lines = screen(shell, keys: "Esc")
        assertShows(lines, "Leave without saving?")
        lines = screen(shell, keys: "n")
        assertShows(lines, "Stroke triage results — coma module")
        lines = screen(shell, keys: "Esc y")
        assertShows(lines, "Assessment discarded: nothing was stored.")
        assertShows(lines, "Coma module (GCS < 8)")
    }

    /// The list filtered to thrombectomy-capable comprehensive stroke centres, nearest to
    /// Augsburg (48.37, 10.89) first: type and capabilities in words, the address on the second
    /// line. The starter list has four comprehensive stroke centres (PROVENANCE.md: 3 in Bayern,
    /// 1 each in the other two states), all thrombectomy-capable; Bamberg is the nearest.
    @MainActor func testCentresListFilteredGolden() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "3 c e n t r e s Enter")
        assertShows(lines, "Showing: any capability · any type")
        lines = screen(shell, keys: "A u g s b u r g")
        assertShows(lines, "Universitätsklinikum Augsburg")
        assertScreen(screen(shell, keys: "C-u 4 8 . 3 7 , 1 0 . 8 9 Tab S-Tab S-Tab"), GOLDEN_CENTRES)
    }
}

private let GOLDEN_TOP: [String] = [
    " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
    "  Stroke triage results — full module",
    "  ! Not saved yet, no patient selected: S saves it unattached once reviewed",
    "    (p picks a patient).",
    "",
    "  Inputs",
    "    Assessed      Sat 21 Nov 14:05 · full module",
    "    GFAP          100 pg/mL",
    "    FAST-ED       9 of 9: facial palsy 1 · arm weakness 2 · speech changes 2 ·",
    "                  eye deviation 2 · denial / neglect 2",
    "    Patient       Age 70 years · Systolic BP 150 mmHg · Diastolic BP 90 mmHg",
    "    Findings      none of the 8 asked",
    "",
    "                ░░░░█████                             ░░░░░░░░░",
    "              ██░       ███                         ░░░       ░░░",
    "              █   84 %    █                         ░    n/a    ░",
    "              ███       ███                         ░░░       ░░░",
    "                █████████                             ░░░░░░░░░",
    "             LVO probability                       ICH probability",
    "             ✖ very high risk                   not available offline",
    "                         lines 1–19 of 49  ▼ Up/Down PgUp/PgDn Home/End scroll",
    "",
    " Ward                           no user selected               Sat 21 Nov 14:05",
    "S Save  c Centres  l Where  R Report  Esc Back  ? Help  : Commands  q Quit",
]
private let GOLDEN_BOTTOM: [String] = [
    " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
    "   ╲                   ╱  8.43 mL fills 3.7 % of the slice (6 of 165 cells).",
    "    ╲                 ╱",
    "    ╲                 ╱   Bands: small < 10 mL, moderate 10–20, large 20–30,",
    "     ──             ──    critical ≥ 30.",
    "       ──    ┊    ──",
    "         ─────────",
    "",
    "  Drivers of the LVO logit (signed contributions)",
    "    FAST-ED  +3.79                              │█████████████████████████████",
    "    GFAP     −0.98                       ███████│",
    "    baseline −0.41                           ███│",
    "                                 lowers LVO risk│raises LVO risk",
    "",
    "  Nearest suitable centres: thrombectomy-capable centre",
    "    l says where you are (a city, a centre or \"lat,lon\") for the nearest",
    "    three; c opens the whole list.",
    "",
    "  ! For research use only. This is not a clinical decision and does not",
    "  replace brain imaging or a stroke physician's assessment.",
    "                        lines 31–49 of 49  ▲ Up/Down PgUp/PgDn Home/End scroll",
    "",
    " Ward                           no user selected               Sat 21 Nov 14:05",
    "S Save  c Centres  l Where  R Report  Esc Back  ? Help  : Commands  q Quit",
]
private let GOLDEN_CENTRES: [String] = [
    " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
    " Near or search: 48.37,10.89_",
    " Showing: thrombectomy-capable centre · comprehensive stroke centre",
    " Nearest first (great-circle distance) · 1–4 of 4",
    "  170.0 km  Klinikum Bamberg — comprehensive stroke centre",
    "            Buger Str. 80, 96049 Bamberg",
    "            emergency +49 951 503-11101 · thrombectomy, thrombolysis",
    "  182.2 km  Klinikum Bayreuth — comprehensive stroke centre",
    "            Preuschwitzer Str. 101, 95445 Bayreuth",
    "            emergency +49 921 400-5401 · thrombectomy, thrombolysis",
    "  216.0 km  Universitätsmedizin Mannheim — comprehensive stroke centre",
    "            Theodor-Kutzer-Ufer 1-3, 68167 Mannheim",
    "            emergency +49 621 383-2251 · thrombectomy, thrombolysis",
    "  439.1 km  Universitätsklinikum Aachen — comprehensive stroke centre",
    "            Pauwelsstraße 30, 52074 Aachen",
    "            emergency +49 241 80-89611 · thrombectomy, thrombolysis",
    "",
    "",
    "",
    "",
    "",
    "",
    " Ward                           no user selected               Sat 21 Nov 14:05",
    "Tab Capability  S-Tab Type  Esc Back",
]

/// The results list the FAST-ED items only while they still add up to the score used.
final class FastEdItemsTests: XCTestCase {
    @MainActor func testItemsGoWithTheScoreOnlyWhileTheyStillAddUpToIt() async {
        let items: [String: RawValue] = ["facial_palsy": .string("1"), "arm_weakness": .string("2"), "speech_changes": .number(2),
                                         "eye_deviation": .string("2"), "denial_neglect": .string("2")]
        XCTAssertEqual(StrokeTriageScreen.itemsStillMatching(items, score: .string("9"))?.count, 5)
        XCTAssertNil(StrokeTriageScreen.itemsStillMatching(items, score: .string("6")), "the score was typed over")
        XCTAssertNil(StrokeTriageScreen.itemsStillMatching(items, score: nil))
    }
}
