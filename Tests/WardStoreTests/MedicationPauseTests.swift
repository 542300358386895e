import Foundation
import GRDB
import WardSQL
import XCTest
@testable import WardStore

/// Pause history (migration v5): slots that fall while a medication is paused are `.paused` —
/// never due, overdue or missed, and outside adherence — and resuming makes later slots due again.
final class MedicationPauseTests: WardStoreTestCase {
    /// A patient admitted on 1 March, and vitamin D once daily at 08:00 from 2 March (London is on
    /// UTC in March before the clocks change, so local and UTC times agree).
    private func dailyMedication() async throws -> (Patient, Medication) {
        var draft = patientDraft(admittedAt: date("2026-03-01T10:00:00Z"))
        draft.dateOfBirth = CalendarDay("2026-02-20")!
        clock.now = date("2026-03-01T10:00:00Z")
        let patient = try await store.admit(draft, by: nil).record
        let medication = try await addMedication(patient: patient, name: "vitamin D", schedule: .fixedTimes(times("08:00")),
                                                 startsAt: date("2026-03-02T00:00:00Z"))
        return (patient, medication)
    }

    private func give(_ medication: Medication, _ iso: String) async throws {
        _ = try await store.recordDose(DoseRecordDraft(medicationId: medication.id, scheduledAt: date(iso), status: .given,
                                                       recordedAt: date(iso).addingTimeInterval(300)), by: nil)
    }

    /// Pauses at `from` and resumes at `to` with the store's clock at each.
    private func pause(_ medication: Medication, from: String, to: String?, by: Int64? = nil) async throws {
        clock.now = date(from)
        _ = try await store.setMedicationPaused(id: medication.id, paused: true, by: by)
        if let to {
            clock.now = date(to)
            _ = try await store.setMedicationPaused(id: medication.id, paused: false, by: by)
        }
    }

    func testPurePauseStateAndAdherenceCounts() {
        let start = date("2026-03-02T00:00:00Z")
        let medication = medicationValue(schedule: .fixedTimes(times("08:00")), startsAt: start)
        let pauses = [PausePeriod(pausedAt: date("2026-03-05T12:00:00Z"), resumedAt: date("2026-03-07T12:00:00Z"))]
        let now = date("2026-03-10T12:00:00Z")
        let slots = SlotGenerator.slots(for: medication, from: start, to: now, timeZone: london)
        let states = slots.map { SlotTiming.standard.state(of: $0, status: nil, snoozedUntil: nil, pauses: pauses, now: now,
                                                           timeZone: london) }
        // 2nd … 10th: missed ×4 before the pause, paused 6th and 7th, missed 8th and 9th, 10th overdue at noon.
        XCTAssertEqual(states, [.missed, .missed, .missed, .missed, .paused, .paused, .missed, .missed, .overdue])
        // A dose recorded during the pause still counts as what it was.
        XCTAssertEqual(SlotTiming.standard.state(of: slots[4], status: .given, snoozedUntil: nil, pauses: pauses, now: now,
                                                 timeZone: london), .given)
        let adherence = Adherence.of(medication, during: PatientStay(admittedAt: start, dischargedAt: nil), records: [:],
                                     pauses: pauses, from: start, now: now, timing: .standard, timeZone: london)
        XCTAssertEqual(adherence, Adherence(missed: 6, paused: 2))
        XCTAssertEqual(adherence.due, 6, "paused slots are not in the denominator")
        // The boundaries: the instant of the pause is inside it, the instant of the resume is not.
        XCTAssertTrue(pauses[0].contains(date("2026-03-05T12:00:00Z")))
        XCTAssertFalse(pauses[0].contains(date("2026-03-07T12:00:00Z")))
        XCTAssertTrue(PausePeriod(pausedAt: start, resumedAt: nil).contains(date("2030-01-01T00:00:00Z")), "open period")
        // Paused is final (never the next dose) and never on the round.
        XCTAssertTrue(SlotState.paused.isFinal)
        XCTAssertFalse(SlotState.paused.needsAction)
    }

    func testAdherenceOverSevenDaysWithATwoDayPauseInTheMiddle() async throws {
        let (patient, medication) = try await dailyMedication()
        // Paused 5 March 12:00, resumed 7 March 12:00: the 6 and 7 March 08:00 slots fall inside.
        try await pause(medication, from: "2026-03-05T12:00:00Z", to: "2026-03-07T12:00:00Z")
        clock.now = date("2026-03-10T12:00:00Z")
        for day in ["04", "08", "09"] { try await give(medication, "2026-03-\(day)T08:00:00Z") }
        // Window [3 Mar 12:00, 10 Mar 12:00): 4 given, 5 missed, 6–7 paused, 8–9 given, 10 still overdue.
        let list = try await store.medicationList(patientId: patient.id, now: clock.now, timeZone: london)
        let row = try XCTUnwrap(list.rows.first)
        XCTAssertEqual(row.adherence7d, Adherence(given: 3, missed: 1, paused: 2))
        XCTAssertEqual(row.adherence7d.percent, 75, "without the pause periods it would be 3 of 5: 60 %")
        XCTAssertEqual(list.patientAdherence7d.paused, 2)
        XCTAssertFalse(row.medication.isPaused)
    }

