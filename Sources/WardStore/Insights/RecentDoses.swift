import Foundation
import WardSQL

/// The last ten final doses per scheduled drug of each cot (the dose-outcome rule's input), read
/// for many cots at once: slots of the last 14 days, reaching back (doubling) for the drugs with
/// fewer than ten final ones until they have ten or reach their first slot. Every drug reaches
/// back by the same steps, so each step is one statement for all the drugs still short of ten,
/// not one per drug (on a server every statement is a round trip); the slots and their states
/// are those of `PatientTrendsQuery.classifiedSlots`, which Trends' heatmap reads.
enum RecentDoses {
    static func fetch(_ db: some SQLConnection, patients: [Patient], now: Date, timeZone: TimeZone,
                      timing: SlotTiming) throws -> [Int64: [String: [DoseOutcomeRule.Dose]]] {
        guard !patients.isEmpty else { return [:] }
        let medications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE patientId IN (\(sql: .list(patients.map(\.id)))) AND deletedAt IS NULL
                AND scheduleKind <> 'asNeeded'
            ORDER BY id
            """)
        guard !medications.isEmpty else { return [:] }
        let stays = Dictionary(patients.map { ($0.id, $0.stay) }, uniquingKeysWith: { a, _ in a })
        let end = now.addingTimeInterval(0.001)  // slots scheduled up to and including now
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: .distantPast, to: end)

        var slots: [Int64: [PatientTrendsQuery.ClassifiedSlot]] = [:]
        var short = medications
        var (from, to) = (now.addingTimeInterval(-14 * 86_400), end)
        var first = true
        while !short.isEmpty {
            let records = try slotRecords(db, medicationIds: short.map(\.id), from: from, to: to)
            for medication in short {
                let stay = stays[medication.patientId] ?? PatientStay(admittedAt: .distantPast, dischargedAt: nil)
                let mine = records[medication.id] ?? [:]
                let paused = pauses[medication.id] ?? []
                let earlier = SlotGenerator.slots(for: medication, during: stay, from: from, to: to, timeZone: timeZone).map { slot in
                    let record = mine[StoredTime.milliseconds(slot.scheduledAt)]
                    return PatientTrendsQuery.ClassifiedSlot(
                        slot: slot, state: timing.state(of: slot, status: record?.0, snoozedUntil: record?.1, pauses: paused,
                                                        now: now, timeZone: timeZone))
                }
                slots[medication.id] = earlier + (first ? [] : slots[medication.id] ?? [])
            }
            first = false
            short = short.filter { medication in
                let stay = stays[medication.patientId] ?? PatientStay(admittedAt: .distantPast, dischargedAt: nil)
                return (slots[medication.id] ?? []).count(where: { $0.outcome != nil }) < DoseOutcomeRule.recentDoseCount
                    && max(medication.startsAt, stay.admittedAt) < from
            }
            (from, to) = (from.addingTimeInterval(-max(14 * 86_400, now.timeIntervalSince(from))), from)
        }

        var out: [Int64: [String: [DoseOutcomeRule.Dose]]] = [:]
        for medication in medications {
            let finals = (slots[medication.id] ?? []).filter { $0.outcome != nil }.suffix(DoseOutcomeRule.recentDoseCount)
            if !finals.isEmpty {
                out[medication.patientId, default: [:]][medication.drugName, default: []] += finals.map {
                    DoseOutcomeRule.Dose(time: $0.slot.scheduledAt, outcome: $0.outcome!)
                }
            }
        }
        return out
    }

    /// Status and (for rows with none) snooze time of the drugs' slots in `[from, to)`, by drug
    /// and time in ms: a range search per drug on the covering `dose_record_live_medication`.
    private static func slotRecords(_ db: some SQLConnection, medicationIds: [Int64], from: Date,
                                    to: Date) throws -> [Int64: [Int64: (DoseStatus?, Date?)]] {
        var records: [Int64: [Int64: (DoseStatus?, Date?)]] = [:]
        try db.forEachRow("""
            SELECT medicationId, scheduledAt, status, CASE WHEN status IS NULL THEN snoozedUntil END FROM dose_record
            WHERE medicationId IN (\(sql: .list(medicationIds))) AND deletedAt IS NULL
                AND scheduledAt >= \(from) AND scheduledAt < \(to)
            """) { row in
            records[try row.column(at: 0, as: Int64.self), default: [:]][try row.column(at: 1, as: Int64.self)] =
                (try row.column(at: 2, as: DoseStatus?.self), try row.column(at: 3, as: Date?.self))
        }
        return records
    }
}
