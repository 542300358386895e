import ChildProcess
import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// The discharge summary from a fixed demo ward and clock (seed 7, 4 cots, 30 days; 14:05 UTC):
/// a discharged baby's as text (the golden below), the admitted one's marked "not yet
/// discharged", and the same document as HTML a real parser accepts and as PDF whose text,
/// pages and structure poppler and qpdf check.
final class DischargeSummaryDocumentTests: WardTestCase {
    func demoSummary(_ pick: (Patient) -> Bool) async throws -> (DischargeSummary, ReportDocument) {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 30, seed: 7, now: Self.now, timeZone: Self.utc)
        let patient = try await store.allPatients().sorted { $0.id < $1.id }.first(where: pick)!
        let summary = try await store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: Self.now, timeZone: Self.utc))
        let maker = try await store.activeStaff().first { $0.role == .nurse }!
        let document = DischargeSummaryDocument(summary, localizer: try Catalogues.localizer(for: "en"), madeBy: maker,
                                                madeAt: Self.now).document
        return (summary, document)
    }

    func text(_ document: ReportDocument) -> String {
        String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self)
    }

    func testADischargedBabysSummaryReadsAsWrittenHere() async throws {
        let (summary, document) = try await demoSummary { $0.hospitalNumber == DischargeGolden.hospitalNumber }
        XCTAssertTrue(summary.isDischarged)
        XCTAssertEqual(text(document), DischargeGolden.discharged)
    }

    func testAnAdmittedBabysSummaryIsTheStaySoFarAndSaysSo() async throws {
        let (summary, document) = try await demoSummary { $0.bedLabel == "3" && $0.dischargedAt == nil }
        XCTAssertFalse(summary.isDischarged)
        XCTAssertEqual(document.stamp.period, "Admitted 2026-11-17 18:05, not yet discharged (to 2026-11-21 14:05)")
        let text = text(document)
        XCTAssertTrue(text.contains("Not yet discharged: this is the stay so far, up to 2026-11-21 14:05."), text)
        XCTAssertTrue(text.contains("Discharged   not yet discharged") || text.contains("not yet discharged"), text)
        XCTAssertTrue(text.contains("Prescriptions open now"), text)
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "fits 80 columns")
    }

    /// The lowest weight the summary prints is the lowest the chart holds for the stay, and the
    /// out-of-range counts add up to the readings outside the goal in force.
    func testTheFiguresPrintedAreTheChartsFigures() async throws {
        let (summary, document) = try await demoSummary { $0.hospitalNumber == DischargeGolden.hospitalNumber }
        let weights = try await store.measurements(patientId: summary.patient.id, kind: .weight,
                                                   from: summary.patient.admittedAt, to: summary.end.addingTimeInterval(0.001))
        let lowest = try XCTUnwrap(weights.map(\.value).min())
        XCTAssertEqual(summary.weights.lowest?.grams, Int(lowest.rounded()))
        XCTAssertTrue(text(document).contains(HandoverDocument.kg(Int(lowest.rounded()))), "the lowest weight is printed")
        XCTAssertEqual(summary.weights.weighings, weights.count)
    }

    func testTheHTMLIsOneWellFormedFileARealParserAccepts() async throws {
        let (_, document) = try await demoSummary { $0.hospitalNumber == DischargeGolden.hospitalNumber }
        let html = ReportRendering.render(document, as: .html)
        let path = folder.appendingPathComponent("discharge.html").path
        try Data(html).write(to: URL(fileURLWithPath: path))
        try ReportFileCheck.assertParsesAsHTML(path)
        let page = String(decoding: html, as: UTF8.self)
        XCTAssertFalse(page.contains("<script"))
        XCTAssertTrue(page.contains("Discharge summary"))
    }

    func testThePDFHasThePatientOnEveryPageAndPassesQpdf() async throws {
        let (summary, document) = try await demoSummary { $0.hospitalNumber == DischargeGolden.hospitalNumber }
        let path = folder.appendingPathComponent("discharge.pdf").path
        try Data(ReportRendering.render(document, as: .pdf)).write(to: URL(fileURLWithPath: path))
        let (pages, perPage, text) = try ReportFileCheck.checkedPDF(path)
        XCTAssertGreaterThanOrEqual(pages, 1)
        XCTAssertEqual(perPage.count, pages)
        for (index, page) in perPage.enumerated() {
            XCTAssertTrue(page.contains(summary.patient.hospitalNumber), "page \(index + 1) names the patient")
            XCTAssertTrue(page.contains("Page \(index + 1) of \(pages)"), "page \(index + 1): \(page)")
        }
        XCTAssertTrue(text.contains("Who cared for the baby"), text)
    }
}

