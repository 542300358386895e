import Foundation
import GRDB

/// Reads a `ShiftHandover` inside one read transaction. Each part is one statement for every cot
/// asked for (a range search per cot on the per-patient covering indexes), so 40 cots cost a
/// few statements, not a few hundred. Parts that other screens already compute are theirs:
/// the insight input (`CotInsightInput`, as the Dashboard and Trends read it), the dose slots and
/// their states (`WardSlots`, as the drug round reads them), the events charted (`HistoryQuery`,
/// as History reads them), the goal ranges (`SQLiteWardStore.goalRanges`) and the as-needed
/// rules (`AsNeededRules`). Tests hold the ward-wide read to the one-cot read, cot by cot.
struct HandoverQuery {
    let request: HandoverRequest

    func fetch(_ db: Database) throws -> ShiftHandover {
        let settings = try SQLiteWardStore.settings(db)
        let (since, until, timeZone) = (request.since, request.until, request.timeZone)
        let (sinceMs, untilMs) = (StoredTime.milliseconds(since), StoredTime.milliseconds(until))
        let filter = request.patientId.map { "AND p.id = \($0)" } ?? ""
        let cotsSQL = "p(id) AS (SELECT id FROM patient p WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(filter))"
        var patients = try Patient.fetchAll(db, sql: """
            SELECT * FROM patient p WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(filter)
            """)
        if let id = request.patientId, patients.isEmpty {
            throw WardStoreError("no admitted patient with id \(id)")
        }
        patients.sort { $0.bedLabel.compare($1.bedLabel, options: [.numeric, .caseInsensitive]) == .orderedAscending }
        let ids = Set(patients.map(\.id))

        // Goal ranges, as the Dashboard judges them.
        let ownGoals = Dictionary(grouping: try Row.fetchAll(db, sql: """
            WITH \(cotsSQL) SELECT g.patientId, g.kind, g.low, g.high FROM p JOIN measurement_goal g ON g.patientId = p.id
            """), by: { $0["patientId"] as Int64 })
        let goals = Dictionary(uniqueKeysWithValues: patients.map {
            ($0.id, SQLiteWardStore.goalRanges(for: $0, own: ownGoals[$0.id] ?? [], now: until, timeZone: timeZone))
        })
        let insightInputs: [Int64: CotInsightInput]
        if request.patientId == nil {
            insightInputs = try CotInsightInput.fetchWard(db, patients: patients, now: until, timeZone: timeZone,
                                                          settings: settings, goals: goals)
        } else {
            insightInputs = Dictionary(uniqueKeysWithValues: try patients.map {
                ($0.id, try CotInsightInput.fetch(db, patient: $0, now: until, timeZone: timeZone, settings: settings,
                                                  goals: goals[$0.id] ?? [:]))
            })
        }

        // Weights: the latest at or before until, and at or before a week earlier.
        var weights: [Int64: (now: (Int, Date)?, weekAgo: Int?)] = [:]
        for row in try Row.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT p.id,
                (SELECT CAST(round(w.value) AS INTEGER) FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= :until ORDER BY w.measuredAt DESC LIMIT 1),
                (SELECT w.measuredAt FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= :until ORDER BY w.measuredAt DESC LIMIT 1),
                (SELECT CAST(round(w.value) AS INTEGER) FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= :weekAgo ORDER BY w.measuredAt DESC LIMIT 1)
            FROM p
            """, arguments: ["until": untilMs, "weekAgo": untilMs - 7 * 86_400_000]) {
            let grams: Int? = row[1], at: Int64? = row[2]
            weights[row[0]] = (grams.flatMap { g in at.map { (g, StoredTime.date(milliseconds: $0)) } }, row[3])
        }

        // Intake: the shift [since, until] and the Dashboard's 24 h (until − 24 h, until].
        var intake: [Int64: (shift: Int, day: Int, feeds: Int)] = [:]
        for row in try Row.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT p.id,
                (SELECT total(f.volumeML) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt >= :since AND f.occurredAt <= :until),
                (SELECT total(f.volumeML) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt > :day AND f.occurredAt <= :until),
                (SELECT count(*) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt >= :since AND f.occurredAt <= :until)
            FROM p
            """, arguments: ["since": sinceMs, "until": untilMs, "day": untilMs - 86_400_000]) {
            intake[row[0]] = (Int((row[1] as Double?) ?? 0), Int((row[2] as Double?) ?? 0), row[3])
        }

