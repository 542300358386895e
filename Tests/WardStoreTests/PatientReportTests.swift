import Foundation
import XCTest
@testable import WardStore

/// The patient report's read: each figure checked against the chart itself, the slow obvious way
/// (History's events and the stored rows, counted in Swift), so the report's fast SQL path can
/// never drift from what the ward charted.
final class PatientReportTests: WardStoreTestCase {
    /// A demo ward whose week runs across the clocks going forward (29 March in London), and a
    /// period that starts and ends mid-day, so the cut days and the 23-hour day are exercised.
    func demoWard() async throws -> (patients: [Patient], from: Date, to: Date) {
        clock.now = date("2026-04-02T12:00:00Z")
        _ = try await DemoWard.generate(into: try storeToSeed, cots: 3, days: 20, seed: 5, now: clock.now, timeZone: london)
        let patients = try await store.admittedPatients()
        return (patients, date("2026-03-25T09:17:00Z"), date("2026-04-01T16:40:00Z"))
    }

    func report(_ patient: Patient, from: Date, to: Date) async throws -> PatientReport {
        try await store.patientReport(PatientReportRequest(patientId: patient.id, from: from, to: to, timeZone: london))
    }

    func testEachDaysNappiesAreWhatHistoryShowsAndItsIntakeWhatTheFeedsAddUpTo() async throws {
        let (patients, from, to) = try await demoWard()
        let feeds = try await sql { db in try Feed.fetchAll(db, sql: "SELECT * FROM feed WHERE deletedAt IS NULL") }
        var checkedDays = 0
        for patient in patients {
            let report = try await report(patient, from: from, to: to)
            XCTAssertEqual(report.days.first?.totals.day.start, from)
            XCTAssertEqual(report.days.last?.totals.day.end, to.addingTimeInterval(0.001))
            XCTAssertTrue(report.days.contains { abs($0.totals.hours - 23) < 1e-9 }, "the day the clocks went forward is 23 h")
            let mine = feeds.filter { $0.patientId == patient.id }.map(\.draft)
            for day in report.days {
                let cut = day.totals.day
                let nappies = try await store.historyPage(HistoryFilter(patientId: patient.id, kinds: [.nappyChange], from: cut.start,
                                                                        until: cut.end), after: nil, limit: 10_000).events
                XCTAssertEqual(day.totals.wet, nappies.count { $0.nappyKind == .wet || $0.nappyKind == .mixed }, "\(day.totals.label)")
                XCTAssertEqual(day.totals.dirty, nappies.count { $0.nappyKind == .dirty || $0.nappyKind == .mixed }, "\(day.totals.label)")
                XCTAssertEqual(day.totals.nappies, nappies.count, "\(day.totals.label)")
                let want = FeedTotals.totals(mine, from: cut.start, to: cut.end, now: to)
                XCTAssertEqual(day.totals.feedML, want.intakeML, accuracy: 1e-6, "\(day.totals.label)")
                XCTAssertEqual(day.totals.outputML, want.outputML, accuracy: 1e-9, "\(day.totals.label)")
                XCTAssertEqual(day.totals.feeds, mine.count { !$0.kind.isOutput && $0.occurredAt >= cut.start && $0.occurredAt < cut.end })
                if day.totals.stayHours > 0 { checkedDays += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(checkedDays, 8, "the comparison covers days on the ward")
    }

    func testAWeeksReadingsAreEveryMeasurementInItAndALongerPeriodGroupsThemWithoutLosingAny() async throws {
        let (patients, _, to) = try await demoWard()
        let patient = try XCTUnwrap(patients.min { $0.admittedAt < $1.admittedAt }, "the longest stay")
        for days in [7.0, 19.0] {
            let from = to.addingTimeInterval(-days * 86_400)
            let expected = try await sql { db in
                try MeasurementRecord.fetchAll(db, sql: """
                    SELECT * FROM measurement WHERE patientId = ? AND deletedAt IS NULL AND measuredAt >= ? AND measuredAt <= ?
                    """, arguments: [patient.id, StoredTime.milliseconds(from), StoredTime.milliseconds(to)])
            }
            let report = try await report(patient, from: from, to: to)
            XCTAssertEqual(report.bucketed, days > 7)
            for kind in MeasurementKind.allCases {
                let mine = expected.filter { $0.kind == kind }
                let readings = report.readings[kind] ?? []
                XCTAssertEqual(readings.map(\.count).reduce(0, +), mine.count, "\(kind) over \(days) days")
                if let low = mine.map(\.value).min(), let high = mine.map(\.value).max() {
                    XCTAssertEqual(readings.map(\.low).min()!, low, accuracy: 1e-9)
                    XCTAssertEqual(readings.map(\.high).max()!, high, accuracy: 1e-9)
                }
            }
            XCTAssertGreaterThan(expected.count, 20, "\(patient.bedLabel) since \(patient.admittedAt)")
        }
    }

    func testAWeeksAdherenceIsTheMedicationsTabsSevenDayAdherenceAndItsVerdictTheTabsToo() async throws {
        let (patients, _, _) = try await demoWard()
        var compared = 0
        for patient in patients {
            let now = clock.now
            let list = try await store.medicationList(patientId: patient.id, now: now, timeZone: london)
            let report = try await report(patient, from: now.addingTimeInterval(-7 * 86_400), to: now)
            for medication in report.medications where !medication.medication.schedule.isAsNeeded {
                let row = try XCTUnwrap(list.rows.first { $0.medication.id == medication.medication.id })
                XCTAssertEqual(medication.periodAdherence, row.adherence7d, medication.medication.drugName)
                XCTAssertEqual(medication.row.effectiveness, row.effectiveness)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 2)
    }

    func testWhoChartedAndTheCorrectionsComeFromTheRecordsAndTheAuditTrail() async throws {
        let nurse = try await addNurse("AB")
        let doctor = try await addDoctor("DR")
        let patient = try await admit(bed: "3")
        let wet = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-3600),
                                                                  kind: .wet), by: nurse.id)
        let dirty = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-1800),
                                                                    kind: .dirty), by: nurse.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-600),
                                                            kind: .mixed), by: doctor.id)
        var draft = wet.record.draft
        draft.kind = .mixed
        _ = try await store.updateNappyChange(id: wet.record.id, draft, by: doctor.id)
        _ = try await store.deleteNappyChange(id: dirty.record.id, by: nurse.id)

        let report = try await report(patient, from: noon.addingTimeInterval(-86_400), to: noon)
        XCTAssertEqual(report.chartedBy.map(\.staffId), [nurse.id, doctor.id], "a deleted entry is no longer charted; ties by who joined first")
        XCTAssertEqual(report.chartedBy.map(\.entries), [1, 1], "the correction keeps the entry its charting nurse's")
        XCTAssertEqual(report.entriesByKind[.nappyChange], 2)
        XCTAssertEqual(report.createdEntries, 4, "the admission and three nappies")
        XCTAssertEqual(report.corrections.map(\.entry.action), [.update, .delete])
        XCTAssertEqual(report.corrections.map(\.staffInitials), ["DR", "AB"])
        XCTAssertEqual(Set(report.staff.keys), [nurse.id, doctor.id])
    }

    func testADischargedPatientIsReportedAndTheDefaultWeekEndsAtTheDischarge() async throws {
        let patient = try await admit(bed: "3")
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-3600), kind: .wet),
                                           by: nil)
        _ = try await store.discharge(patientId: patient.id, at: noon, by: nil)
        let stored = try await store.patient(id: patient.id)
        let discharged = try XCTUnwrap(stored)
        clock.advance(minutes: 3 * 24 * 60)
        let end = PatientReportRequest.defaultEnd(for: discharged, now: clock.now)
        XCTAssertEqual(end, noon)
        let report = try await report(discharged, from: end.addingTimeInterval(-PatientReportRequest.defaultSpan), to: end)
        XCTAssertEqual(report.days.map(\.totals.wet).reduce(0, +), 1)
        XCTAssertEqual(PatientReportRequest.defaultEnd(for: patient, now: clock.now), clock.now, "an admitted patient's week ends now")
    }

    func testAPeriodThatEndsBeforeItStartsAndAnUnknownPatientAreRefused() async throws {
        let patient = try await admit(bed: "3")
        do {
            _ = try await report(patient, from: noon, to: noon.addingTimeInterval(-60))
            XCTFail("from after to")
        } catch let error as WardStoreError {
            XCTAssertTrue("\(error)".contains("start (from) is after its end (to)"), "\(error)")
        }
        do {
            _ = try await store.patientReport(PatientReportRequest(patientId: 999, from: noon.addingTimeInterval(-60), to: noon,
                                                                   timeZone: london))
            XCTFail("unknown patient")
        } catch is UnknownPatientError {}
    }
}
