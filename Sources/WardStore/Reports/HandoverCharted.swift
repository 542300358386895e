import Foundation
import WardSQL

/// The handover's own reads, on either engine: the cots, their goal ranges, and what was charted
/// for them around the shift (weights, intake, nappies, readings, dose notes, as-needed doses,
/// saved results). Each part is one statement for every cot asked for (a range search per cot on
/// the per-patient covering indexes), run inside the caller's read. The parts other screens
/// compute (insights, slots, History's events) are read by `HandoverQuery` itself.
struct HandoverCharted: Equatable {
    struct Weights: Equatable {
        /// The latest weight at or before `until`, and when it was taken.
        var grams: Int?
        var weighedAt: Date?
        /// The latest at or before a week earlier.
        var weekAgo: Int?
    }

    struct Intake: Equatable {
        /// Millilitres in the shift [since, until] and in the Dashboard's 24 h (until − 24 h, until].
        var shift: Int
        var day: Int
        /// Feeds charted in the shift.
        var feeds: Int
    }

    struct Stool: Equatable {
        var at: Date
        var colour: StoolColour?
    }

    /// The cots asked for that were on the ward during the period (admitted by its end, not
    /// discharged before its start), by bed label as the ward sorts them.
    var patients: [Patient]
    var goals: [Int64: [MeasurementKind: GoalRange]]
    var weights: [Int64: Weights]
    var intake: [Int64: Intake]
    var nappies: [Int64: [NappyChange]]
    var lastWetBefore: [Int64: Date]
    var lastStool: [Int64: Stool]
    var shiftReadings: [Int64: [MeasurementRecord]]
    var latestReadings: [Int64: [MeasurementRecord]]
    /// Dose notes by medication and scheduled time (Unix ms).
    var doseNotes: [Int64: [Int64: String]]
    /// As-needed doses given by medication, oldest first.
    var asNeededGiven: [Int64: [Date]]
    var asNeededMedications: [Medication]
    var calculatorResults: [Int64: [SavedCalculatorResult]]
    var strokeAssessments: [Int64: [StoredStrokeAssessment]]