        // Nappies of the shift, the last wet one before it and the last stool up to until.
        let nappies = Dictionary(grouping: try NappyChange.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT n.* FROM p CROSS JOIN nappy_change n ON n.patientId = p.id AND n.deletedAt IS NULL
                AND n.occurredAt >= ? AND n.occurredAt <= ?
            ORDER BY n.occurredAt, n.id
            """, arguments: [sinceMs, untilMs]), by: \.patientId)
        var lastWetBefore: [Int64: Date] = [:]
        var lastStool: [Int64: (Date, StoolColour?)] = [:]
        for row in try Row.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT p.id,
                (SELECT max(n.occurredAt) FROM nappy_change n WHERE n.patientId = p.id AND n.kind IN ('wet', 'mixed')
                    AND n.deletedAt IS NULL AND n.occurredAt < :since),
                s.occurredAt, s.stoolColour
            FROM p LEFT JOIN nappy_change s ON s.id = (SELECT n.id FROM nappy_change n WHERE n.patientId = p.id
                AND n.kind IN ('dirty', 'mixed') AND n.deletedAt IS NULL AND n.occurredAt <= :until
                ORDER BY n.occurredAt DESC, n.id DESC LIMIT 1)
            """, arguments: ["since": sinceMs, "until": untilMs]) {
            let id: Int64 = row[0]
            if let at = row[1] as Int64? { lastWetBefore[id] = StoredTime.date(milliseconds: at) }
            if let at = row[2] as Int64? {
                lastStool[id] = (StoredTime.date(milliseconds: at), (row[3] as String?).flatMap(StoolColour.init(rawValue:)))
            }
        }

