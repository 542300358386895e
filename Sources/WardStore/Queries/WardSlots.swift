import Foundation
import GRDB

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

    /// Slots from `lookBack` before `now` to `lookAhead` after it.
    static func load(_ db: Database, now: Date, timeZone: TimeZone, timing: SlotTiming, patientId: Int64? = nil,
                     lookBack: TimeInterval = 36 * 3600, lookAhead: TimeInterval) throws -> [Entry] {
        let from = now.addingTimeInterval(-lookBack)
        let to = now.addingTimeInterval(lookAhead)
        let (fromMs, toMs) = (StoredTime.milliseconds(from), StoredTime.milliseconds(to))
        let patientFilter = patientId.map { "AND p.id = \($0)" } ?? ""
        // CROSS JOIN keeps the admitted cots as the outer loop (medication_live_patient per cot).
        let medicationRows = try Row.fetchAll(db, sql: """
            SELECT p.bedLabel, p.givenName, p.familyName, m.*
            FROM patient p CROSS JOIN medication m ON m.patientId = p.id AND m.deletedAt IS NULL
            WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(patientFilter)
                AND m.isPaused = 0 AND m.scheduleKind <> 'asNeeded'
                AND m.startsAt < \(toMs) AND (m.endsAt IS NULL OR m.endsAt > \(fromMs))
            """, adapter: ScopeAdapter(["m": SuffixRowAdapter(fromIndex: 3)]))
        guard !medicationRows.isEmpty else { return [] }
        let recordRows = try Row.fetchAll(db, sql: """
            SELECT d.medicationId, d.scheduledAt, d.status, d.withheldReason, d.snoozedUntil
            FROM patient p CROSS JOIN medication m ON m.patientId = p.id AND m.deletedAt IS NULL
            CROSS JOIN dose_record d ON d.medicationId = m.id AND d.deletedAt IS NULL
                AND d.scheduledAt >= \(fromMs) AND d.scheduledAt < \(toMs)
            WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(patientFilter)
                AND m.isPaused = 0 AND m.scheduleKind <> 'asNeeded'
            """)
        var records: [Int64: [Int64: SlotRecord]] = [:]
        for row in recordRows {
            let medicationId: Int64 = row[0]
            let scheduledAt: Int64 = row[1]
            records[medicationId, default: [:]][scheduledAt] = SlotRecord(
                status: (row[2] as String?).flatMap(DoseStatus.init(rawValue:)),
                withheldReason: (row[3] as String?).flatMap(WithheldReason.init(rawValue:)),
                snoozedUntil: (row[4] as Int64?).map(StoredTime.date(milliseconds:)))
        }
        // Slots that fell inside a pause of a since-resumed medication are `.paused`, never overdue.
        let medications = try medicationRows.map { try Medication(row: $0.scopes["m"]!) }
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: from, to: to)
        var entries: [Entry] = []
        for (row, medication) in zip(medicationRows, medications) {
            let name = (row["givenName"] as String) + " " + (row["familyName"] as String)
            let patient = (medication.patientId, row["bedLabel"] as String, name)
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