    /// A ward's history can hold more courses than one statement may bind (SQLite 32,766,
    /// PostgreSQL 65,535): the periods of a course past that many ids are still found.
    func testPeriodsOfMoreCoursesThanOneStatementMayBind() async throws {
        let (_, medication) = try await dailyMedication()
        try await pause(medication, from: "2026-03-05T12:00:00Z", to: "2026-03-07T12:00:00Z")
        let ids = (1...70_000).map { Int64(-$0) } + [medication.id]
        let periods = try await portableSQL { db in
            try MedicationPause.periods(db, medicationIds: ids, from: .distantPast, to: .distantFuture)
        }
        XCTAssertEqual(periods[medication.id]?.count, 1)
    }

    func testASlotDuringAPauseIsNotMissed() async throws {
        let (_, medication) = try await dailyMedication()
        try await pause(medication, from: "2026-03-05T12:00:00Z", to: nil)
        // Still paused on 9 March: the 6–9 March slots are paused, the 5 March one (before) missed.
        clock.now = date("2026-03-09T12:00:00Z")
        let history = try await store.slotHistory(medicationId: medication.id, from: date("2026-03-05T00:00:00Z"),
                                                  to: clock.now, now: clock.now, timeZone: london)
        XCTAssertEqual(history.map(\.state), [.missed, .paused, .paused, .paused, .paused])
        XCTAssertFalse(history.contains { $0.state == .missed && $0.slot.day > CalendarDay("2026-03-05")! })
    }

    func testResumeMakesLaterSlotsDueAgain() async throws {
        let (patient, medication) = try await dailyMedication()
        // Paused 6 March 07:00, resumed 7 March 12:00: the 7 March 08:00 slot fell inside the pause.
        try await pause(medication, from: "2026-03-06T07:00:00Z", to: "2026-03-07T12:00:00Z")
        // Right after the resume nothing is overdue (the morning's slot would be, without the period).
        let justResumed = try await store.medicationList(patientId: patient.id, now: clock.now, timeZone: london)
        XCTAssertEqual(justResumed.rows.first?.overdueSlots, 0)
        XCTAssertEqual(justResumed.rows.first?.nextDueAt, date("2026-03-08T08:00:00Z"))
        var board = try await store.dueBoard(now: clock.now, timeZone: london)
        XCTAssertTrue(board.items.isEmpty, "the paused slot is not on the round: \(board.items.map(\.state))")
        // The next morning the 8 March slot is due on the round again.
        clock.now = date("2026-03-08T08:10:00Z")
        board = try await store.dueBoard(now: clock.now, timeZone: london)
        XCTAssertEqual(board.items.map(\.slot.scheduledAt), [date("2026-03-08T08:00:00Z")])
        XCTAssertEqual(board.items.map(\.state), [.due])
        XCTAssertEqual(board.overdueCount, 0)
    }

