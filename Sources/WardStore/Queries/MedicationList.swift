import Foundation
import WardSQL

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

    /// Reads the list in a fixed number of statements whatever the number of medications (each
    /// part for every medication at once, by range searches per medication): on a server every
    /// statement is a round trip.
    static func fetch(_ db: some SQLConnection, patientId: Int64, now: Date, timeZone: TimeZone,
                      settings: WardSettings) throws -> MedicationList {
        let timing = settings.slotTiming
        let nowMs = StoredTime.milliseconds(now)
        let day: Int64 = 86_400_000
        let medications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE patientId = \(patientId) AND deletedAt IS NULL
            """)
        // Slots run from admission to discharge, as in Trends: a dose due before the baby reached
        // the ward was not the ward's to give, so it is never a missed dose in adherence, and a
        // discharged patient's list shows no open slot after they left.
        let stay = try db.fetchRecord(Patient.self, id: patientId)?.stay ?? PatientStay(admittedAt: .distantPast, dischargedAt: nil)
        var rows: [MedicationListRow] = []
        var patient7 = Adherence()
        var patient14 = Adherence()
        let gate = Double(settings.adherenceGatePercent) / 100
        let ids = medications.map(\.id)
        let pauses = try MedicationPause.periods(db, medicationIds: ids,
                                                 from: now.addingTimeInterval(-28 * 86_400), to: now.addingTimeInterval(48 * 3600))
        // 28 days of slot rows feed adherence (14 d) and the effectiveness dose times (28 d).
        var slotRecords: [Int64: [Date: (DoseStatus?, WithheldReason?, Date?)]] = [:]
        var givenSlots: [Int64: [Date]] = [:]
        if !ids.isEmpty {
            try db.forEachRow("""
                SELECT medicationId, scheduledAt, status, withheldReason, snoozedUntil, recordedAt FROM dose_record
                WHERE medicationId IN (\(sql: .list(ids))) AND deletedAt IS NULL
                    AND scheduledAt >= \(nowMs - 28 * day) AND scheduledAt < \(nowMs + day)
                ORDER BY medicationId, scheduledAt
                """) { row in
                let id = try row.column(at: 0, as: Int64.self)
                let status = try row.column(at: 2, as: DoseStatus?.self)
                slotRecords[id, default: [:]][try row.column(at: 1, as: Date.self)] = (
                    status, try row.column(at: 3, as: WithheldReason?.self), try row.column(at: 4, as: Date?.self))
                if status == .given, let at = try row.column(at: 5, as: Date?.self) { givenSlots[id, default: []].append(at) }
            }
        }
        let latest = try latestDoses(db, medications)
        // What effectiveness reads: as-needed doses of 28 days, and each profile's readings.
        let profiled = medications.filter { Effectiveness.profile(for: $0.category) != nil }
        let asNeededIds = profiled.filter(\.schedule.isAsNeeded).map(\.id)
        var asNeededGiven: [Int64: [Date]] = [:]
        if !asNeededIds.isEmpty {
            for row in try db.fetchAll("""
                SELECT medicationId, givenAt FROM as_needed_dose WHERE medicationId IN (\(sql: .list(asNeededIds)))
                    AND deletedAt IS NULL AND givenAt >= \(nowMs - 28 * day)
                ORDER BY medicationId, givenAt
                """) {
                asNeededGiven[try row.column(at: 0, as: Int64.self), default: []].append(try row.column(at: 1, as: Date.self))
            }
        }
        let kinds = Set(profiled.compactMap { Effectiveness.profile(for: $0.category)?.kind })
        var series: [MeasurementKind: [TimedValue]] = [:]
        if !kinds.isEmpty {
            for row in try db.fetchAll("""
                SELECT kind, measuredAt, value FROM measurement WHERE patientId = \(patientId)
                    AND kind IN (\(sql: .list(kinds.map(\.rawValue).sorted()))) AND deletedAt IS NULL
                    AND measuredAt >= \(nowMs - 28 * day) AND measuredAt <= \(nowMs)
                ORDER BY kind, measuredAt
                """) {
                series[try row.column(at: 0, as: MeasurementKind.self), default: []].append(
                    TimedValue(at: try row.column(at: 1), value: try row.column(at: 2)))
            }
        }
        for medication in medications {
            let paused = pauses[medication.id] ?? []
            let byTime = slotRecords[medication.id] ?? [:]
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

            var effectiveness: EffectivenessResult?
            if let profile = Effectiveness.profile(for: medication.category) {
                let givenTimes = medication.schedule.isAsNeeded ? asNeededGiven[medication.id] ?? [] : givenSlots[medication.id] ?? []
                effectiveness = Effectiveness.evaluate(
                    category: medication.category, doses: givenTimes, series: series[profile.kind] ?? [],
                    adherence: medication.schedule.isAsNeeded ? nil : a14.rate, mode: settings.effectivenessMode,
                    now: now, adherenceGate: gate)
            }
            let lowAdherence = a7.rate.map { $0 < gate } ?? false
            rows.append(MedicationListRow(
                medication: medication, latest: latest[medication.id], nextSlot: next?.0, nextSlotState: next?.1,
                nextDueAt: next?.2, overdueSlots: overdue, adherence7d: a7, adherence14d: a14, effectiveness: effectiveness,
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

    /// The latest final slot status or as-needed dose of each medication, by medication: one
    /// statement for the scheduled ones and one for the as-needed ones, each a backward search
    /// per medication (`dose_record_live_medication`, `as_needed_live_medication_time`).
    static func latestDoses(_ db: some SQLConnection, _ medications: [Medication]) throws -> [Int64: LatestDose] {
        var out: [Int64: LatestDose] = [:]
        let asNeeded = medications.filter(\.schedule.isAsNeeded).map(\.id)
        let scheduled = medications.filter { !$0.schedule.isAsNeeded }.map(\.id)
        if !asNeeded.isEmpty {
            for row in try db.fetchAll("""
                SELECT m.id, d.givenAt, (SELECT s.initials FROM staff s WHERE s.id = d.checkedBy) AS checker
                FROM medication m JOIN as_needed_dose d ON d.id = (SELECT x.id FROM as_needed_dose x
                    WHERE x.medicationId = m.id AND x.deletedAt IS NULL ORDER BY x.givenAt DESC, x.id DESC LIMIT 1)
                WHERE m.id IN (\(sql: .list(asNeeded)))
                """) {
                out[try row.column(at: 0, as: Int64.self)] = LatestDose(status: .given, withheldReason: nil, at: try row.column(at: 1),
                                                                         scheduledAt: nil, checkedBy: try row.column(at: 2))
            }
        }
        if !scheduled.isEmpty {
            for row in try db.fetchAll("""
                SELECT m.id, d.scheduledAt, d.status, d.withheldReason, d.recordedAt,
                    (SELECT s.initials FROM staff s WHERE s.id = d.checkedBy) AS checker
                FROM medication m JOIN dose_record d ON d.id = (SELECT x.id FROM dose_record x
                    WHERE x.medicationId = m.id AND x.deletedAt IS NULL AND x.status IS NOT NULL
                    ORDER BY x.scheduledAt DESC LIMIT 1)
                WHERE m.id IN (\(sql: .list(scheduled)))
                """) {
                guard let status = try row.column(at: 2, as: DoseStatus?.self) else { continue }
                let scheduledAt = try row.column(at: 1, as: Date.self)
                out[try row.column(at: 0, as: Int64.self)] = LatestDose(
                    status: status, withheldReason: try row.column(at: 3), at: try row.column(at: 4, as: Date?.self) ?? scheduledAt,
                    scheduledAt: scheduledAt, checkedBy: try row.column(at: 5))
            }
        }
        return out
    }
}

extension SQLiteWardStore {
    public func medicationList(patientId: Int64, now: Date, timeZone: TimeZone) async throws -> MedicationList {
        try await database.read { db in
            try MedicationList.fetch(db, patientId: patientId, now: now, timeZone: timeZone, settings: try Self.settings(db))
        }
    }
}
