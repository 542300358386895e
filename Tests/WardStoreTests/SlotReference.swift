import Foundation
import GRDB
@testable import WardStore

/// The plain, slow reference the Trends dose figures are checked against: every slot of every
/// scheduled medication (not deleted) of every patient (not deleted), made one by one by
/// `SlotGenerator` with the ward's `TimeZone`, the stay applied by hand (nothing before admission
/// or after discharge), each slot's state from `SlotTiming.state` with the medication's pause
/// periods, and the dose rows read raw. No arithmetic shortcuts, no summaries, no day grid.
struct SlotReference {
    struct Entry {
        let patientId: Int64
        let drugName: String
        let slot: DoseSlot
        let state: SlotState
        /// The row's final status, nil when there is no row or it holds only a snooze.
        let recorded: DoseStatus?

        /// What the slot came to: its final status, or missed when the drug round says so.
        var final: DoseStatus? {
            switch state {
            case .given: return .given
            case .withheld: return .withheld
            case .missed: return .missed
            default: return nil
            }
        }
    }

    /// Slots scheduled in `[from, to)`, oldest first.
    static func entries(_ db: Database, patientId: Int64? = nil, from: Date, to: Date, now: Date, timeZone: TimeZone,
                        timing: SlotTiming) throws -> [Entry] {
        let patients = try Patient.fetchAll(db, sql: "SELECT * FROM patient WHERE deletedAt IS NULL")
            .filter { patientId == nil || $0.id == patientId }
        var records: [Int64: [Date: (DoseStatus?, Date?)]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT medicationId, scheduledAt, status, snoozedUntil FROM dose_record WHERE deletedAt IS NULL
            """) {
            records[row[0], default: [:]][StoredTime.date(milliseconds: row[1])] = (
                (row[2] as String?).flatMap(DoseStatus.init(rawValue:)), (row[3] as Int64?).map(StoredTime.date(milliseconds:)))
        }
        var pauses: [Int64: [PausePeriod]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT medicationId, pausedAt, resumedAt FROM medication_pause") {
            pauses[row[0], default: []].append(PausePeriod(pausedAt: StoredTime.date(milliseconds: row[1]),
                                                           resumedAt: (row[2] as Int64?).map(StoredTime.date(milliseconds:))))
        }
        var out: [Entry] = []
        for patient in patients {
            let medications = try Medication.fetchAll(db, sql: """
                SELECT * FROM medication WHERE patientId = ? AND deletedAt IS NULL
                """, arguments: [patient.id])
            for medication in medications {
                let lower = max(from, patient.admittedAt)
                let upper = patient.dischargedAt.map { min(to, $0) } ?? to
                guard lower < upper else { continue }
                for slot in SlotGenerator.slots(for: medication, from: lower, to: upper, timeZone: timeZone) {
                    let record = records[medication.id]?[slot.scheduledAt]
                    let state = timing.state(of: slot, status: record?.0, snoozedUntil: record?.1,
                                             pauses: pauses[medication.id] ?? [], now: now, timeZone: timeZone)
                    out.append(Entry(patientId: patient.id, drugName: medication.drugName, slot: slot, state: state,
                                     recorded: record?.0))
                }
            }
        }
        return out.sorted { $0.slot < $1.slot }
    }

    /// Missed slots with no final status recorded, per ward day (by scheduled time).
    static func neverRecordedMissed(_ entries: [Entry], days: [WardDay]) -> [Int] {
        var counts = Array(repeating: 0, count: days.count)
        for entry in entries where entry.state == .missed && entry.recorded == nil {
            if let i = days.firstIndex(where: { $0.start <= entry.slot.scheduledAt && entry.slot.scheduledAt < $0.end }) {
                counts[i] += 1
            }
        }
        return counts
    }
}
