import Foundation
import GRDB

/// Reads a `DischargeSummary` inside one read transaction: a handful of range searches on the
/// per-patient indexes over [admission, end], so a 60-day stay costs no more than a few
/// thousand rows. Parts other screens already compute are theirs: the age (`PatientAge`), the
/// goal ranges (`SQLiteWardStore.goalRanges`, as the Dashboard judges readings), intake
/// (`FeedTotals`), adherence (`Adherence`, as the Medications tab counts it) and the insight
/// input (`CotInsightInput`, as Trends reads it).
struct DischargeSummaryQuery {
    let request: DischargeSummaryRequest

    func fetch(_ db: Database) throws -> DischargeSummary {
        guard let patient = try Patient.fetchOne(db, sql: "SELECT * FROM patient WHERE id = ? AND deletedAt IS NULL",
                                                 arguments: [request.patientId]) else {
            throw WardStoreError("no patient with id \(request.patientId)")
        }
        let settings = try SQLiteWardStore.settings(db)
        let zone = request.timeZone
        let end = min(patient.dischargedAt ?? request.until, max(request.until, patient.admittedAt))
        let (fromMs, endMs) = (StoredTime.milliseconds(patient.admittedAt), StoredTime.milliseconds(end))
        let id = patient.id
        let ownGoals = try Row.fetchAll(db, sql: "SELECT kind, low, high FROM measurement_goal WHERE patientId = ?", arguments: [id])
        let goalsAtEnd = SQLiteWardStore.goalRanges(for: patient, own: ownGoals, now: end, timeZone: zone)

        // Readings of the stay, by kind and time: weights for the figures, the rest judged by
        // the range in force on the day of the reading.
        let readings = try MeasurementRecord.fetchAll(db, sql: """
            SELECT * FROM measurement WHERE patientId = ? AND deletedAt IS NULL AND measuredAt >= ? AND measuredAt <= ?
            ORDER BY kind, measuredAt, id
            """, arguments: [id, fromMs, endMs])
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
        let calculatorResults = try SavedCalculatorResult.fetchAll(db, sql: """
            SELECT * FROM calculator_result WHERE patientId = ? AND deletedAt IS NULL AND savedAt >= ? AND savedAt <= ?
            ORDER BY savedAt, id
            """, arguments: [id, fromMs, endMs])
        let strokeAssessments = try StoredStrokeAssessment.fetchAll(db, sql: """
            SELECT * FROM stroke_assessment WHERE patientId = ? AND deletedAt IS NULL AND assessedAt >= ? AND assessedAt <= ?
            ORDER BY assessedAt, id
            """, arguments: [id, fromMs, endMs])
        let caredBy = try Self.carers(db, patientId: id, fromMs: fromMs, endMs: endMs)
        var admittedBy: Int64?, dischargedBy: Int64?
        for row in try Row.fetchAll(db, sql: """
            SELECT action, staffId FROM audit_entry WHERE entity = 'patient' AND entityId = ? AND action IN ('create', 'discharge')
            ORDER BY id
            """, arguments: [id]) {
            let action: String = row[0]
            if action == AuditAction.create.rawValue, admittedBy == nil { admittedBy = row[1] }
            if action == AuditAction.discharge.rawValue { dischargedBy = row[1] }
        }
        let staffIds = Set(caredBy.map(\.staffId) + [admittedBy, dischargedBy].compactMap { $0 }
                           + calculatorResults.compactMap(\.savedBy))
        let staff = try Staff.fetchAll(db, sql: "SELECT * FROM staff WHERE id IN (\(staffIds.map(String.init).joined(separator: ",")))")

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
    static func feeding(_ db: Database, patient: Patient, end: Date, now: Date) throws -> DischargeFeeding {
        let from = max(patient.admittedAt, end.addingTimeInterval(-DischargeSummaryRequest.feedingWindow))
        let (fromMs, endMs) = (StoredTime.milliseconds(from), StoredTime.milliseconds(end))
        let feeds = try Feed.fetchAll(db, sql: """
            SELECT * FROM feed WHERE patientId = :id AND deletedAt IS NULL AND occurredAt < :end
                AND (occurredAt >= :from OR (rateMLPerHour IS NOT NULL AND (stoppedAt IS NULL OR stoppedAt > :from)))
            ORDER BY occurredAt, id
            """, arguments: ["id": patient.id, "from": fromMs, "end": endMs])
        var kinds: [FeedKind: (count: Int, ml: Double, minutes: Int)] = [:]
        var intake = 0.0
        for feed in feeds where !feed.kind.isOutput {
            let ml = FeedTotals.intakeML(feed.draft, from: from, to: end, now: now)
            intake += ml
            kinds[feed.kind, default: (0, 0, 0)].count += 1
            kinds[feed.kind, default: (0, 0, 0)].ml += ml
            kinds[feed.kind, default: (0, 0, 0)].minutes += feed.durationMinutes ?? 0
        }
        let last = try Row.fetchOne(db, sql: """
            SELECT occurredAt, kind FROM feed WHERE patientId = ? AND deletedAt IS NULL AND occurredAt <= ?
                AND kind NOT IN (\(FeedKind.outputKindsSQL))
            ORDER BY occurredAt DESC, id DESC LIMIT 1
            """, arguments: [patient.id, endMs])
        return DischargeFeeding(
            from: from, to: end,
            kinds: kinds.map { DischargeFeedKind(kind: $0.key, count: $0.value.count, ml: $0.value.ml, minutes: $0.value.minutes) }
                .sorted { ($1.ml, $0.kind.rawValue) < ($0.ml, $1.kind.rawValue) },
            intakeML: intake,
            lastFeedAt: (last?[0] as Int64?).map(StoredTime.date(milliseconds:)),
            lastFeedKind: (last?[1] as String?).flatMap(FeedKind.init(rawValue:)))
    }

    /// Every medication prescribed during the stay, with its slots counted as the Medications tab
    /// counts adherence (over the whole stay), its as-needed doses and its last dose given.
    static func medications(_ db: Database, patient: Patient, end: Date, settings: WardSettings,
                            timeZone: TimeZone) throws -> [DischargeMedication] {
        let (fromMs, endMs) = (StoredTime.milliseconds(patient.admittedAt), StoredTime.milliseconds(end))
        let medications = try Medication.fetchAll(db, sql: """
            SELECT * FROM medication WHERE patientId = ? AND deletedAt IS NULL AND startsAt <= ? AND (endsAt IS NULL OR endsAt > ?)
            """, arguments: [patient.id, endMs, fromMs])
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: patient.admittedAt, to: end)
        let stay = PatientStay(admittedAt: patient.admittedAt, dischargedAt: end)
        return try medications.map { medication in
            var records: [Date: (DoseStatus?, WithheldReason?, Date?)] = [:]
            var given: [Date] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT scheduledAt, status, withheldReason, snoozedUntil, recordedAt FROM dose_record
                WHERE medicationId = ? AND deletedAt IS NULL AND scheduledAt >= ? AND scheduledAt <= ?
                """, arguments: [medication.id, fromMs, endMs]) {
                let status = (row[1] as String?).flatMap(DoseStatus.init(rawValue:))
                let scheduled = StoredTime.date(milliseconds: row[0])
                records[scheduled] = (status, (row[2] as String?).flatMap(WithheldReason.init(rawValue:)),
                                      (row[3] as Int64?).map(StoredTime.date(milliseconds:)))
                if status == .given { given.append((row[4] as Int64?).map(StoredTime.date(milliseconds:)) ?? scheduled) }
            }
            let adherence = Adherence.of(medication, during: stay, records: records, pauses: pauses[medication.id] ?? [],
                                         from: patient.admittedAt, now: end, timing: settings.slotTiming, timeZone: timeZone)
            var doses = given.map { DischargeDose(at: $0, amount: nil) }
            let asNeeded = try Row.fetchAll(db, sql: """
                SELECT givenAt, doseAmount FROM as_needed_dose WHERE medicationId = ? AND deletedAt IS NULL
                    AND givenAt >= ? AND givenAt <= ? ORDER BY givenAt
                """, arguments: [medication.id, fromMs, endMs])
            doses += asNeeded.map { DischargeDose(at: StoredTime.date(milliseconds: $0[0]), amount: ($0[1] as Double?) ?? medication.doseAmount) }
            doses.sort { $0.at < $1.at }
            return DischargeMedication(
                medication: medication, adherence: adherence, asNeededGiven: asNeeded.count,
                firstGivenAt: doses.first?.at, lastGiven: doses.last,
                openAtEnd: medication.endsAt.map { $0 > end } ?? true)
        }.sorted { ($0.medication.drugName.lowercased(), $0.medication.id) < ($1.medication.drugName.lowercased(), $1.medication.id) }
    }

    /// Who charted for the patient during the stay, from every kind of entry History lists.
    static func carers(_ db: Database, patientId: Int64, fromMs: Int64, endMs: Int64) throws -> [DischargeCarer] {
        let branches = HistoryEventKind.allCases.map(HistoryBranch.of).map { branch in
            """
            SELECT n.\(branch.staffColumn) AS staffId, n.\(branch.timeColumn) AS at FROM \(branch.table) n
            WHERE n.patientId = :id AND n.deletedAt IS NULL AND n.\(branch.timeColumn) >= :from AND n.\(branch.timeColumn) <= :end
                \(branch.extraConditions.map { "AND " + $0 }.joined(separator: " "))
            """
        }.joined(separator: " UNION ALL ")
        return try Row.fetchAll(db, sql: """
            SELECT staffId, count(*), min(at), max(at) FROM (\(branches)) WHERE staffId IS NOT NULL GROUP BY staffId
            """, arguments: ["id": patientId, "from": fromMs, "end": endMs]).map {
            DischargeCarer(staffId: $0[0], entries: $0[1], first: StoredTime.date(milliseconds: $0[2]),
                           last: StoredTime.date(milliseconds: $0[3]))
        }.sorted { ($1.entries, $0.staffId) < ($0.entries, $1.staffId) }
    }
}
