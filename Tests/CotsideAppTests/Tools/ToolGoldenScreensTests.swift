import XCTest
@testable import CotsideApp
import TerminalUI
import Clinical
import WardStore

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

    /// The same dose after the ward's pharmacist signed this drug table off: "reviewed by".
    @MainActor func testFilledDosageFormSignedOff() async throws {
        let shell = try makeShell()
        let table = try DrugFormulary.shared.get()
        shell.context.drugTableSignOff = DrugTableSignOff(staffId: 7, staffName: "Priya Shah", signedAt: Self.fixedNow,
                                                          tableVersion: table.version, tableChecksum: table.checksum)
        assertScreen(screen(shell, keys: "3 d o s a g e Enter Right Down 1 2 Down Right"), Self.dosageSignedOff)
    }

    /// A sign-off for an earlier table does not cover this one: the dose needs review again.
    @MainActor func testASignOffOfAnotherTableLapses() async throws {
        let shell = try makeShell()
        shell.context.drugTableSignOff = DrugTableSignOff(staffId: 7, staffName: "Priya Shah", signedAt: Self.fixedNow,
                                                          tableVersion: "2026-01-01.1", tableChecksum: String(repeating: "0", count: 64))
        let lines = screen(shell, keys: "3 d o s a g e Enter Right Down 1 2 Down Right")
        assertShows(lines, "! Needs local pharmacist review: Priya Shah signed table 2026-01-01.1")
        assertDoesNotShow(lines, "Reviewed by")
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
    static let dosageSignedOff: [String] = [
        " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
        " Weight-based dosage — Dose in mg (and mL for a stocked strength) by drug, rou…",
        " i concentration must be one of the chosen drug's strengths",
        "   Drug        paracetamol  Paracetamol",
        "   Weight    12         kg  0.1–300 kg",
        " ▶ Strength  ◀ 120mg_5ml ▶  120 mg/5 mL oral suspension  optional",
        "     i One of the chosen drug's stocked strengths; gives the dose in mL",
        "   Route       —",
        "   Age       …          days  0–6575 days · optional",
        "   Gestation …          weeks  22–44 weeks · optional",
        " ── Result ────────────────────────────────────────────────────────────────────",
        " !! WEIGHT NOT FROM TODAY'S CHART: check it against today's weight before givi…",
        " ✔ Reviewed by Priya Shah on 2026-11-21 (drug table 2026-11-26.1)",
        " Dose 180 mg   Maximum single dose 1000 mg   Capped at the maximum no",
        " Volume 7.5 mL",
        " Frequency every 4–6 hours when required, at most 4 doses in 24 hours",
        " Maximum daily dose 720 mg   Dose per kg 15 mg/kg   Doses per day 4",
        " Paracetamol, oral (child from 1 month): 180 mg every 4–6 hours when required,",
        " at most 4 doses in 24 hours = 7.5 mL of 120 mg/5 mL oral suspension; at most",
        " 720 mg in 24 hours. Source: NPS MedicineWise / Australian Medicines Handbook",
        " children's paracetamol advice: 15 mg/kg every 4–6 hours, max 1 g per dose, no",
        "",
        " Ward                           no user selected               Sat 21 Nov 14:05",
        "r Refs  S Save  P Sign off  Esc Back  ? Help  : Commands  q Quit",
    ]
    static let dosageFilled: [String] = [
        " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
        " Weight-based dosage — Dose in mg (and mL for a stocked strength) by drug, rou…",
        " i concentration must be one of the chosen drug's strengths",
        "   Drug        paracetamol  Paracetamol",
        "   Weight    12         kg  0.1–300 kg",
        " ▶ Strength  ◀ 120mg_5ml ▶  120 mg/5 mL oral suspension  optional",
        "     i One of the chosen drug's stocked strengths; gives the dose in mL",
        "   Route       —",
        "   Age       …          days  0–6575 days · optional",
        "   Gestation …          weeks  22–44 weeks · optional",
        " ── Result ────────────────────────────────────────────────────────────────────",
        " !! WEIGHT NOT FROM TODAY'S CHART: check it against today's weight before givi…",
        " ! Needs local pharmacist review (drug table 2026-11-26.1 not signed off here)",
        " Dose 180 mg   Maximum single dose 1000 mg   Capped at the maximum no",
        " Volume 7.5 mL",
        " Frequency every 4–6 hours when required, at most 4 doses in 24 hours",
        " Maximum daily dose 720 mg   Dose per kg 15 mg/kg   Doses per day 4",
        " Paracetamol, oral (child from 1 month): 180 mg every 4–6 hours when required,",
        " at most 4 doses in 24 hours = 7.5 mL of 120 mg/5 mL oral suspension; at most",
        " 720 mg in 24 hours. Source: NPS MedicineWise / Australian Medicines Handbook",
        " children's paracetamol advice: 15 mg/kg every 4–6 hours, max 1 g per dose, no",
        "",
        " Ward                           no user selected               Sat 21 Nov 14:05",
        "r Refs  S Save  P Sign off  Esc Back  ? Help  : Commands  q Quit",
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
