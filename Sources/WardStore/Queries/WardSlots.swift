import Foundation
import WardSQL

/// Scheduled slots of the admitted patients' active medications around a clock, with their
/// recorded status: what the due board, the Dashboard's next-dose column and the status line read.
/// Two indexed queries (medications per admitted cot; dose rows per medication and time range);
/// the slots themselves are generated in Swift from each schedule (a few hundred per ward).
struct WardSlots {
    struct Entry {
        let patient: (id: Int64, bedLabel: String, name: String)
        let medication: Medication
        let slot: DoseSlot
        let record: SlotRecord?
        let state: SlotState
        let dueAt: Date
    }

    struct SlotRecord {
        let status: DoseStatus?
        let withheldReason: WithheldReason?
        let snoozedUntil: Date?
    }

    /// Slots from `lookBack` before `now` to `lookAhead` after it, of admitted cots; with
    /// `includingDischarged`, of patient `patientId` even once discharged (the handover of the
    /// shift a baby went home in).
    static func load(_ db: some SQLConnection, now: Date, timeZone: TimeZone, timing: SlotTiming, patientId: Int64? = nil,
                     includingDischarged: Bool = false, lookBack: TimeInterval = 36 * 3600, lookAhead: TimeInterval) throws -> [Entry] {
        let from = now.addingTimeInterval(-lookBack)
        let to = now.addingTimeInterval(lookAhead)
        let admitted: SQLQuery = includingDischarged && patientId != nil ? "" : " AND p.dischargedAt IS NULL"
        let patientFilter: SQLQuery = (patientId.map { "AND p.id = \($0)" } ?? "") + admitted
        // SQLite: CROSS JOIN keeps the admitted cots as the outer loop (medication_live_patient per cot).
        let medicationRows = try db.fetchAll("""
            SELECT p.bedLabel, p.givenName, p.familyName, m.*
            FROM patient p \(sql: .orderedJoin) medication m ON m.patientId = p.id AND m.deletedAt IS NULL
            WHERE p.deletedAt IS NULL \(sql: patientFilter)
                AND m.isPaused = FALSE AND m.scheduleKind <> 'asNeeded'
                AND m.startsAt < \(to) AND (m.endsAt IS NULL OR m.endsAt > \(from))
            """)
        guard !medicationRows.isEmpty else { return [] }
        var records: [Int64: [Int64: SlotRecord]] = [:]
        try db.forEachRow("""
            SELECT d.medicationId, d.scheduledAt, d.status, d.withheldReason, d.snoozedUntil
            FROM patient p \(sql: .orderedJoin) medication m ON m.patientId = p.id AND m.deletedAt IS NULL
            \(sql: .orderedJoin) dose_record d ON d.medicationId = m.id AND d.deletedAt IS NULL
                AND d.scheduledAt >= \(from) AND d.scheduledAt < \(to)
            WHERE p.deletedAt IS NULL \(sql: patientFilter)
                AND m.isPaused = FALSE AND m.scheduleKind <> 'asNeeded'
            """) { row in
            records[try row.column(at: 0, as: Int64.self), default: [:]][try row.column(at: 1, as: Int64.self)] = SlotRecord(
                status: try row.column(at: 2, as: String?.self).flatMap(DoseStatus.init(rawValue:)),
                withheldReason: try row.column(at: 3, as: String?.self).flatMap(WithheldReason.init(rawValue:)),
                snoozedUntil: try row.column(at: 4, as: Int64?.self).map(StoredTime.date(milliseconds:)))
        }
        // Slots that fell inside a pause of a since-resumed medication are `.paused`, never overdue.
        // The patient's three columns come first; the medication's are read by name (none clash).
        let medications = try medicationRows.map { try Medication(row: $0) }
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: from, to: to)
        var entries: [Entry] = []
        for (row, medication) in zip(medicationRows, medications) {
            let name = try row.column(at: 1, as: String.self) + " " + row.column(at: 2, as: String.self)
            let patient = (medication.patientId, try row.column(at: 0, as: String.self), name)
            for slot in SlotGenerator.slots(for: medication, from: from, to: to, timeZone: timeZone) {
                let record = records[medication.id]?[StoredTime.milliseconds(slot.scheduledAt)]
                let state = timing.state(of: slot, status: record?.status, snoozedUntil: record?.snoozedUntil,
                                         pauses: pauses[medication.id] ?? [], now: now, timeZone: timeZone)
                entries.append(Entry(patient: patient, medication: medication, slot: slot, record: record, state: state,
                                     dueAt: timing.dueTime(of: slot, snoozedUntil: record?.snoozedUntil)))
            }
        }
        return entries
    }
}