/// Checked by eye against the demo ward (seed 7, 4 cots, 30 days; 14:05 UTC): born 2026-11-08
/// 06:05 at 33+1, admitted 09:05 (3 h old), discharged 2026-11-16 05:05 (7 d 23 h: 7 d, 33+1 + 7 d = 34+1;
/// 7 days 20 h); lowest 2068 g against 2241 g at birth (−7.7 %); 348 mL over the last day at
/// 2.097 kg is 166 mL/kg/day; the demo ends every prescription at the discharge, so none is open.
enum DischargeGolden {
    static let hospitalNumber = "D0200001"
    static let discharged = #"""
        ================================================================================
        Discharge summary
        Ward: Ward
        Period: Admitted 2026-11-08 09:05, discharged 2026-11-16 05:05
        Made: 2026-11-21 14:05 GMT by Aisha Begum (AB), nurse
        Software: Cotside 0.1.0
        ================================================================================

        --------------------------------------------------------------------------------
        Patient: Bed 2 · Nia Begum · D0200001 · DOB 2026-11-08
        Discharge summary: Nia Begum
        ----------------------------

            Hospital number     D0200001
            Sex                 male
            Born                2026-11-08 06:05
            Gestation at birth  33+1 weeks
            Birth weight        2241 g
            Admitted            2026-11-08 09:05
            Age at admission    3 h, corrected 33+1 weeks
            Discharged          2026-11-16 05:05
            Age at discharge    7 d, corrected 34+1 weeks
            Length of stay      7 days 20 h

        The stay in figures
        ~~~~~~~~~~~~~~~~~~~

            Weight at birth        2.241 kg
            Weight on admission    2.222 kg (2026-11-08 23:12); −0.8 % since birth
            Lowest weight          2.068 kg (2026-11-13 23:01); −7.7 % since birth
            Weight at discharge    2.097 kg (2026-11-15 23:13); −6.4 % since birth
            Weighings in the stay  8

          Feeding at discharge (2026-11-15 05:05 to 2026-11-16 05:05):

            Intake                 348 mL, 166 mL/kg/day
            expressed breast milk  3 feeds, 131 mL
            formula                3 feeds, 130 mL
            nasogastric            2 feeds, 87 mL
            Last feed              2026-11-16 03:16, formula

        Observations
        ~~~~~~~~~~~~

          Readings against their goal range (the patient's own goal where set, else the
          default for the age on the day of the reading). An episode is a run of
          readings out of range that an in-range reading ends.

          Observation   Readings   Out of  Episodes  Lowest below goal  Highest above
                                    range                               goal
          ------------  --------  -------  --------  -----------------  ----------------
          temperature         48        2         2  36.4 °C (goal      38.2 °C (goal
                                                     36.5–37.5),        36.5–37.5),
                                                     2026-11-11 17:15   2026-11-15 01:04
          heart rate          48        0         0  —                  —
          respiratory         48        2         2  26 /min (goal      —
          rate                                       30–60),
                                                     2026-11-15 09:06
          SpO2                48       14         9  89 % (goal         98 % (goal
                                                     91–95),            91–95),
                                                     2026-11-13 21:23   2026-11-09 21:04
          glucose             10        1         1  2.1 mmol/L (goal   —
                                                     2.6–10),
                                                     2026-11-08 17:10

          Alerts at discharge (as Trends raised them then):

