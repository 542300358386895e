import Foundation
import GRDB

/// The filter chips of a patient's medication list.
public enum MedicationFilter: String, Sendable, CaseIterable {
    case all, active, paused, attention
}

/// The latest thing recorded for a medication.
public struct LatestDose: Sendable, Hashable {
    /// Given / withheld / missed for a slot; `.given` for an as-needed dose.
    public let status: DoseStatus
    public let withheldReason: WithheldReason?
    /// When it was given or withheld (the slot time for a recorded "missed").
    public let at: Date
    /// The slot's scheduled time; nil for an as-needed dose.
    public let scheduledAt: Date?
    /// The initials of the second member who checked it (a drug the ward's second-check list names).
    public var checkedBy: String? = nil
}

/// One row of a patient's medication list.
public struct MedicationListRow: Sendable, Hashable {
    public let medication: Medication
    public let latest: LatestDose?
    /// The next slot that is not final (upcoming, due or overdue), with its state.
    public let nextSlot: DoseSlot?
    public let nextSlotState: SlotState?
    public let nextDueAt: Date?
    public let overdueSlots: Int
    public let adherence7d: Adherence
    public let adherence14d: Adherence
    /// Nil for category `other` and for as-needed medications.
    public let effectiveness: EffectivenessResult?
    /// Active now (started, not ended, not paused).
    public let isActive: Bool
    /// Paused, or an overdue slot, or 7-day adherence below the ward's gate.
    public let needsAttention: Bool

    public func matches(_ filter: MedicationFilter) -> Bool {
        switch filter {
        case .all: return true
        case .active: return isActive
        case .paused: return medication.isPaused
        case .attention: return needsAttention
        }
    }
}

/// A patient's medications (not deleted; ended ones included, last) with everything the
/// Medications tab shows per row, and the chip counts.
public struct MedicationList: Sendable, Hashable {
    public let now: Date
    public let patientId: Int64
    public let rows: [MedicationListRow]
    /// 7-day and 14-day adherence over all the patient's scheduled medications.
    public let patientAdherence7d: Adherence
    public let patientAdherence14d: Adherence

    public func rows(_ filter: MedicationFilter) -> [MedicationListRow] { rows.filter { $0.matches(filter) } }
    public func count(_ filter: MedicationFilter) -> Int { rows(filter).count }

