import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The bilirubin form at 80×24 (clock 2026-11-21 14:05 UTC) for a baby with a charted time of
/// birth, in a mg/dL ward and a µmol/L ward (the `bilirubinUnit` setting), and for a baby born
/// before 35 weeks, where the AAP 2022 thresholds do not apply and no number is shown.
@MainActor
final class BilirubinGoldenScreensTests: WardTestCase {
    func admitBaby(ga: (Int, Int), bornAt time: String?) async throws -> Patient {
        try await store.admit(PatientDraft(
            bedLabel: "4", givenName: "Iris", familyName: "Yellow", hospitalNumber: "H400",
            dateOfBirth: CalendarDay("2026-11-19")!, sex: .female, gestationalAgeWeeks: ga.0, gestationalAgeDays: ga.1,
            birthWeightGrams: 3100, admittedAt: Self.now.addingTimeInterval(-48 * 3600),
            timeOfBirth: time.flatMap { TimeOfDay($0) }), by: nil).record
    }

    func openBilirubin(for patient: Patient, unit: BilirubinUnit) async throws {
        var settings = try await store.settings()
        settings.bilirubinUnit = unit
        _ = try await store.updateSettings(settings, by: nil)
        try await startShell()
        shell.apply(.session(.selectedPatient(patient)), from: shell.front)
        await shell.settle()
        await press(.char("3"), .char("/"))
        await type("bilirubin")
        await press(.enter)
    }

    func testMilligramWardWithTheChartsTimeOfBirth() async throws {
        let iris = try await admitBaby(ga: (38, 2), bornAt: "03:15")
        try await openBilirubin(for: iris, unit: .mgPerDl)
        await press(.tab, .tab)
        await type("14")
        assertScreen(Self.milligram, width: 80)
    }

    func testMicromolarWardAndATypedUnit() async throws {
        let iris = try await admitBaby(ga: (38, 2), bornAt: "03:15")
        try await openBilirubin(for: iris, unit: .umolPerL)
        await press(.tab, .tab)
        await type("250")
        assertScreen(Self.micromolar, width: 80)
        await press(.backspace, .backspace, .backspace)
        // A unit typed after the number is honoured; the thresholds stay in the ward's µmol/L.
        await type("18 mg/dL")
        let text = screenText(width: 80)
        XCTAssertTrue(text.contains("18 mg/dL_    = 307.8 µmol/L"), text)
        XCTAssertTrue(text.contains("Status: At or above the phototherapy threshold"), text)
        XCTAssertTrue(text.contains("Phototherapy threshold 297.3 µmol/L"), text)
        // The review before saving shows what the form computed, readably.
        await press(.tab, .char("S"))
        let review = screenText(width: 80)
        XCTAssertTrue(review.contains("Age: 58.83 hours  (from chart)"), review)
        XCTAssertTrue(review.contains("Total serum bilirubin: 307.8 µmol/L"), review)
    }

    func testPretermBabyWithoutATimeOfBirth() async throws {
        let iris = try await admitBaby(ga: (33, 4), bornAt: nil)
        try await openBilirubin(for: iris, unit: .umolPerL)
        // No time of birth on the chart: the age field says so and waits for hours or a time.
        XCTAssertTrue(screenText(width: 80).contains("Age                        …          hours  i time of birth not charted"),
                      screenText(width: 80))
        await press(.tab)
        await type("48")
        await press(.tab)
        await type("200")
        assertScreen(Self.preterm, width: 80)
    }

    static let milligram = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Bilirubin thresholds (AAP 2022) — Phototherapy, escalation-of-care and exchan…
           Gestational age            38         weeks  i from chart
           Age                        2026-11-19 03:15   = 58.8 h · from chart
         ▶ Total serum bilirubin      14_        mg/dL  0.1–50 mg/dL
             i In mg/dL, or type another unit after the number (µmol/L)
           Neurotoxicity risk factors [ ]





         ── Result ────────────────────────────────────────────────────────────────────
         Phototherapy threshold 17.4 mg/dL   Escalation-of-care threshold 23 mg/dL
         Exchange-transfusion threshold 25 mg/dL
         At or above the phototherapy threshold no
         At or above the exchange threshold no   AAP 2022 thresholds apply yes
         ✔ Status: Below the phototherapy threshold
         TSB 14 mg/dL at 58.8 h (38-week curve, no neurotoxicity risk factors): below
         the phototherapy threshold; phototherapy 17.4, exchange 25 mg/dL.
         ! warning: Thresholds interpolated between hours 58 and 59.

         Ward                           no user selected               Sat 21 Nov 14:05
        r Refs  S Save  Esc Back
        """#
    static let micromolar = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Bilirubin thresholds (AAP 2022) — Phototherapy, escalation-of-care and exchan…
           Gestational age            38         weeks  i from chart
           Age                        2026-11-19 03:15   = 58.8 h · from chart
         ▶ Total serum bilirubin      250_       µmol/L  1.7–855 µmol/L
             i In µmol/L, or type another unit after the number (mg/dL)
           Neurotoxicity risk factors [ ]





         ── Result ────────────────────────────────────────────────────────────────────
         Phototherapy threshold 297.3 µmol/L   Escalation-of-care threshold 393 µmol/L
         Exchange-transfusion threshold 427.2 µmol/L
         At or above the phototherapy threshold no
         At or above the exchange threshold no   AAP 2022 thresholds apply yes
         ✔ Status: Below the phototherapy threshold
         TSB 250 µmol/L at 58.8 h (38-week curve, no neurotoxicity risk factors): below
         the phototherapy threshold; phototherapy 297, exchange 427 µmol/L.
         ! warning: Thresholds interpolated between hours 58 and 59.

         Ward                           no user selected               Sat 21 Nov 14:05
        r Refs  S Save  Esc Back
        """#
    static let preterm = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Bilirubin thresholds (AAP 2022) — Phototherapy, escalation-of-care and exchan…
         ! Does not apply to Iris Yellow: for babies of 35 weeks or more (born at 33+4)
           Gestational age            33         weeks  i from chart
           Age                        48         hours  1–336 hours
         ▶ Total serum bilirubin      200_       µmol/L  1.7–855 µmol/L
             i In µmol/L, or type another unit after the number (mg/dL)
           Neurotoxicity risk factors [ ]






         ── Result ────────────────────────────────────────────────────────────────────
         AAP 2022 thresholds apply no
         ▲ Status: AAP 2022 thresholds do not apply below 35 weeks
         The AAP 2022 thresholds are for infants born at 35 weeks or later; at 33 weeks
         they do not apply and no threshold is given. Follow the unit's preterm
         guidance (for example NICE CG98, Jaundice in newborn babies under 28 days,
         which gives threshold graphs by gestational age).

         Ward                           no user selected               Sat 21 Nov 14:05
        r Refs  S Save  Esc Back
        """#
}