          - Warning: Weight crossed the 85th percentile downwards

        Medications
        ~~~~~~~~~~~

          Prescribed during the stay:

          Drug                       Schedule    Course                 Doses in the
                                                                        stay
          -------------------------  ----------  ---------------------  ----------------
          benzylpenicillin 112 mg    every 12 h  2026-11-08 to          14 given
          IV                                     2026-11-15
          caffeine citrate 11 mg     08:00       2026-11-08 to          6 given; 1
          oral                                   2026-11-16             withheld
          gentamicin 11 mg IV        every 36 h  2026-11-08 to          4 given; 1
                                                 2026-11-15             missed
          vitamin D 400 units oral   10:00       2026-11-08 to          6 given; 1
                                                 2026-11-16             missed

          Prescriptions still open at discharge (not stopped or ended), with their last
          doses:

          No prescription was still open at discharge.

          ** The chart records prescriptions and the doses given; it does not record
             which medicines are to continue at home. A scheduled dose is charted as
             given, not by amount: its amount is the prescription's. Confirm every
             medicine with the prescriber.

        Calculator results and assessments
        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

          None saved during the stay.

        Who cared for the baby
        ~~~~~~~~~~~~~~~~~~~~~~

          Staff member        Role                  Entries  First       Last
          ------------------  --------------------  -------  ----------  ----------
          Freya Hughes (FH)   healthcare assistant       21  2026-11-08  2026-11-14
          Ava Wood (AW)       nurse                      16  2026-11-09  2026-11-15
          Finn Wood (FW)      nurse                      16  2026-11-08  2026-11-15
          Finn Wood (FWA)     nurse                      16  2026-11-08  2026-11-16
          Zain Jones (ZJ)     healthcare assistant       16  2026-11-08  2026-11-15
          Arlo Chen (ACA)     student                    16  2026-11-09  2026-11-15
          Arlo Chen (AC)      nurse                      15  2026-11-09  2026-11-16
          Remi Brown (RB)     doctor                     15  2026-11-08  2026-11-15
          Amara Roberts (AR)  nurse                      14  2026-11-08  2026-11-15
          Noah Evans (NE)     nurse                      14  2026-11-08  2026-11-15
          Maya Ali (MA)       nurse                      13  2026-11-08  2026-11-16
          Amara Walker (AWA)  doctor                     13  2026-11-09  2026-11-16
          Remi Evans (RE)     doctor                     12  2026-11-08  2026-11-14
          Noah Jones (NJ)     doctor                     12  2026-11-10  2026-11-16
          Sofia Hall (SH)     doctor                     12  2026-11-08  2026-11-15
          Hana Begum (HB)     healthcare assistant       12  2026-11-08  2026-11-15
          Amara Hughes (AH)   student                    12  2026-11-09  2026-11-16
          Ezra Evans (EE)     other                      12  2026-11-08  2026-11-15
          Finn Patel (FP)     nurse                      11  2026-11-10  2026-11-15
          Aisha Begum (AB)    nurse                      11  2026-11-08  2026-11-16
          Ezra Jones (EJ)     nurse                      11  2026-11-08  2026-11-15
          Olu Wood (OW)       nurse                      10  2026-11-09  2026-11-14
          Oscar Roberts (OR)  doctor                     10  2026-11-08  2026-11-15
          Finn Novak (FN)     nurse                       9  2026-11-08  2026-11-16
          Amara Khan (AK)     nurse                       8  2026-11-08  2026-11-16
          Rory Ahmed (RA)     nurse                       8  2026-11-08  2026-11-14
          Leo Okafor (LO)     nurse                       8  2026-11-08  2026-11-15
          Milo Ahmed (MAA)    nurse                       7  2026-11-08  2026-11-15
          Olu Jones (OJ)      nurse                       7  2026-11-08  2026-11-15
          Theo Hughes (TH)    nurse                       6  2026-11-08  2026-11-16

        ================================================================================
        End of Discharge summary - Ward - 2026-11-21 14:05 GMT

        """#
}