    static func fetch(_ db: Database, patientId: Int64, now: Date, timeZone: TimeZone,
                      settings: WardSettings) throws -> MedicationList {
        let timing = settings.slotTiming
        let nowMs = StoredTime.milliseconds(now)
        let day: Int64 = 86_400_000
        let medications = try Medication.fetchAll(db, sql: """
            SELECT * FROM medication WHERE patientId = ? AND deletedAt IS NULL
            """, arguments: [patientId])
        // Slots run from admission to discharge, as in Trends: a dose due before the baby reached
        // the ward was not the ward's to give, so it is never a missed dose in adherence, and a
        // discharged patient's list shows no open slot after they left.
        let stay = try Patient.fetchOne(db, key: patientId)?.stay ?? PatientStay(admittedAt: .distantPast, dischargedAt: nil)
        var rows: [MedicationListRow] = []
        var patient7 = Adherence()
        var patient14 = Adherence()
        let gate = Double(settings.adherenceGatePercent) / 100
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id),
                                                 from: now.addingTimeInterval(-28 * 86_400), to: now.addingTimeInterval(48 * 3600))
        for medication in medications {
            let paused = pauses[medication.id] ?? []
            // 28 days of slot rows feed adherence (14 d) and the effectiveness dose times (28 d).
            let records = try Row.fetchAll(db, sql: """
                SELECT scheduledAt, status, withheldReason, snoozedUntil, recordedAt FROM dose_record
                WHERE medicationId = ? AND deletedAt IS NULL AND scheduledAt >= ? AND scheduledAt < ?
                """, arguments: [medication.id, nowMs - 28 * day, nowMs + day])
            var byTime: [Date: (DoseStatus?, WithheldReason?, Date?)] = [:]
            var givenTimes: [Date] = []
            for row in records {
                let status = (row[1] as String?).flatMap(DoseStatus.init(rawValue:))
                byTime[StoredTime.date(milliseconds: row[0])] = (status, (row[2] as String?).flatMap(WithheldReason.init(rawValue:)),
                                                                  (row[3] as Int64?).map(StoredTime.date(milliseconds:)))
                if status == .given, let at = row[4] as Int64? { givenTimes.append(StoredTime.date(milliseconds: at)) }
            }
            let a7 = Adherence.of(medication, during: stay, records: byTime, pauses: paused,
                                  from: now.addingTimeInterval(-7 * 86_400), now: now, timing: timing, timeZone: timeZone)
            let a14 = Adherence.of(medication, during: stay, records: byTime, pauses: paused,
                                   from: now.addingTimeInterval(-14 * 86_400), now: now, timing: timing, timeZone: timeZone)
            patient7 = patient7 + a7
            patient14 = patient14 + a14

            // Open slots from yesterday to two days ahead: overdue count and the next one.
            var overdue = 0
            var next: (DoseSlot, SlotState, Date)?
            if !medication.isPaused {
                for slot in SlotGenerator.slots(for: medication, during: stay, from: now.addingTimeInterval(-36 * 3600),
                                                to: now.addingTimeInterval(48 * 3600), timeZone: timeZone) {
                    let record = byTime[slot.scheduledAt]
                    let state = timing.state(of: slot, status: record?.0, snoozedUntil: record?.2, pauses: paused, now: now,
                                             timeZone: timeZone)
                    if state == .overdue { overdue += 1 }
                    if !state.isFinal && next == nil {
                        next = (slot, state, timing.dueTime(of: slot, snoozedUntil: record?.2))
                    }
                }
            }

            let latest = try latestDose(db, medication: medication)
            var effectiveness: EffectivenessResult?
            if let profile = Effectiveness.profile(for: medication.category) {
                if medication.schedule.isAsNeeded {
                    givenTimes = try Int64.fetchAll(db, sql: """
                        SELECT givenAt FROM as_needed_dose WHERE medicationId = ? AND deletedAt IS NULL AND givenAt >= ?
                        """, arguments: [medication.id, nowMs - 28 * day]).map(StoredTime.date(milliseconds:))
                }
                let series = try Row.fetchAll(db, sql: """
                    SELECT measuredAt, value FROM measurement WHERE patientId = ? AND kind = ? AND deletedAt IS NULL
                        AND measuredAt >= ? AND measuredAt <= ? ORDER BY measuredAt
                    """, arguments: [patientId, profile.kind, nowMs - 28 * day, nowMs])
                    .map { TimedValue(at: StoredTime.date(milliseconds: $0[0]), value: $0[1]) }
                effectiveness = Effectiveness.evaluate(
                    category: medication.category, doses: givenTimes, series: series,
                    adherence: medication.schedule.isAsNeeded ? nil : a14.rate, mode: settings.effectivenessMode,
                    now: now, adherenceGate: gate)
            }
            let lowAdherence = a7.rate.map { $0 < gate } ?? false
            rows.append(MedicationListRow(
                medication: medication, latest: latest, nextSlot: next?.0, nextSlotState: next?.1, nextDueAt: next?.2,
                overdueSlots: overdue, adherence7d: a7, adherence14d: a14, effectiveness: effectiveness,
                isActive: medication.isActive(at: now),
                needsAttention: medication.isPaused || overdue > 0 || lowAdherence))
        }
        rows.sort { a, b in
            let endedA = a.medication.endsAt.map { $0 <= now } ?? false
            let endedB = b.medication.endsAt.map { $0 <= now } ?? false
            if endedA != endedB { return !endedA }
            return (a.medication.drugName.lowercased(), a.medication.id) < (b.medication.drugName.lowercased(), b.medication.id)
        }
        return MedicationList(now: now, patientId: patientId, rows: rows, patientAdherence7d: patient7,
                              patientAdherence14d: patient14)
    }

    /// The latest final slot status or as-needed dose, whichever happened last.
    static func latestDose(_ db: Database, medication: Medication) throws -> LatestDose? {
        if medication.schedule.isAsNeeded {
            return try Row.fetchOne(db, sql: """
                SELECT givenAt, (SELECT s.initials FROM staff s WHERE s.id = checkedBy) FROM as_needed_dose
                WHERE medicationId = ? AND deletedAt IS NULL ORDER BY givenAt DESC LIMIT 1
                """, arguments: [medication.id]).map {
                LatestDose(status: .given, withheldReason: nil, at: StoredTime.date(milliseconds: $0[0]), scheduledAt: nil,
                           checkedBy: $0[1])
            }
        }
        guard let row = try Row.fetchOne(db, sql: """
            SELECT scheduledAt, status, withheldReason, recordedAt, (SELECT s.initials FROM staff s WHERE s.id = checkedBy)
            FROM dose_record
            WHERE medicationId = ? AND deletedAt IS NULL AND status IS NOT NULL ORDER BY scheduledAt DESC LIMIT 1
            """, arguments: [medication.id]),
              let status = (row[1] as String?).flatMap(DoseStatus.init(rawValue:)) else { return nil }
        let scheduled = StoredTime.date(milliseconds: row[0])
        return LatestDose(status: status, withheldReason: (row[2] as String?).flatMap(WithheldReason.init(rawValue:)),
                          at: (row[3] as Int64?).map(StoredTime.date(milliseconds:)) ?? scheduled, scheduledAt: scheduled,
                          checkedBy: row[4])
    }
}

extension SQLiteWardStore {
    public func medicationList(patientId: Int64, now: Date, timeZone: TimeZone) async throws -> MedicationList {
        try await pool.read { db in
            try MedicationList.fetch(db, patientId: patientId, now: now, timeZone: timeZone, settings: try Self.settings(db))
        }
    }
}
