import Foundation
import WardSQL

/// Reads a `DischargeSummary` inside one read transaction: a handful of range searches on the
/// per-patient indexes over [admission, end], so a 60-day stay costs no more than a few
/// thousand rows. Parts other screens already compute are theirs: the age (`PatientAge`), the
/// goal ranges (`SQLiteWardStore.goalRanges`, as the Dashboard judges readings), intake
/// (`FeedTotals`), adherence (`Adherence`, as the Medications tab counts it) and the insight
/// input (`CotInsightInput`, as Trends reads it). Its own statements are WardSQL's and run on
/// either engine; `fetch` takes GRDB's connection until the insight input and the pause periods
/// it borrows do too.
struct DischargeSummaryQuery {
    let request: DischargeSummaryRequest

    func fetch(_ db: some SQLConnection) throws -> DischargeSummary {
        guard let patient = try db.fetchRecord(Patient.self, "SELECT * FROM patient WHERE id = \(request.patientId) AND deletedAt IS NULL") else {
            throw WardStoreError("no patient with id \(request.patientId)")
        }
        let settings = try SQLiteWardStore.settings(db)
        let zone = request.timeZone
        let end = min(patient.dischargedAt ?? request.until, max(request.until, patient.admittedAt))
        let (from, id) = (patient.admittedAt, patient.id)
        let ownGoals = try db.fetchAll("SELECT kind, low, high FROM measurement_goal WHERE patientId = \(id)")
        let goalsAtEnd = SQLiteWardStore.goalRanges(for: patient, own: ownGoals, now: end, timeZone: zone)

        // Readings of the stay, by kind and time: weights for the figures, the rest judged by
        // the range in force on the day of the reading.
        let readings = try db.fetchRecords(MeasurementRecord.self, """
            SELECT * FROM measurement WHERE patientId = \(id) AND deletedAt IS NULL AND measuredAt >= \(from) AND measuredAt <= \(end)
            ORDER BY kind, measuredAt, id
            """)
        let byKind = Dictionary(grouping: readings, by: \.kind)
        let weights = Self.weights(byKind[.weight] ?? [], birthGrams: patient.birthWeightGrams)
        var rangesByDay: [CalendarDay: [MeasurementKind: GoalRange]] = [:]
        let observations = MeasurementGoals.kinds.compactMap { kind -> DischargeObservationSummary? in
            guard let list = byKind[kind], !list.isEmpty else { return nil }
            return Self.observations(kind, list) { m in
                let day = CalendarDay(m.measuredAt, in: zone)
                if let known = rangesByDay[day] { return known[kind] }
                let ranges = SQLiteWardStore.goalRanges(for: patient, own: ownGoals, now: m.measuredAt, timeZone: zone)
                rangesByDay[day] = ranges
                return ranges[kind]
            }
        }

        let feeding = try Self.feeding(db, patient: patient, end: end, now: request.until)
        let medications = try Self.medications(db, patient: patient, end: end, settings: settings, timeZone: zone)
        let calculatorResults = try db.fetchRecords(SavedCalculatorResult.self, """
            SELECT * FROM calculator_result WHERE patientId = \(id) AND deletedAt IS NULL AND savedAt >= \(from) AND savedAt <= \(end)
            ORDER BY savedAt, id
            """)
        let strokeAssessments = try db.fetchRecords(StoredStrokeAssessment.self, """
            SELECT * FROM stroke_assessment WHERE patientId = \(id) AND deletedAt IS NULL AND assessedAt >= \(from)
                AND assessedAt <= \(end)
            ORDER BY assessedAt, id
            """)
        let caredBy = try Self.carers(db, patientId: id, from: from, end: end)
        var admittedBy: Int64?, dischargedBy: Int64?
        for row in try db.fetchAll("""
            SELECT action, staffId FROM audit_entry WHERE entity = \(WardEntity.patient) AND entityId = \(id)
                AND action IN (\(AuditAction.create), \(AuditAction.discharge))
            ORDER BY id
            """) {
            let action = try row.decode("action", as: AuditAction.self)
            if action == .create, admittedBy == nil { admittedBy = try row.decode("staffId") }
            if action == .discharge { dischargedBy = try row.decode("staffId") }
        }
        let staffIds = Set(caredBy.map(\.staffId) + [admittedBy, dischargedBy].compactMap { $0 }
                           + calculatorResults.compactMap(\.savedBy))
        let staff = try HandoverCharted.staff(staffIds, db)

        return DischargeSummary(
            request: request, settings: settings, patient: patient, end: end,
            ageAtAdmission: PatientAge(patient: patient, now: patient.admittedAt, timeZone: zone),
            ageAtEnd: PatientAge(patient: patient, now: end, timeZone: zone),
            weights: weights, feeding: feeding, observations: observations,
            insightInput: try CotInsightInput.fetch(db, patient: patient, now: end, timeZone: zone, settings: settings,
                                                    goals: goalsAtEnd),
            medications: medications, calculatorResults: calculatorResults, strokeAssessments: strokeAssessments,
            caredBy: caredBy, admittedBy: admittedBy, dischargedBy: patient.dischargedAt == nil ? nil : dischargedBy,
            staff: Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0) }))
    }

    /// First, lowest (earliest of equals) and last of the stay's weighings, oldest first.
    static func weights(_ weighings: [MeasurementRecord], birthGrams: Int?) -> DischargeWeights {
        func weight(_ m: MeasurementRecord?) -> DischargeWeight? {
            m.map { DischargeWeight(grams: Int($0.value.rounded()), at: $0.measuredAt) }
        }
        let lowest = weighings.min { ($0.value, $0.measuredAt) < ($1.value, $1.measuredAt) }
        return DischargeWeights(birthGrams: birthGrams, onAdmission: weight(weighings.first), lowest: weight(lowest),
                                atEnd: weight(weighings.last), weighings: weighings.count)
    }

    /// One kind's readings (oldest first) against the range `range(m)` returns for each: counts,
    /// episodes (runs of out-of-range readings ended by an in-range one) and the worst each side.
    static func observations(_ kind: MeasurementKind, _ list: [MeasurementRecord],
                             range: (MeasurementRecord) -> GoalRange?) -> DischargeObservationSummary {
        var outOfRange = 0, episodes = 0, inEpisode = false
        var worstLow: MarkedMeasurement?, worstHigh: MarkedMeasurement?
        for m in list {
            guard let goal = range(m), let mark = goal.mark(m.value) else {
                inEpisode = false
                continue
            }
            outOfRange += 1
            if !inEpisode { episodes += 1 }
            inEpisode = true
            let marked = MarkedMeasurement(measurement: m, range: goal, mark: mark)
            switch mark {
            case .low: if worstLow.map({ m.value < $0.measurement.value }) ?? true { worstLow = marked }
            case .high: if worstHigh.map({ m.value > $0.measurement.value }) ?? true { worstHigh = marked }
            }
        }
        return DischargeObservationSummary(kind: kind, readings: list.count, outOfRange: outOfRange, episodes: episodes,
                                           worstLow: worstLow, worstHigh: worstHigh)
    }

    /// The last day of the stay by `FeedTotals`: feeds by volume charted in it and infusions that
    /// ran in it, by kind.
    static func feeding(_ db: some SQLConnection, patient: Patient, end: Date, now: Date) throws -> DischargeFeeding {
        let from = max(patient.admittedAt, end.addingTimeInterval(-DischargeSummaryRequest.feedingWindow))
        let feeds = try db.fetchRecords(Feed.self, """
            SELECT * FROM feed WHERE patientId = \(patient.id) AND deletedAt IS NULL AND occurredAt < \(end)
                AND (occurredAt >= \(from) OR (rateMLPerHour IS NOT NULL AND (stoppedAt IS NULL OR stoppedAt > \(from))))
            ORDER BY occurredAt, id
            """)
        var kinds: [FeedKind: (count: Int, ml: Double, minutes: Int)] = [:]
        var intake = 0.0
        for feed in feeds where !feed.kind.isOutput {
            let ml = FeedTotals.intakeML(feed.draft, from: from, to: end, now: now)
            intake += ml
            kinds[feed.kind, default: (0, 0, 0)].count += 1
            kinds[feed.kind, default: (0, 0, 0)].ml += ml
            kinds[feed.kind, default: (0, 0, 0)].minutes += feed.durationMinutes ?? 0
        }
        let last = try db.fetchOne("""
            SELECT occurredAt, kind FROM feed WHERE patientId = \(patient.id) AND deletedAt IS NULL AND occurredAt <= \(end)
                AND kind NOT IN (\(sql: SQLQuery(verbatim: FeedKind.outputKindsSQL)))
            ORDER BY occurredAt DESC, id DESC LIMIT 1
            """)
        return DischargeFeeding(
            from: from, to: end,
            kinds: kinds.map { DischargeFeedKind(kind: $0.key, count: $0.value.count, ml: $0.value.ml, minutes: $0.value.minutes) }
                .sorted { ($1.ml, $0.kind.rawValue) < ($0.ml, $1.kind.rawValue) },
            intakeML: intake,
            lastFeedAt: try last?.decode("occurredAt", as: Date.self),
            lastFeedKind: (try last?.decode("kind", as: String.self)).flatMap(FeedKind.init(rawValue:)))
    }

    /// Every medication prescribed during the stay, with its slots counted as the Medications tab
    /// counts adherence (over the whole stay), its as-needed doses and its last dose given.
    static func medications(_ db: some SQLConnection, patient: Patient, end: Date, settings: WardSettings,
                            timeZone: TimeZone) throws -> [DischargeMedication] {
        let from = patient.admittedAt
        let medications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE patientId = \(patient.id) AND deletedAt IS NULL AND startsAt <= \(end)
                AND (endsAt IS NULL OR endsAt > \(from))
            """)
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: patient.admittedAt, to: end)
        let stay = PatientStay(admittedAt: patient.admittedAt, dischargedAt: end)
        return try medications.map { medication in
            var records: [Date: (DoseStatus?, WithheldReason?, Date?)] = [:]
            var given: [Date] = []
            for row in try db.fetchAll("""
                SELECT scheduledAt, status, withheldReason, snoozedUntil, recordedAt FROM dose_record
                WHERE medicationId = \(medication.id) AND deletedAt IS NULL AND scheduledAt >= \(from) AND scheduledAt <= \(end)
                """) {
                let status = try row.decode("status", as: String?.self).flatMap(DoseStatus.init(rawValue:))
                let scheduled = try row.decode("scheduledAt", as: Date.self)
                records[scheduled] = (status, try row.decode("withheldReason", as: String?.self).flatMap(WithheldReason.init(rawValue:)),
                                      try row.decode("snoozedUntil", as: Date?.self))
                if status == .given { given.append(try row.decode("recordedAt", as: Date?.self) ?? scheduled) }
            }
            let adherence = Adherence.of(medication, during: stay, records: records, pauses: pauses[medication.id] ?? [],
                                         from: patient.admittedAt, now: end, timing: settings.slotTiming, timeZone: timeZone)
            var doses = given.map { DischargeDose(at: $0, amount: nil) }
            let asNeeded = try db.fetchAll("""
                SELECT givenAt, doseAmount FROM as_needed_dose WHERE medicationId = \(medication.id) AND deletedAt IS NULL
                    AND givenAt >= \(from) AND givenAt <= \(end) ORDER BY givenAt, id
                """)
            doses += try asNeeded.map {
                DischargeDose(at: try $0.decode("givenAt"), amount: try $0.decode("doseAmount", as: Double?.self) ?? medication.doseAmount)
            }
            doses.sort { $0.at < $1.at }
            return DischargeMedication(
                medication: medication, adherence: adherence, asNeededGiven: asNeeded.count,
                firstGivenAt: doses.first?.at, lastGiven: doses.last,
                openAtEnd: medication.endsAt.map { $0 > end } ?? true)
        }.sorted { ($0.medication.drugName.lowercased(), $0.medication.id) < ($1.medication.drugName.lowercased(), $1.medication.id) }
    }

    /// Who charted for the patient during the stay, from every kind of entry History lists.
    static func carers(_ db: some SQLConnection, patientId: Int64, from: Date, end: Date) throws -> [DischargeCarer] {
        let branches = HistoryEventKind.allCases.map(HistoryBranch.of).map { branch -> SQLQuery in
            let (staff, time) = (SQLQuery(verbatim: branch.staffColumn), SQLQuery(verbatim: branch.timeColumn))
            return """
                SELECT n.\(sql: staff) AS staffId, n.\(sql: time) AS at FROM \(sql: SQLQuery(verbatim: branch.table)) n
                WHERE n.patientId = \(patientId) AND n.deletedAt IS NULL AND n.\(sql: time) >= \(from) AND n.\(sql: time) <= \(end)
                    \(sql: SQLQuery(verbatim: branch.extraConditions.map { "AND " + $0 }.joined(separator: " ")))
                """
        }
        return try db.fetchAll("""
            SELECT staffId, count(*) AS entries, min(at) AS firstAt, max(at) AS lastAt
            FROM (\(sql: .joined(branches, separator: " UNION ALL "))) charted WHERE staffId IS NOT NULL GROUP BY staffId
            """).map {
            DischargeCarer(staffId: try $0.decode("staffId"), entries: try $0.decode("entries"),
                           first: try $0.decode("firstAt"), last: try $0.decode("lastAt"))
        }.sorted { ($1.entries, $0.staffId) < ($0.entries, $1.staffId) }
    }
}