        // Readings of the shift, and the latest of each kind at or before until.
        let shiftReadings = Dictionary(grouping: try MeasurementRecord.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT m.* FROM p CROSS JOIN measurement m ON m.patientId = p.id AND m.deletedAt IS NULL
                AND m.measuredAt >= ? AND m.measuredAt <= ?
            ORDER BY m.measuredAt, m.id
            """, arguments: [sinceMs, untilMs]), by: \.patientId)
        let kinds = MeasurementKind.allCases.map { "SELECT '\($0.rawValue)' AS kind" }.joined(separator: " UNION ALL ")
        let latestReadings = Dictionary(grouping: try MeasurementRecord.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT m.* FROM (
                SELECT (SELECT m.id FROM measurement m WHERE m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL
                        AND m.measuredAt <= ? ORDER BY m.measuredAt DESC LIMIT 1) AS latestId
                FROM p CROSS JOIN (\(kinds)) k
            ) l JOIN measurement m ON m.id = l.latestId
            """, arguments: [untilMs]), by: \.patientId)

        // Scheduled slots from well before the shift (overdue ones) to 4 h after it.
        let lookBack = max(until.timeIntervalSince(since), 0) + 36 * 3600
        let slots = Dictionary(grouping: try WardSlots.load(db, now: until, timeZone: timeZone, timing: settings.slotTiming,
                                                            patientId: request.patientId, lookBack: lookBack,
                                                            lookAhead: HandoverRequest.lookAhead), by: \.patient.id)
        var doseNotes: [Int64: [Int64: String]] = [:]
        for row in try Row.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT d.medicationId, d.scheduledAt, d.notes FROM p CROSS JOIN dose_record d ON d.patientId = p.id
                AND d.deletedAt IS NULL AND d.scheduledAt >= ? AND d.scheduledAt <= ? AND d.notes <> ''
            """, arguments: [StoredTime.milliseconds(until.addingTimeInterval(-lookBack)), untilMs]) {
            doseNotes[row[0], default: [:]][row[1]] = row[2]
        }

        // As-needed doses: given in the shift, and the 24 h before until for the rules.
        let asNeededRows = try Row.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT a.medicationId, a.givenAt FROM p CROSS JOIN as_needed_dose a ON a.patientId = p.id
                AND a.deletedAt IS NULL AND a.givenAt > ? AND a.givenAt <= ?
            ORDER BY a.givenAt, a.id
            """, arguments: [min(sinceMs, untilMs - 86_400_000), untilMs])
        let asNeededGiven = Dictionary(grouping: asNeededRows.map { (medicationId: $0[0] as Int64, at: StoredTime.date(milliseconds: $0[1])) },
                                       by: \.medicationId)
        let asNeededMedications = try Medication.fetchAll(db, sql: """
            SELECT * FROM medication WHERE deletedAt IS NULL AND id IN (\(asNeededGiven.keys.map(String.init).joined(separator: ",")))
            """)

        // Everything charted in the shift, as History lists it: notes, results and who charted.
        let events = try HistoryQuery(filter: HistoryFilter(patientId: request.patientId, from: since,
                                                            until: until.addingTimeInterval(0.001)),
                                      cursor: nil, direction: .newer, limit: 1_000_000).fetch(db).events
            .filter { ids.contains($0.patientId) }
        let eventsByCot = Dictionary(grouping: events, by: \.patientId)
        let calculatorResults = Dictionary(grouping: try SavedCalculatorResult.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT c.* FROM p CROSS JOIN calculator_result c ON c.patientId = p.id AND c.deletedAt IS NULL
                AND c.savedAt >= ? AND c.savedAt <= ?
            ORDER BY c.savedAt, c.id
            """, arguments: [sinceMs, untilMs]), by: \.patientId)
        let strokeAssessments = Dictionary(grouping: try StoredStrokeAssessment.fetchAll(db, sql: """
            WITH \(cotsSQL)
            SELECT s.* FROM p CROSS JOIN stroke_assessment s ON s.patientId = p.id AND s.deletedAt IS NULL
                AND s.assessedAt >= ? AND s.assessedAt <= ?
            ORDER BY s.assessedAt, s.id
            """, arguments: [sinceMs, untilMs]), by: { $0.patientId ?? 0 })
        let authorIds = Set(events.compactMap(\.staffId))
        let staff = try Staff.fetchAll(db, sql: "SELECT * FROM staff WHERE id IN (\(authorIds.map(String.init).joined(separator: ",")))")

        let cots = patients.map { patient -> CotHandover in
            let id = patient.id
            let ranges = goals[id] ?? [:]
            let weight = weights[id]
            let grams = weight?.now?.0 ?? patient.birthWeightGrams
            let cotNappies = nappies[id] ?? []
            let cotSlots = (slots[id] ?? []).map { entry in
                HandoverSlot(medication: entry.medication, scheduledAt: entry.slot.scheduledAt, dueAt: entry.dueAt,
                             state: entry.state, withheldReason: entry.record?.withheldReason,
                             notes: doseNotes[entry.medication.id]?[StoredTime.milliseconds(entry.slot.scheduledAt)] ?? "",
                             snoozedUntil: entry.record?.snoozedUntil)
            }.sorted { ($0.dueAt, $0.medication.drugName) < ($1.dueAt, $1.medication.drugName) }
            let inShift = { (slot: HandoverSlot) in slot.scheduledAt >= since && slot.scheduledAt <= until }
            let cotEvents = eventsByCot[id] ?? []
            let authors = Dictionary(grouping: cotEvents.compactMap(\.staffId), by: { $0 })
                .map { HandoverAuthor(staffId: $0.key, entries: $0.value.count) }
                .sorted { ($1.entries, $0.staffId) < ($0.entries, $1.staffId) }
            return CotHandover(
                patient: patient,
                age: PatientAge(patient: patient, now: until, timeZone: timeZone),
                daysSinceAdmission: max(0, CalendarDay(patient.admittedAt, in: timeZone).days(until: CalendarDay(until, in: timeZone))),
                weight: HandoverWeight(grams: grams, weighedAt: weight?.now?.1, birthGrams: patient.birthWeightGrams,
                                       weekAgoGrams: weight?.weekAgo),
                intake: HandoverIntake(shiftML: intake[id]?.shift ?? 0, last24hML: intake[id]?.day ?? 0,
                                       feedsInShift: intake[id]?.feeds ?? 0,
                                       shiftHours: until.timeIntervalSince(since) / 3600),
                output: Self.output(cotNappies, patient: patient, grams: grams, lastWetBefore: lastWetBefore[id],
                                    lastStool: lastStool[id], settings: settings, since: since, until: until),
                outOfRange: (shiftReadings[id] ?? []).compactMap { m in
                    guard let range = ranges[m.kind], let mark = range.mark(m.value) else { return nil }
                    return MarkedMeasurement(measurement: m, range: range, mark: mark)
                },
                latest: LatestMeasurements.marked(latestReadings[id] ?? [], ranges: ranges),
                medications: HandoverMedications(
                    answered: cotSlots.filter { inShift($0) && [.given, .withheld, .missed].contains($0.state) },
                    snoozed: cotSlots.filter { inShift($0) && $0.snoozedUntil != nil },
                    // Due now (its time has come, not yet overdue) and due in the next 4 hours: a
                    // dose due at 07:15 is the incoming nurse's first job at a 07:30 handover.
                    dueNext: cotSlots.filter { !$0.state.isFinal && $0.state != .overdue
                                                && $0.dueAt <= until.addingTimeInterval(HandoverRequest.lookAhead) },
                    overdue: cotSlots.filter { $0.state == .overdue },
                    asNeeded: Self.asNeeded(asNeededMedications.filter { $0.patientId == id }, given: asNeededGiven,
                                            since: since, until: until)),
                insightInput: insightInputs[id]!,
                notes: cotEvents.filter { !$0.notes.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                    .sorted { ($0.occurredAt, $0.kind.rank, $0.id) < ($1.occurredAt, $1.kind.rank, $1.id) },
                calculatorResults: calculatorResults[id] ?? [],
                strokeAssessments: strokeAssessments[id] ?? [],
                chartedBy: authors)
        }
        return ShiftHandover(request: request, settings: settings, cots: cots,
                             staff: Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0) }))
    }

    /// Counts, urine output and the longest gap without a wet nappy from the shift's nappies.
    static func output(_ nappies: [NappyChange], patient: Patient, grams: Int?, lastWetBefore: Date?,
                       lastStool: (Date, StoolColour?)?, settings: WardSettings, since: Date, until: Date) -> HandoverOutput {
        let wet = nappies.filter { $0.kind == .wet || $0.kind == .mixed }
        let dirty = nappies.filter { $0.kind == .dirty || $0.kind == .mixed }
        // Urine as the Dashboard derives it: weighed wet nappies less the dry weight, per kg per hour
        // of the shift (shortened to the stay when the baby came in during it).
        let weighed = nappies.filter { $0.kind == .wet }.compactMap { n in
            n.nappyWeightGrams.flatMap { UrineOutput.urineML(nappyWeightGrams: $0, dryNappyWeightGrams: settings.dryNappyWeightGrams) }
        }
        let rate = weighed.isEmpty ? nil : grams.flatMap {
            UrineOutput.mlPerKgPerHour(urineML: Double(weighed.reduce(0, +)), weightGrams: $0,
                                       windowHours: until.timeIntervalSince(since) / 3600,
                                       hoursSinceAdmission: until.timeIntervalSince(patient.admittedAt) / 3600)
        }
        return HandoverOutput(wet: wet.count, dirty: dirty.count, urineMLPerKgPerHour: rate,
                              lastStoolAt: lastStool?.0, lastStoolColour: lastStool?.1,
                              longestDryGap: longestDryGap(wetTimes: wet.map(\.occurredAt), lastWetBefore: lastWetBefore,
                                                           admittedAt: patient.admittedAt, since: since, until: until))
    }

    /// The longest stretch without a wet nappy that touches the shift: it starts at the last wet
    /// nappy before the shift (or admission, if later or none), between two wet nappies, or runs
    /// from the last one to `until` (still open).
    static func longestDryGap(wetTimes: [Date], lastWetBefore: Date?, admittedAt: Date, since: Date, until: Date) -> HandoverGap? {
        let first = max(lastWetBefore ?? admittedAt, admittedAt)
        guard first < until else { return nil }
        let marks = [first] + wetTimes.filter { $0 > first }.sorted()
        var best: HandoverGap?
        for (i, start) in marks.enumerated() {
            let end = i + 1 < marks.count ? marks[i + 1] : until
            let gap = HandoverGap(from: start, to: end, endedByWetNappy: i + 1 < marks.count)
            if gap.hours > (best?.hours ?? 0) { best = gap }
        }
        return best
    }

    /// Each as-needed medication given in the shift, with when the next dose may be given.
    static func asNeeded(_ medications: [Medication], given: [Int64: [(medicationId: Int64, at: Date)]],
                         since: Date, until: Date) -> [HandoverAsNeeded] {
        medications.compactMap { medication -> HandoverAsNeeded? in
            let all = (given[medication.id] ?? []).map(\.at)
            let inShift = all.filter { $0 >= since && $0 <= until }
            guard !inShift.isEmpty else { return nil }
            var next = until
            if let rules = medication.schedule.asNeededLimits {
                // Move to the first moment no rule refuses: past the interval, then past the 24 h count.
                for _ in 0..<(rules.max + 2) {
                    let refusals = AsNeededRules.check(at: next, otherDoses: all, minimumIntervalMinutes: rules.minutes,
                                                       maxDosesPer24h: rules.max)
                    guard let refusal = refusals.first else { break }
                    switch refusal {
                    case .tooSoon(_, _, let allowedFrom):
                        next = max(allowedFrom, next.addingTimeInterval(0.001))
                    case .dailyMaximum:
                        let window = all.filter { $0 <= next && next.timeIntervalSince($0) < 86_400 }
                        next = (window.min() ?? next).addingTimeInterval(86_400)
                    }
                }
            }
            return HandoverAsNeeded(medication: medication, givenAt: inShift, nextAllowedAt: next)
        }.sorted { $0.medication.drugName < $1.medication.drugName }
    }
}
