import Foundation
import WardSQL

/// Reads a `PatientReport` inside one read transaction. Every part is another screen's own
/// derivation, asked for the report's period: per-day nappies and intake are Trends'
/// (`PatientTrendsQuery.fillNappies` / `fillFeeds`, one range search per day), the readings are
/// Trends' chart points (`PatientTrendsQuery.readings`, grouped as a Trends window of the same
/// length would be), the medications are the Medications tab's rows at `to` (`MedicationList`:
/// latest dose, effectiveness) with `Adherence` over the period from the same slots, the goal
/// ranges the Dashboard's, who charted History's events (`HistoryQuery`), and the corrections the
/// audit trail's (`AuditTrailQuery`). Its own statements are WardSQL's and run on either engine;
/// `fetch` takes GRDB's connection until the Trends, Medications and History reads it borrows do.
struct PatientReportQuery {
    let request: PatientReportRequest

    func fetch(_ db: some SQLConnection) throws -> PatientReport {
        let (from, to, timeZone) = (request.from, request.to, request.timeZone)
        guard let patient = try db.fetchRecord(Patient.self, id: request.patientId), patient.deletedAt == nil else {
            throw UnknownPatientError(id: request.patientId)
        }
        let settings = try SQLiteWardStore.settings(db)
        let id = patient.id
        let (fromMs, toMs) = (StoredTime.milliseconds(from), StoredTime.milliseconds(to))

        // The ward days the period touches, each cut to [from, to] (labelled by its own start).
        let wardDays = Self.wardDays(from: from, to: to, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
        let stayEnd = min(to, patient.dischargedAt ?? to)
        var days = wardDays.map { whole, cut -> TrendDay in
            var day = TrendDay(day: cut, label: CalendarDay(whole.start, in: timeZone))
            day.stayHours = max(0, min(cut.end, stayEnd).timeIntervalSince(max(cut.start, patient.admittedAt)) / 3600)
            return day
        }
        let cuts = wardDays.map(\.cut)
        let dayTable = TimeBucket.valuesTable("d", TimeBucket.split(cuts, parts: 1))
        try PatientTrendsQuery.fillNappies(db, patientId: id, dryNappyWeightGrams: settings.dryNappyWeightGrams,
                                           table: dayTable, into: &days)
        try PatientTrendsQuery.fillFeeds(db, patientId: id, table: dayTable, now: to, into: &days)
        var dayWeights: [Int: Int] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: SQLQuery(verbatim: dayTable))
            SELECT d.i, (SELECT CAST(round(w.value) AS BIGINT) FROM measurement w WHERE w.patientId = \(id)
                AND w.kind = 'weight' AND w.deletedAt IS NULL AND w.measuredAt < d.e ORDER BY w.measuredAt DESC LIMIT 1) AS grams
            FROM d
            """) {
            if let grams = try row.decode("grams", as: Int?.self) { dayWeights[try row.decode("i")] = grams }
        }
        let reportDays = days.enumerated().map { i, day in
            PatientReportDay(totals: day, weightGrams: dayWeights[i] ?? patient.birthWeightGrams)
        }

        // The chart points, grouped as a Trends window of the period's length (a week is raw).
        let buckets = TrendWindow.bucketsPerDay(days: Int((to.timeIntervalSince(from) / 86_400).rounded(.up)))
        let readings = try PatientTrendsQuery.readings(db, patientId: id, bucketsPerDay: buckets, windowDays: cuts,
                                                       fromMs: fromMs, nowMs: toMs)
        let goals = try SQLiteWardStore.goalRanges(for: patient, db: db, now: to, timeZone: timeZone)
        let weightAt = { (date: Date) throws -> (grams: Int, at: Date)? in
            try db.fetchOne("""
                SELECT CAST(round(value) AS BIGINT) AS grams, measuredAt FROM measurement WHERE patientId = \(id)
                    AND kind = 'weight' AND deletedAt IS NULL AND measuredAt <= \(date) ORDER BY measuredAt DESC LIMIT 1
                """).map { (grams: try $0.decode("grams"), at: try $0.decode("measuredAt")) }
        }
        let charting = try charting(db, patientId: id)
        return PatientReport(
            request: request, settings: settings, patient: patient,
            age: PatientAge(patient: patient, now: to, timeZone: timeZone),
            weightAtStart: try weightAt(from), weightAtEnd: try weightAt(to),
            goals: goals, readings: readings, bucketed: buckets != nil, days: reportDays,
            medications: try medications(db, patient: patient, settings: settings),
            chartedBy: charting.chartedBy, entriesByKind: charting.entriesByKind, corrections: charting.corrections,
            createdEntries: charting.createdEntries, staff: charting.staff)
    }

    /// The ward days from the one containing `from` to the one containing `to`, whole and cut to [from, to].
    static func wardDays(from: Date, to: Date, dayStartMinutes: Int, timeZone: TimeZone) -> [(whole: WardDay, cut: WardDay)] {
        var whole = [WardDay.containing(to, dayStartMinutes: dayStartMinutes, timeZone: timeZone)]
        while whole[0].start > from {
            whole.insert(WardDay.containing(whole[0].start.addingTimeInterval(-1), dayStartMinutes: dayStartMinutes,
                                            timeZone: timeZone), at: 0)
        }
        // `to` itself belongs to the period: the last day runs a millisecond past it.
        let end = to.addingTimeInterval(0.001)
        return whole.map { ($0, WardDay(start: max($0.start, from), end: min($0.end, end))) }
    }

    /// The medications that overlap the period: the Medications tab's rows at `to`, each with its
    /// adherence over the period (the same slots, states and pauses) and its as-needed doses.
    func medications(_ db: some SQLConnection, patient: Patient, settings: WardSettings) throws -> [PatientReportMedication] {
        let (from, to) = (request.from, request.to)
        let list = try MedicationList.fetch(db, patientId: patient.id, now: to, timeZone: request.timeZone, settings: settings)
        let rows = list.rows.filter { $0.medication.startsAt <= to && ($0.medication.endsAt ?? .distantFuture) >= from }
        let pauses = try MedicationPause.periods(db, medicationIds: rows.map(\.medication.id), from: from,
                                                 to: to.addingTimeInterval(0.001))
        return try rows.map { row in
            let medication = row.medication
            if medication.schedule.isAsNeeded {
                let given = try db.fetchValue("""
                    SELECT count(*) FROM as_needed_dose WHERE medicationId = \(medication.id) AND deletedAt IS NULL
                        AND givenAt >= \(from) AND givenAt <= \(to)
                    """, as: Int.self) ?? 0
                return PatientReportMedication(row: row, periodAdherence: Adherence(), asNeededGiven: given)
            }
            var records: [Date: (DoseStatus?, WithheldReason?, Date?)] = [:]
            for record in try db.fetchAll("""
                SELECT scheduledAt, status, withheldReason, snoozedUntil FROM dose_record
                WHERE medicationId = \(medication.id) AND deletedAt IS NULL AND scheduledAt >= \(from) AND scheduledAt <= \(to)
                """) {
                records[try record.decode("scheduledAt", as: Date.self)] = (
                    try record.decode("status", as: String?.self).flatMap(DoseStatus.init(rawValue:)),
                    try record.decode("withheldReason", as: String?.self).flatMap(WithheldReason.init(rawValue:)),
                    try record.decode("snoozedUntil", as: Date?.self))
            }
            // Slots scheduled up to and including `to`.
            let adherence = Adherence.of(medication, during: patient.stay, records: records, pauses: pauses[medication.id] ?? [],
                                         from: from, now: to.addingTimeInterval(0.001), timing: settings.slotTiming,
                                         timeZone: request.timeZone)
            return PatientReportMedication(row: row, periodAdherence: adherence, asNeededGiven: 0)
        }
    }

    struct Charting {
        let chartedBy: [HandoverAuthor]
        let entriesByKind: [HistoryEventKind: Int]
        let corrections: [AuditTrailRow]
        let createdEntries: Int
        let staff: [Int64: Staff]
    }

    /// Who charted (History's events of the period, by author) and what the audit trail says
    /// was changed afterwards.
    func charting(_ db: some SQLConnection, patientId: Int64) throws -> Charting {
        let events = try HistoryQuery(filter: HistoryFilter(patientId: patientId, from: request.from,
                                                            until: request.to.addingTimeInterval(0.001)),
                                      cursor: nil, direction: .newer, limit: 1_000_000).fetch(db).events
            .filter { $0.patientId == patientId }
        let authors = Dictionary(grouping: events.compactMap(\.staffId), by: { $0 })
            .map { HandoverAuthor(staffId: $0.key, entries: $0.value.count) }
            .sorted { ($1.entries, $0.staffId) < ($0.entries, $1.staffId) }
        let trail = try AuditTrailQuery(filter: AuditFilter(patientIds: [patientId], since: request.from,
                                                            until: request.to.addingTimeInterval(0.001)),
                                        patients: [patientId], olderThan: nil, limit: Int.max).fetch(db)
        let changes = trail.filter { $0.entry.action.changesRecord && $0.entry.action != .create }
            .sorted { $0.entry.id < $1.entry.id }
        let ids = Set(authors.map(\.staffId))
        let staff = try HandoverCharted.staff(ids, db)
        return Charting(chartedBy: authors, entriesByKind: Dictionary(grouping: events, by: \.kind).mapValues(\.count),
                        corrections: changes, createdEntries: trail.count { $0.entry.action == .create },
                        staff: Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0) }))
    }
}