    static func fetch(_ db: some SQLConnection, request: HandoverRequest, lookBack: TimeInterval) throws -> HandoverCharted {
        let (since, until, timeZone) = (request.since, request.until, request.timeZone)
        let day = until.addingTimeInterval(-86_400)
        let filter: SQLQuery = request.patientId.map { "AND p.id = \($0)" } ?? ""
        // A baby who went home during the shift is part of its handover; one gone before it, or
        // admitted after it, is not.
        let onWard: SQLQuery = """
            p.deletedAt IS NULL AND p.admittedAt <= \(until) AND (p.dischargedAt IS NULL OR p.dischargedAt >= \(since)) \(sql: filter)
            """
        let cots: SQLQuery = "p(id) AS (SELECT id FROM patient p WHERE \(sql: onWard))"
        // SQLite is told to drive each search from the cots (its only join-order hint).
        let join = SQLQuery.orderedJoin
        var patients = try db.fetchRecords(Patient.self, """
            SELECT * FROM patient p WHERE \(sql: onWard)
            """)
        if let id = request.patientId, patients.isEmpty {
            throw WardStoreError("no patient with id \(id) was on the ward in this period")
        }
        patients.sort { $0.bedLabel.compare($1.bedLabel, options: [.numeric, .caseInsensitive]) == .orderedAscending }

        // Goal ranges, as the Dashboard judges them.
        var ownGoals: [Int64: [SQLRow]] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots) SELECT g.patientId, g.kind, g.low, g.high FROM p JOIN measurement_goal g ON g.patientId = p.id
            """) {
            ownGoals[try row.decode("patientId"), default: []].append(row)
        }
        let goals = Dictionary(uniqueKeysWithValues: patients.map {
            ($0.id, SQLiteWardStore.goalRanges(for: $0, own: ownGoals[$0.id] ?? [], now: until, timeZone: timeZone))
        })

        // Weights: the latest at or before until, and at or before a week earlier.
        let weekAgo = until.addingTimeInterval(-7 * 86_400)
        var weights: [Int64: Weights] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots)
            SELECT p.id,
                (SELECT CAST(round(w.value) AS BIGINT) FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= \(until) ORDER BY w.measuredAt DESC LIMIT 1) AS grams,
                (SELECT w.measuredAt FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= \(until) ORDER BY w.measuredAt DESC LIMIT 1) AS weighedAt,
                (SELECT CAST(round(w.value) AS BIGINT) FROM measurement w WHERE w.patientId = p.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL AND w.measuredAt <= \(weekAgo) ORDER BY w.measuredAt DESC LIMIT 1) AS weekAgo
            FROM p
            """) {
            weights[try row.decode("id")] = Weights(grams: try row.decode("grams"), weighedAt: try row.decode("weighedAt"),
                                                    weekAgo: try row.decode("weekAgo"))
        }

        var intake: [Int64: Intake] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots)
            SELECT p.id,
                (SELECT \(sql: .realTotal("f.volumeML")) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt >= \(since) AND f.occurredAt <= \(until)) AS shift,
                (SELECT \(sql: .realTotal("f.volumeML")) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt > \(day) AND f.occurredAt <= \(until)) AS day,
                (SELECT count(*) FROM feed f WHERE f.patientId = p.id AND f.deletedAt IS NULL
                    AND f.occurredAt >= \(since) AND f.occurredAt <= \(until)) AS feeds
            FROM p
            """) {
            intake[try row.decode("id")] = Intake(shift: Int(try row.decode("shift", as: Double?.self) ?? 0),
                                                  day: Int(try row.decode("day", as: Double?.self) ?? 0),
                                                  feeds: try row.decode("feeds"))
        }

        // Nappies of the shift, the last wet one before it and the last stool up to until.
        let nappies = Dictionary(grouping: try db.fetchRecords(NappyChange.self, """
            WITH \(sql: cots)
            SELECT n.* FROM p \(sql: join) nappy_change n ON n.patientId = p.id AND n.deletedAt IS NULL
                AND n.occurredAt >= \(since) AND n.occurredAt <= \(until)
            ORDER BY n.occurredAt, n.id
            """), by: \.patientId)
        var lastWetBefore: [Int64: Date] = [:]
        var lastStool: [Int64: Stool] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots)
            SELECT p.id,
                (SELECT max(n.occurredAt) FROM nappy_change n WHERE n.patientId = p.id AND n.kind IN ('wet', 'mixed')
                    AND n.deletedAt IS NULL AND n.occurredAt < \(since)) AS lastWet,
                s.occurredAt AS stoolAt, s.stoolColour
            FROM p LEFT JOIN nappy_change s ON s.id = (SELECT n.id FROM nappy_change n WHERE n.patientId = p.id
                AND n.kind IN ('dirty', 'mixed') AND n.deletedAt IS NULL AND n.occurredAt <= \(until)
                ORDER BY n.occurredAt DESC, n.id DESC LIMIT 1)
            """) {
            let id: Int64 = try row.decode("id")
            if let at = try row.decode("lastWet", as: Date?.self) { lastWetBefore[id] = at }
            if let at = try row.decode("stoolAt", as: Date?.self) {
                lastStool[id] = Stool(at: at, colour: try row.decode("stoolColour", as: String?.self).flatMap(StoolColour.init(rawValue:)))
            }
        }

        // Readings of the shift, and the latest of each kind at or before until.
        let shiftReadings = Dictionary(grouping: try db.fetchRecords(MeasurementRecord.self, """
            WITH \(sql: cots)
            SELECT m.* FROM p \(sql: join) measurement m ON m.patientId = p.id AND m.deletedAt IS NULL
                AND m.measuredAt >= \(since) AND m.measuredAt <= \(until)
            ORDER BY m.measuredAt, m.id
            """), by: \.patientId)
        // Each cot's latest of each kind, in the kinds' declared order (readings taken together
        // keep that order when sorted by time).
        let kinds = SQLQuery(verbatim: MeasurementKind.allCases.enumerated()
            .map { "SELECT '\($1.rawValue)' AS kind, \($0) AS ordinal" }.joined(separator: " UNION ALL "))
        let latestReadings = Dictionary(grouping: try db.fetchRecords(MeasurementRecord.self, """
            WITH \(sql: cots)
            SELECT m.* FROM (
                SELECT p.id AS cot, k.ordinal,
                    (SELECT m.id FROM measurement m WHERE m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL
                        AND m.measuredAt <= \(until) ORDER BY m.measuredAt DESC LIMIT 1) AS latestId
                FROM p CROSS JOIN (\(sql: kinds)) k
            ) l JOIN measurement m ON m.id = l.latestId
            ORDER BY l.cot, l.ordinal
            """), by: \.patientId)

        // Notes of the slots read by `WardSlots` (from well before the shift to until).
        var doseNotes: [Int64: [Int64: String]] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots)
            SELECT d.medicationId, d.scheduledAt, d.notes FROM p \(sql: join) dose_record d ON d.patientId = p.id
                AND d.deletedAt IS NULL AND d.scheduledAt >= \(until.addingTimeInterval(-lookBack)) AND d.scheduledAt <= \(until)
                AND d.notes <> ''
            """) {
            doseNotes[try row.decode("medicationId"), default: [:]][try row.decode("scheduledAt")] = try row.decode("notes")
        }

        // As-needed doses: given in the shift, and the 24 h before until for the rules.
        var asNeededGiven: [Int64: [Date]] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: cots)
            SELECT a.medicationId, a.givenAt FROM p \(sql: join) as_needed_dose a ON a.patientId = p.id
                AND a.deletedAt IS NULL AND a.givenAt > \(min(since, day)) AND a.givenAt <= \(until)
            ORDER BY a.givenAt, a.id
            """) {
            asNeededGiven[try row.decode("medicationId"), default: []].append(try row.decode("givenAt"))
        }
        let asNeededMedications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE deletedAt IS NULL AND id IN (\(sql: .list(asNeededGiven.keys.sorted()))) ORDER BY id
            """)

        let calculatorResults = Dictionary(grouping: try db.fetchRecords(SavedCalculatorResult.self, """
            WITH \(sql: cots)
            SELECT c.* FROM p \(sql: join) calculator_result c ON c.patientId = p.id AND c.deletedAt IS NULL
                AND c.savedAt >= \(since) AND c.savedAt <= \(until)
            ORDER BY c.savedAt, c.id
            """), by: \.patientId)
        let strokeAssessments = Dictionary(grouping: try db.fetchRecords(StoredStrokeAssessment.self, """
            WITH \(sql: cots)
            SELECT s.* FROM p \(sql: join) stroke_assessment s ON s.patientId = p.id AND s.deletedAt IS NULL
                AND s.assessedAt >= \(since) AND s.assessedAt <= \(until)
            ORDER BY s.assessedAt, s.id
            """), by: { $0.patientId ?? 0 })

        return HandoverCharted(patients: patients, goals: goals, weights: weights, intake: intake, nappies: nappies,
                               lastWetBefore: lastWetBefore, lastStool: lastStool, shiftReadings: shiftReadings,
                               latestReadings: latestReadings, doseNotes: doseNotes, asNeededGiven: asNeededGiven,
                               asNeededMedications: asNeededMedications, calculatorResults: calculatorResults,
                               strokeAssessments: strokeAssessments)
    }

    /// The staff members with these ids (who charted in the shift).
    static func staff(_ ids: Set<Int64>, _ db: some SQLConnection) throws -> [Staff] {
        try db.fetchRecords(Staff.self, "SELECT * FROM staff WHERE id IN (\(sql: .list(ids.sorted()))) ORDER BY id")
    }
}
