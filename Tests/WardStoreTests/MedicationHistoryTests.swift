import Clinical
import Foundation
import XCTest
import GRDB
import WardSQL
@testable import WardStore

/// History merges feeds, measurements and doses with nappies, pages them by keyset, filters them,
/// and every branch searches an index.
final class MedicationHistoryTests: WardStoreTestCase {
    func testEveryKindMergedInOrderAndFiltered() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let t = { (minutesAgo: Double) in self.clock.now.addingTimeInterval(-minutesAgo * 60) }
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: t(50), kind: .wet), by: nurse.id)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: t(40), kind: .expressedBreastMilk, volumeML: 25), by: nurse.id)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: t(30), kind: .bloodPressure,
                                                            value: 72, diastolicMmHg: 41), by: nil)
        let med = try await addMedication(patient: patient, name: "amoxicillin", schedule: .fixedTimes(times("11:30")))
        _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T11:30:00Z"),
                                                       status: .withheld, withheldReason: .nilByMouth, recordedAt: t(20)), by: nurse.id)
        _ = try await store.snoozeDose(medicationId: med.id, scheduledAt: date("2026-03-09T11:30:00Z").addingTimeInterval(86_400 * 2),
                                       for: .tenMinutes, by: nil)  // a snooze alone is not an event
        let prn = try await addMedication(patient: patient, name: "paracetamol", schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: t(10), doseAmount: 4), by: nurse.id)

        let page = try await store.historyPage(.everything, after: nil, limit: 10)
        XCTAssertEqual(page.events.map(\.kind), [.asNeededDose, .doseRecord, .measurement, .feed, .nappyChange])
        // What each row is, dose and route included: never a bare number after "as needed".
        XCTAssertEqual(page.events.map(\.title), ["Dose given: paracetamol 4 mg oral",  // the amount given, the prescription's unit and route
                                                  "Dose withheld: amoxicillin \(NumberText.rounded(med.doseAmount, digits: 3)) \(med.doseUnit.rawValue) \(med.route.displayName)",
                                                  "Blood pressure", "Feed expressed breast milk", "Nappy wet"])
        XCTAssertEqual(page.events[0].details, "as needed")
        XCTAssertEqual(page.events[1].details, "11:30 slot · nil by mouth")
        XCTAssertEqual(page.events[2].details, "72/41 mmHg")
        XCTAssertEqual(page.events[3].details, "25 mL")
        XCTAssertEqual(page.events[1].doseStatus, .withheld)
        XCTAssertEqual(page.events[3].feedKind, .expressedBreastMilk)
        XCTAssertEqual(page.events[1].staffInitials, nurse.initials)

        let feedsOnly = try await store.historyPage(HistoryFilter(kinds: [.feed, .measurement]), after: nil, limit: 10)
        XCTAssertEqual(feedsOnly.events.map(\.kind), [.measurement, .feed])
        let wet = try await store.historyPage(HistoryFilter(nappyKinds: [.wet]), after: nil, limit: 10)
        XCTAssertEqual(wet.events.map(\.kind), [.nappyChange], "a nappy-kind filter alone shows nappies only")
        let bp = try await store.historyPage(HistoryFilter(measurementKinds: [.bloodPressure]), after: nil, limit: 10)
        XCTAssertEqual(bp.events.map(\.measurementKind), [.bloodPressure])
        let byNurse = try await store.historyPage(HistoryFilter(staffId: nurse.id), after: nil, limit: 10)
        XCTAssertEqual(byNurse.events.map(\.kind), [.asNeededDose, .doseRecord, .feed, .nappyChange])

        // Keyset paging one event at a time visits the same events in the same order, both ways.
        var cursor: HistoryCursor?
        var seen: [HistoryEventKind] = []
        repeat {
            let one = try await store.historyPage(.everything, after: cursor, limit: 1)
            seen += one.events.map(\.kind)
            cursor = one.events.last?.cursor
            if !one.hasMore { break }
        } while true
        XCTAssertEqual(seen, page.events.map(\.kind))
        let above = try await store.historyPage(.everything, before: page.events[3].cursor, limit: 2)
        XCTAssertEqual(above.events.map(\.kind), [.doseRecord, .measurement])
    }

    func testEveryBranchSearchesAnIndex() async throws {
        let cursor = HistoryCursor(occurredAt: clock.now, kindRank: 3, id: 100)
        let filters: [HistoryFilter] = [.everything, HistoryFilter(patientId: 1), HistoryFilter(staffId: 1),
                                        HistoryFilter(from: noon.addingTimeInterval(-86400), until: noon)]
        for filter in filters {
            for direction in [HistoryQuery.Direction.older, .newer] {
                let q = HistoryQuery(filter: filter, cursor: cursor, direction: direction, limit: 50).sql.rendered(for: .sqlite)
                let plan = try await sql { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + q.text, arguments: StatementArguments(q.values.map(\.databaseValue)))
                        .map { $0["detail"] as String }.joined(separator: "\n")
                }
                let scans = plan.split(separator: "\n").filter { $0.contains("SCAN n") }
                XCTAssertTrue(scans.isEmpty, "\(filter) \(direction):\n\(plan)")
                for index in ["feed_live", "measurement_live", "dose_record_final", "as_needed_live"] {
                    XCTAssertTrue(plan.contains(index), "\(index) unused for \(filter) \(direction):\n\(plan)")
                }
            }
        }
    }

    func testDueBoardAndDashboardQueriesSearchIndexes() async throws {
        let patient = try await admit()
        _ = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00")))
        let query = DashboardQuery(now: clock.now, timeZone: london, settings: .defaults)
        let plan = try await sql { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.inlinedSQL).map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("feed_live_patient_time"), plan)
        XCTAssertTrue(plan.contains("measurement_live_patient_kind_time"), plan)
        XCTAssertFalse(plan.contains("SCAN f") || plan.contains("SCAN w"), plan)
    }
}