    func testPausingAndResumingWriteThePeriodAndAnAuditRowTogether() async throws {
        let (_, medication) = try await dailyMedication()
        let doctor = try await addDoctor("CD")
        clock.now = date("2026-03-05T12:00:00Z")
        let paused = try await store.setMedicationPaused(id: medication.id, paused: true, by: doctor.id)
        var periods = try await store.medicationPauses(medicationId: medication.id)
        XCTAssertEqual(periods.count, 1)
        XCTAssertEqual(periods.first?.pausedAt, date("2026-03-05T12:00:00Z"))
        XCTAssertEqual(periods.first?.pausedBy, doctor.id)
        XCTAssertNil(periods.first?.resumedAt)
        let audit = try await store.auditEntries(entity: .medication, entityId: medication.id)
        XCTAssertTrue(audit.contains { $0.id == paused.auditEntryId && $0.staffId == doctor.id })

        clock.now = date("2026-03-07T09:30:00Z")
        _ = try await store.setMedicationPaused(id: medication.id, paused: false, by: doctor.id)
        periods = try await store.medicationPauses(medicationId: medication.id)
        XCTAssertEqual(periods.map(\.period), [PausePeriod(pausedAt: date("2026-03-05T12:00:00Z"),
                                                           resumedAt: date("2026-03-07T09:30:00Z"))])
        XCTAssertEqual(periods.first?.resumedBy, doctor.id)

        // One transaction: when writing the period fails, the flag and the audit row roll back too.
        try await filePool.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_pause BEFORE INSERT ON main.medication_pause
                BEGIN SELECT RAISE(ABORT, 'test refuses the period'); END
                """)
        }
        let auditBefore = try await store.auditEntries(entity: .medication, entityId: medication.id).count
        clock.now = date("2026-03-08T09:00:00Z")
        do {
            _ = try await store.setMedicationPaused(id: medication.id, paused: true, by: doctor.id)
            XCTFail("the pause should have failed with its period")
        } catch {}
        let after = try await store.medication(id: medication.id)
        XCTAssertEqual(after?.isPaused, false)
        let auditAfter = try await store.auditEntries(entity: .medication, entityId: medication.id).count
        XCTAssertEqual(auditAfter, auditBefore)
        let periodsAfter = try await store.medicationPauses(medicationId: medication.id)
        XCTAssertEqual(periodsAfter.count, 1)
    }

    func testUndoingAPauseClosesItsPeriod() async throws {
        let (_, medication) = try await dailyMedication()
        clock.now = date("2026-03-05T12:00:00Z")
        let paused = try await store.setMedicationPaused(id: medication.id, paused: true, by: nil)
        clock.now = date("2026-03-05T12:05:00Z")
        _ = try await store.undo(auditEntryIds: [paused.auditEntryId], by: nil)
        let periods = try await store.medicationPauses(medicationId: medication.id)
        XCTAssertEqual(periods.map(\.period), [PausePeriod(pausedAt: date("2026-03-05T12:00:00Z"),
                                                           resumedAt: date("2026-03-05T12:05:00Z"))])
        let current = try await store.medication(id: medication.id)
        XCTAssertEqual(current?.isPaused, false)
    }

    func testMigrationBackfillsPausedMedications() async throws {
        let (patient, audited) = try await dailyMedication()
        let doctor = try await addDoctor("EF")
        let unaudited = try await addMedication(patient: patient, name: "iron", schedule: .fixedTimes(times("09:00")))
        let running = try await addMedication(patient: patient, name: "folic acid", schedule: .fixedTimes(times("10:00")))
        // Paused, resumed and paused again: the open period starts at the last pause.
        try await pause(audited, from: "2026-03-03T12:00:00Z", to: "2026-03-04T12:00:00Z", by: doctor.id)
        clock.now = date("2026-03-06T08:30:00Z")
        _ = try await store.setMedicationPaused(id: audited.id, paused: true, by: doctor.id)
        // Roll the database back to v3: no pause table, and a medication paused without an audit row.
        try await filePool.write { db in
            try db.execute(sql: """
                DROP TRIGGER medication_pause_opens; DROP TRIGGER medication_pause_closes; DROP TABLE medication_pause;
                DELETE FROM grdb_migrations WHERE identifier = 'v5_medication_pauses';
                UPDATE medication SET isPaused = 1 WHERE id = \(unaudited.id);
                """)
        }
        await store.close()
        let beforeMigration = Date()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        let afterMigration = Date()

        let auditedPeriods = try await store.medicationPauses(medicationId: audited.id)
        XCTAssertEqual(auditedPeriods.map(\.period), [PausePeriod(pausedAt: date("2026-03-06T08:30:00Z"), resumedAt: nil)])
        XCTAssertEqual(auditedPeriods.first?.pausedBy, doctor.id)
        let unauditedPeriods = try await store.medicationPauses(medicationId: unaudited.id)
        XCTAssertEqual(unauditedPeriods.count, 1)
        let start = try XCTUnwrap(unauditedPeriods.first?.pausedAt)
        XCTAssertTrue(start >= beforeMigration.addingTimeInterval(-1) && start <= afterMigration.addingTimeInterval(1),
                      "no audited pause: the period starts at the migration time, not \(start)")
        XCTAssertNil(unauditedPeriods.first?.pausedBy)
        let runningPeriods = try await store.medicationPauses(medicationId: running.id)
        XCTAssertTrue(runningPeriods.isEmpty)

        // Resuming after the migration closes the backfilled period.
        clock.now = date("2026-03-08T12:00:00Z")
        _ = try await store.setMedicationPaused(id: audited.id, paused: false, by: doctor.id)
        let closed = try await store.medicationPauses(medicationId: audited.id)
        XCTAssertEqual(closed.first?.resumedAt, date("2026-03-08T12:00:00Z"))
    }

    func testPausePeriodsAreReadThroughTheirIndex() async throws {
        let query = MedicationPause.periodsSQL(.list([1, 2, 3] as [Int64]), from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 1))
        let plan = try await self.sql { db in
            try db.fetchAll("EXPLAIN QUERY PLAN " + query).map { try $0.column("detail", as: String.self) }
        }.joined(separator: "\n")
        XCTAssertTrue(plan.contains("SEARCH medication_pause USING") && plan.contains("INDEX medication_pause_time"), plan)
        XCTAssertFalse(plan.contains("SCAN medication_pause"), plan)
    }
}
