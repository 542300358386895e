import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// A one-cot handover from a fixed demo ward and clock, as text: what a nurse reads on paper.
final class HandoverGoldenTests: WardTestCase {
    func testOneCotsDayShiftHandoverReadsAsWrittenHere() async throws {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 30, seed: 7, now: Self.now, timeZone: Self.utc)
        let settings = try await store.settings()
        let patient = try await store.admittedPatients().first { $0.bedLabel == "3" }!
        let since = settings.shiftChanges.shiftStart(at: Self.now, timeZone: Self.utc)
        let handover = try await store.handover(HandoverRequest(patientId: patient.id, since: since, until: Self.now, timeZone: Self.utc))
        let maker = try await store.activeStaff().first { $0.role == .nurse }!
        let document = HandoverDocument(handover, localizer: try Catalogues.localizer(for: "en"), madeBy: maker,
                                        madeAt: Self.now).document
        let text = String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self)
        XCTAssertEqual(text, HandoverGolden.bed3)
    }
}

/// Checked by eye against the demo ward (seed 7, 4 cots, 30 days; 14:05 UTC): born 11-16 18:05,
/// so 4 days 20 h old (4 d), at 33+1 so corrected 33+5; 1749 g against 1877 g at birth (−6.8 %); 92 mL in the 6.6 h since
/// 07:30 against 210–262 mL a day scaled to the hours (58–72 mL); the wet nappy before the shift
/// at 07:01 and the next at 14:03 make the 7.0 h gap.
enum HandoverGolden {
    static let bed3 = #"""
        ================================================================================
        Shift handover
        Ward: Ward
        Period: 2026-11-21 07:30 to 2026-11-21 14:05
        Made: 2026-11-21 14:05 GMT by Aisha Begum (AB), nurse
        Software: Cotside 0.1.0
        ================================================================================

        ================================================================================
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Bed 3: Hana Roberts
        -------------------

            Age       4 d, corrected 33+5 weeks
            Weight    1.749 kg (2026-11-20 23:24); −6.8 % since birth
            Admitted  day 4 of the stay (since 2026-11-17 18:05)

        Intake and output
        ~~~~~~~~~~~~~~~~~

            Intake this shift          92 mL, 53 mL/kg; 160 % of the 58–72 mL
                                       maintenance target · 3 feeds and fluids
            Intake last 24 h           236 mL, 135 mL/kg; 112 % of the 210–262 mL
                                       maintenance target
            Nappies this shift         1 wet, 1 dirty
            Urine output               no weighed nappy this shift
            Last stool                 10:14, yellow
            Longest without a wet      7.0 h, 07:01 to 14:03
            nappy

        Observations
        ~~~~~~~~~~~~

          None out of the goal range in this shift.

          Latest of each:

          Time              Observation            Value  Goal
          ----------------  ----------------  ----------  ---------
          13:27             temperature          36.9 °C  36.5–37.5
          13:27             heart rate           136 bpm  100–180
          13:27             respiratory rate     44 /min  30–60
          13:27             SpO2                    93 %  91–95
          2026-11-20 23:24  weight                1749 g
          2026-11-18 17:00  glucose           2.7 mmol/L  2.6–10

        Medications
        ~~~~~~~~~~~

          Given, withheld and missed this shift:

          Time   Drug                          Outcome
          -----  ----------------------------  -------
          10:00  vitamin D 400 units oral      given
          13:00  caffeine citrate 9.4 mg oral  given

          None snoozed in this shift.

          None overdue.

          None due now or in the next 4 hours.

          No as-needed doses given in this shift.

        Alerts and insights
        ~~~~~~~~~~~~~~~~~~~

          - Warning: Weight crossed the 50th percentile downwards

        Notes
        ~~~~~

          No notes written in this shift.

        Calculator results and assessments
        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

          None saved in this shift.

        Charted by
        ~~~~~~~~~~

          - Amara Roberts (AR), nurse: 3 entries
          - Ezra Evans (EE), other: 2 entries
          - Maya Ali (MA), nurse: 1 entry
          - Arlo Chen (AC), nurse: 1 entry
          - Olu Wood (OW), nurse: 1 entry
          - Leo Okafor (LO), nurse: 1 entry
          - Finn Wood (FW), nurse: 1 entry
          - Oscar Roberts (OR), doctor: 1 entry
          - Noah Jones (NJ), doctor: 1 entry
          - Hana Begum (HB), healthcare assistant: 1 entry
          - Arlo Chen (ACA), student: 1 entry
          - Amara Hughes (AH), student: 1 entry

        ================================================================================
        End of Shift handover - Ward - 2026-11-21 14:05 GMT

        """#
}
