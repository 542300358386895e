import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// The handover as a document: a section per cot on its own page with the patient line every
/// page repeats, each part kept (empty ones said in one line), and the chart's words carried
/// through (a withheld dose's reason and words, a reading out of range marked).
final class HandoverDocumentTests: WardTestCase {
    func testEachCotIsASectionOnItsOwnPageAndEmptyPartsSayNoneInOneLine() async throws {
        let nurse = try await store.addStaff(StaffDraft(name: "Ada Okafor", initials: "AO", role: .nurse), by: nil).record
        let busy = try await admit(bed: "3", given: "Mia", family: "Jones")
        try await admit(bed: "10", given: "Bo", family: "Brown")
        let caffeine = try await store.addMedication(MedicationDraft(
            patientId: busy.id, drugName: "caffeine citrate", doseAmount: 10, doseUnit: .mg, route: .oral,
            schedule: .fixedTimes([TimeOfDay("09:00")!]), startsAt: busy.admittedAt, category: .other), by: nil).record
        _ = try await store.recordDose(DoseRecordDraft(
            medicationId: caffeine.id, scheduledAt: WardClock.parseInstant("2026-11-21T09:00:00Z")!, status: .withheld,
            withheldReason: .other, recordedAt: WardClock.parseInstant("2026-11-21T09:05:00Z")!,
            notes: "parents asked to wait for the consultant"), by: nurse.id)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: busy.id, measuredAt: Self.now.addingTimeInterval(-3600),
                                                            kind: .temperature, value: 38.6), by: nurse.id)
        let settings = try await store.settings()
        let since = settings.shiftChanges.shiftStart(at: Self.now, timeZone: Self.utc)
        XCTAssertEqual(since, WardClock.parseInstant("2026-11-21T07:30:00Z"))
        let handover = try await store.handover(HandoverRequest(since: since, until: Self.now, timeZone: Self.utc))
        let document = HandoverDocument(handover, localizer: try Catalogues.localizer(for: "en"), madeBy: nurse,
                                        madeAt: Self.now).document

        XCTAssertEqual(document.title, "Shift handover")
        XCTAssertEqual(document.stamp.madeBy, "Ada Okafor (AO), nurse")
        XCTAssertEqual(document.stamp.madeAt, "2026-11-21 14:05 GMT")
        XCTAssertEqual(document.stamp.period, "2026-11-21 07:30 to 2026-11-21 14:05")
        XCTAssertEqual(document.sections.map(\.heading), ["Bed 3: Mia Jones", "Bed 10: Bo Brown"])
        XCTAssertEqual(document.sections.map(\.patient), ["Bed 3 · Mia Jones · H300 · DOB 2026-11-18",
                                                          "Bed 10 · Bo Brown · H1000 · DOB 2026-11-18"])
        XCTAssertTrue(document.sections.allSatisfy(\.startsPage))

        let busySection = document.sections[0]
        let rows = busySection.blocks.flatMap { block -> [[String]] in
            if case .table(let table) = block { return table.rows }
            return []
        }
        XCTAssertTrue(rows.contains(["09:00", "caffeine citrate 10 mg oral", "withheld: other (parents asked to wait for the consultant)"]),
                      "\(rows)")
        XCTAssertTrue(rows.contains(["13:05", "temperature", "38.6 °C (high)", "36.5–37.5"]), "\(rows)")

        // The quiet cot: every part there, the empty ones one line each.
        let quiet = document.sections[1]
        let subheadings = quiet.blocks.compactMap { block -> String? in
            if case .subheading(let text) = block { return text }
            return nil
        }
        XCTAssertEqual(subheadings, ["Intake and output", "Observations", "Medications", "Alerts and insights", "Notes",
                                     "Calculator results and assessments", "Charted by"])
        let nothing = quiet.blocks.compactMap { block -> String? in
            if case .nothing(let text) = block { return text }
            return nil
        }
        XCTAssertEqual(nothing, ["None out of the goal range in this shift.", "No observations recorded.",
                                 "No scheduled doses given, withheld or missed in this shift.", "None snoozed in this shift.",
                                 "None overdue.", "None due now or in the next 4 hours.", "No as-needed doses given in this shift.",
                                 "No notes written in this shift.", "None saved in this shift.",
                                 "Nobody charted for this cot in this shift."])
        guard case .facts(let intake)? = quiet.blocks.first(where: {
            if case .facts(let facts) = $0 { return facts.first?.label == "Intake this shift" }
            return false
        }) else { return XCTFail("no intake facts") }
        XCTAssertEqual(intake.map(\.label), ["Intake this shift", "Intake last 24 h", "Nappies this shift", "Urine output", "Last stool",
                                             "Longest without a wet nappy"])
        XCTAssertTrue(intake[5].flagged, "dry since admission 48 h ago, past the 8 h alert threshold: flagged")
        XCTAssertEqual(intake[5].value, "48.0 h since 2026-11-19 14:05, still none")
    }
}
