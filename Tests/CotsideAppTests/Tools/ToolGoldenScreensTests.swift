import XCTest
@testable import CotsideApp
import TerminalUI

/// Whole-screen goldens (80×24, fixed clock 2026-11-21 14:05 UTC) of the forms the issue names.
final class ToolGoldenScreensTests: ShellTestCase {
    @MainActor func testBsaWithAnInvalidWeight() async throws {
        let shell = try makeShell()
        assertScreen(screen(shell, keys: "3 b s a Enter 1 1 0 Tab 0"), Self.bsaInvalid)
    }

    @MainActor func testFilledDosageForm() async throws {
        let shell = try makeShell()
        assertScreen(screen(shell, keys: "3 d o s a g e Enter Right Down 1 2 Down Right"), Self.dosageFilled)
    }

    @MainActor func testGrowthChartInASCII() async throws {
        let shell = try makeShell(extraEnvironment: ["LANG": "C", "LC_ALL": "C"])
        assertScreen(screen(shell, keys: "3 g r o w t h Enter Right Down 1 8 0 Down Down 7 g"), Self.growthASCII)
    }

    static let bsaInvalid: [String] = [
        " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
        " Body surface area (Mosteller) — BSA = √(height cm × weight kg / 3600)",
        "   Height / length 110        cm  10–250 cm",
        " ▶ Weight          0_         kg  ✖ 0 kg is outside 0.1–300 kg",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        " ── Result ────────────────────────────────────────────────────────────────────",
        " ✖ fix Weight: 0 kg is outside 0.1–300 kg",
        "",
        "",
        "",
        " Ward                           no user selected               Sat 21 Nov 14:05",
        "r Refs  S Save  Esc Back  ? Help  : Commands  q Quit",
    ]
    static let dosageFilled: [String] = [
        " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
        " Weight-based dosage — Single dose in mg (and mL for a stocked strength) from …",
        " i concentration must be one of the chosen drug's strengths",
        "   Drug       paracetamol  Paracetamol",
        "   Weight   12         kg  0.1–300 kg",
        " ▶ Strength ◀ 120mg_5ml ▶  120 mg/5 mL oral suspension  optional",
        "     i One of the chosen drug's stocked strengths; gives the dose in mL",
        "",
        "",
        "",
        " ── Result ────────────────────────────────────────────────────────────────────",
        " !! WEIGHT NOT FROM TODAY'S CHART: check it against today's weight before givi…",
        " Dose 180 mg   Maximum single dose 1000 mg   Capped at the maximum no",
        " Volume 7.5 mL",
        " Frequency every 4–6 hours when required, at most 4 doses in 24 hours",
        " Maximum daily dose 720 mg   Dose per kg 15 mg/kg   Doses per day 4",
        " Paracetamol: 180 mg every 4–6 hours when required, at most 4 doses in 24 hours",
        " = 7.5 mL of 120 mg/5 mL oral suspension; at most 720 mg in 24 hours. Source:",
        " NPS MedicineWise / Australian Medicines Handbook children's dosing: 15 mg/kg",
        " every 4–6 hours, max 1 g per dose, no more than 4 doses in 24 hours (4 g/day",
        " above 12 years); strengths as stocked in the UK (BNF for Children).",
        "",
        " Ward                           no user selected               Sat 21 Nov 14:05",
        "r Refs  S Save  Esc Back  ? Help  : Commands  q Quit",
    ]
    static let growthASCII: [String] = [
        " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
        " Weight-for-age (boy) - WHO (chronological age)",
        " Weight-for-age (kg)                                               age (months)",
        " 12+                                                           |",
        "   |                                                           |",
        " 10+                                                           |        :::::::",
        "   |                                                    :::::::|::::::::.......",
        "   |                                        :::::::::::.....|-----|''''''::::::",
        "  8+                              ::::::::....|---|'''''::::..:|..::--::''::'':",
        "   |                      ::::::...|--|''''::.::.-::--::''::::.......|-------|'",
        "   |               :::::..|--|'':.::.-::''::'.....|-----|''''''':::::::",
        "  6+          :::..|-|''..::--::'....----'''''::::             |",
        "   |      ::..--'|::--:...|--|''':::                           |",
        "   |:::..-|'|-::|.|-|''':                                      |",
        "  4+||':--..--|''                                              |",
        "   ||---''                                                     |",
        "  2+                                                           |",
        "   ++---------+---------+---------+---------+---------+---------+---------+----",
        "    0         1         2         3         4         5         6         7",
        " ** measured  .  15th  .  85th  :: WHO 3rd-97th  .  50th",
        " age (months) 5.91  measured 7.00 kg  15th 7.0 kg  85th 8.8 kg",
        "",
        " Ward                           no user selected               Sat 21 Nov 14:05",
        "Tab Weight/length  Esc Back  ? Help  : Commands  q Quit",
    ]
}
