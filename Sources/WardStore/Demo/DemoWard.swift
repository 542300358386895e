import Foundation
import GRDB

/// A realistic synthetic ward for demos and benchmarks: ~30 staff, beds reused by successive
/// admissions (stays of days to weeks, cots occupied most of the time), 6–10 nappies a day per
/// baby with meconium in the first days. Deterministic for a seed; rows are marked `isDemo`.
/// Written with cached prepared statements in ONE transaction (all or nothing), without per-row
/// audit (one `demoGenerate` audit entry records the whole run). Other writers wait meanwhile.
public enum DemoWard {
    public struct Summary: Sendable, Hashable {
        public let staff: Int
        public let patients: Int
        public let nappyChanges: Int
        public var medications = 0
        public var doseRecords = 0
        public var asNeededDoses = 0
        public var feeds = 0
        public var measurements = 0

        /// Every charted event: nappies, feeds, measurements and doses.
        public var events: Int { nappyChanges + feeds + measurements + doseRecords + asNeededDoses }
    }

    /// Average nappies per cot per day the generator produces (for sizing a ward).
    public static let nappiesPerCotDay = 7.4
    /// Average events of every kind (nappies, feeds, measurements, doses) per cot per day, measured
    /// on 40 cots × 730 days, seed 1 (1 058 319 events).
    public static let eventsPerCotDay = 36.2

    /// Cots needed for about `events` events of every kind over `days` days (e.g. a million).
    public static func cots(forEvents events: Int, days: Int) -> Int {
        max(1, Int((Double(events) / (Double(days) * eventsPerCotDay)).rounded()))
    }

    @discardableResult
    public static func generate(into store: SQLiteWardStore, cots: Int, days: Int, seed: UInt64,
                                now: Date = Date(), timeZone: TimeZone = .current,
                                progress: (@Sendable (Double) -> Void)? = nil) async throws -> Summary {
        precondition(cots > 0 && days > 0, "cots and days must be positive")
        let nowMs = StoredTime.milliseconds(now)
        let summary = try await store.pool.write { db -> Summary in
            // Inserting into 7 indexes row by row is what makes bulk loads slow; SQLite builds an
            // index from sorted data much faster. The index definitions are read back from the
            // schema (never copied here), dropped and re-created inside this one transaction, so
            // a failure or a killed process rolls back to the database as it was.
            let bulkTables = "('nappy_change', 'medication', 'dose_record', 'as_needed_dose', 'feed', 'measurement')"
            let indexSQL = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN \(bulkTables) AND sql IS NOT NULL
                """)
            for name in try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN \(bulkTables) AND sql IS NOT NULL
                """) {
                try db.execute(sql: "DROP INDEX \"\(name)\"")
            }
            var random = SeededRandom(seed: seed)
            let staffIds = try insertStaff(db, random: &random, nowMs: nowMs)
            // A demo ward is for trying things: its first member is a ward admin, and PINs are
            // off until someone turns them on (a ward that already chose keeps its choice).
            try db.execute(sql: """
                UPDATE staff SET isWardAdmin = 1
                WHERE id = ? AND NOT EXISTS (SELECT 1 FROM staff WHERE active = 1 AND isWardAdmin = 1)
                """, arguments: [staffIds[0]])
            try db.execute(sql: "INSERT OR IGNORE INTO ward_setting (key, value) VALUES ('requirePin', '0')")
            var patients = 0
            var nappies = 0
            var clinical = DemoClinicalPlan.Counts()
            var occupied = 0
            for bed in 1...cots {
                var plan = BedPlan(bed: bed, staffIds: staffIds, random: random, nowMs: nowMs, days: days, timeZone: timeZone,
                                   occupiedBefore: occupied)
                let counts = try plan.write(db)
                if counts.occupied { occupied += 1 }
                random = plan.random
                patients += counts.patients
                nappies += counts.nappies
                clinical.medications += counts.clinical.medications
                clinical.doseRecords += counts.clinical.doseRecords
                clinical.asNeededDoses += counts.clinical.asNeededDoses
                clinical.feeds += counts.clinical.feeds
                clinical.measurements += counts.clinical.measurements
                progress?(0.9 * Double(bed) / Double(cots))
            }
            for sql in indexSQL { try db.execute(sql: sql) }
            let settings = try SQLiteWardStore.settings(db)
            if settings.dryNappyWeightGrams == 0 {
                try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('dryNappyWeightGrams', '12')")
            }
            let note = "{\"cots\":\(cots),\"days\":\(days),\"seed\":\(seed),\"patients\":\(patients),\"nappyChanges\":\(nappies),"
                + "\"feeds\":\(clinical.feeds),\"measurements\":\(clinical.measurements),\"doseRecords\":\(clinical.doseRecords),"
                + "\"asNeededDoses\":\(clinical.asNeededDoses)}"
            try AuditTrail.record(db, action: .demoGenerate, entity: .setting, entityId: 0, beforeJSON: nil,
                                  afterJSON: note, by: nil, at: now)
            return Summary(staff: staffIds.count, patients: patients, nappyChanges: nappies, medications: clinical.medications,
                           doseRecords: clinical.doseRecords, asNeededDoses: clinical.asNeededDoses, feeds: clinical.feeds,
                           measurements: clinical.measurements)
        }
        // The bulk write left a WAL as large as the ward; fold it in now, so the next process
        // does not replay it on every start until something checkpoints.
        try await store.checkpoint()
        progress?(1)
        await store.publishAll()
        return summary
    }

    private static func insertStaff(_ db: Database, random: inout SeededRandom, nowMs: Int64) throws -> [Int64] {
        var roles: [StaffRole] = Array(repeating: .nurse, count: 18) + Array(repeating: .doctor, count: 6)
        roles += [.healthcareAssistant, .healthcareAssistant, .healthcareAssistant, .student, .student, .other]
        var people: [(String, String, StaffRole)] = []
        for role in roles {
            let given = DemoNames.given[random.int(0...DemoNames.given.count - 1)]
            let family = DemoNames.family[random.int(0...DemoNames.family.count - 1)]
            people.append(("\(given) \(family)", String(given.prefix(1) + family.prefix(1)), role))
        }
        // Initials must be unique among active staff: add a letter or two when taken.
        var used = Set(try String.fetchAll(db, sql: "SELECT upper(initials) FROM staff WHERE active = 1"))
        let insert = try db.cachedStatement(sql: """
            INSERT INTO staff (name, initials, role, active, isDemo, createdAt, updatedAt) VALUES (?, ?, ?, 1, 1, ?, ?)
            """)
        var ids: [Int64] = []
        for (name, base, role) in people {
            let prefix = base.uppercased()
            let letters = (65...90).map { String(UnicodeScalar(UInt8($0))) }
            let candidates = [prefix] + letters.map { prefix + $0 } + letters.flatMap { a in letters.map { prefix + a + $0 } }
            guard let initials = candidates.first(where: { !used.contains($0) }) else {
                throw WardStoreError("demo: no free initials for \(name)")
            }
            used.insert(initials)
            try insert.execute(arguments: [name, initials, role, nowMs, nowMs])
            ids.append(db.lastInsertedRowID)
        }
        return ids
    }
}

extension SQLiteWardStore {
    /// Tells every subscriber that anything may have changed (after bulk writes).
    func publishAll() {
        publish(Set(WardEntity.allCases))
    }
}
