import Foundation
import GRDB
import WardSQL
@testable import WardStore
import WardStorePostgres
import XCTest

/// PostgreSQL's schema steps and their runner, on the test server (`COTSIDE_TEST_POSTGRES_URL`):
/// the same step names as SQLite's, the same schema described the same way after every step,
/// one migration at a time however many workstations start together, and the same refusal of a
/// newer ward.
final class PostgresMigrationTests: XCTestCase {
    let runner = WardMigrations.postgresRunner
    let names = WardMigrations.steps.map(\.identifier)

    /// A fresh schema on the server, or a skip naming the variable (a failure in CI).
    func freshPostgres() async throws -> (PostgresSQLDatabase, drop: @Sendable () async throws -> Void, PostgresLocation)? {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return nil }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let (database, drop) = try await PostgresTestServer.freshSchema(at: location)
        let schema = try await database.read { try $0.fetchValue("SELECT current_schema()::text", as: String.self) }
        return (database, drop, try location.with(ward: try XCTUnwrap(schema)))
    }

    func testStepsAreRecordedUnderSQLitesNamesAndAppliedOnce() async throws {
        guard let (database, drop, _) = try await freshPostgres() else { return }
        let applied = try await runner.migrate(database)
        XCTAssertEqual(applied, names)
        let recorded = try await runner.appliedSteps(database)
        XCTAssertEqual(recorded, WardMigrations.migrator.migrations, "a PostgreSQL ward's steps read like a SQLite ward's")
        let again = try await runner.migrate(database)
        XCTAssertEqual(again, [], "an up-to-date ward is left alone")
        try await drop()
    }

    /// Three workstations start on a fresh ward together while a fourth holds the migration lock:
    /// all finish, and each step was applied once.
    func testWorkstationsStartingTogetherApplyEachStepOnce() async throws {
        guard let (database, drop, location) = try await freshPostgres() else { return }
        let others = [try await PostgresSQLDatabase.open(location), try await PostgresSQLDatabase.open(location),
                      try await PostgresSQLDatabase.open(location)]
        let holding = Task {
            try await database.write { db in
                _ = try db.fetchValue(SQLQuery(verbatim: "SELECT count(*) FROM (SELECT pg_advisory_xact_lock(\(SQLMigrationRunner.lockClass), "
                                               + "hashtext(current_schema()))) AS locked"), as: Int64.self)
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        try await Task.sleep(for: .milliseconds(150))
        let runner = self.runner
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for other in others { group.addTask { try await runner.migrate(other) } }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        try await holding.value
        XCTAssertEqual(results.filter { !$0.isEmpty }, [names], "exactly one workstation applied the steps")
        XCTAssertEqual(results.filter(\.isEmpty).count, 2, "the others found them applied")
        let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM cotside_migrations", as: Int64.self) }
        XCTAssertEqual(count, Int64(names.count))
        for other in others { await other.close() }
        try await drop()
    }

    /// A ward a newer Cotside migrated is refused, changing nothing, with the same message (both
    /// step lists) as a SQLite ward's (WardMigrationDeclarationTests).
    func testANewerWardIsRefusedWithBothStepLists() async throws {
        guard let (database, drop, _) = try await freshPostgres() else { return }
        try await runner.migrate(database)
        _ = try await database.write { try $0.execute("INSERT INTO cotside_migrations (identifier) VALUES ('v16_from_the_future')") }
        do {
            try await runner.migrate(database)
            XCTFail("a ward with a step this build does not know must be refused")
        } catch let refusal as SQLUnknownSchemaSteps {
            XCTAssertEqual(refusal.reason, "it was made by a newer Cotside (ward schema 16: v16_from_the_future); this Cotside writes "
                           + "schema 15 and must not change it (the ward's steps: v1–v16; this Cotside's: v1–v15)")
        }
        let recorded = try await runner.appliedSteps(database)
        XCTAssertEqual(recorded, names + ["v16_from_the_future"])
        try await drop()
    }

    /// After every step, a SQLite ward and a PostgreSQL ward describe the same schema, apart from
    /// the differences listed here with their reasons.
    func testEachStepDescribesTheSameSchemaOnBothEngines() async throws {
        guard let (database, drop, _) = try await freshPostgres() else { return }
        let sqlite = try DatabaseQueue()
        for (number, name) in names.enumerated().map({ ($0.offset + 1, $0.element) }) {
            try WardMigrations.migrator.migrate(sqlite, upTo: name)
            try await runner.migrate(database, upTo: name)
            let sqliteSchema = try await sqlite.read { db in try SQLSchemaDescription.read(db) }
            let postgresSchema = try await database.read { try SQLSchemaDescription.read($0) }
            let found = Set(Self.flagsAsBoolean(sqliteSchema).differences(from: postgresSchema, mine: "SQLite", theirs: "PostgreSQL"))
            let expected = Set(Self.expectedDifferences.filter { $0.value.since <= number }.keys)
            XCTAssertEqual(found.subtracting(expected).sorted(), [], "after \(name): unexpected differences")
            XCTAssertEqual(expected.subtracting(found).sorted(), [], "after \(name): listed differences no longer found")
        }
        try await drop()
    }

    /// Every table of a PostgreSQL ward tells listeners of its changes (v15), so a table a later
    /// step adds without the trigger fails here, not silently on another workstation's screen.
    func testEveryPostgresTableNotifiesItsChanges() async throws {
        guard let (database, drop, _) = try await freshPostgres() else { return }
        try await runner.migrate(database)
        let schema = try await database.read { try SQLSchemaDescription.read($0) }
        let notifying = Set(schema.triggers.values.filter { $0.name == WardMigrations.v15NotifyTriggerName($0.table) }.map(\.table))
        XCTAssertEqual(Set(schema.tables.keys).subtracting(notifying).sorted(), [], "tables without a change trigger")
        try await drop()
    }

    /// The PL/pgSQL triggers keep the same summaries as SQLite's: the same events, corrections,
    /// soft deletes, undos, hard deletes and pause audits give the same `ward_trend_hour`,
    /// `wet_nappy_gap`, `medication_pause` and `audit_patient` rows on both engines.
    func testTriggersKeepTheSameSummariesOnBothEngines() async throws {
        guard let (database, drop, _) = try await freshPostgres() else { return }
        try await runner.migrate(database)
        let sqliteQueue = try DatabaseQueue()
        try WardMigrations.migrator.migrate(sqliteQueue)
        let sqlite = GRDBSQLDatabase(sqliteQueue)
        let summaries: [SQLQuery] = [
            "SELECT hour, nappiesWet, nappiesDirty, nappiesMixed, nappiesDry, feeds, dosesGiven, dosesWithheld, dosesMissed FROM ward_trend_hour ORDER BY hour",
            "SELECT patientId, occurredAt, nappyId, gapMs FROM wet_nappy_gap ORDER BY patientId, occurredAt, nappyId",
            "SELECT medicationId, pausedAt, pausedBy, resumedAt, resumedBy FROM medication_pause ORDER BY id",
            "SELECT auditId, patientId FROM audit_patient ORDER BY auditId",
        ]
        var results: [[[SQLValue]]] = []
        for engine in [sqlite, database] as [any SQLDatabase] {
            try await engine.write { db in
                for statement in Self.events + Self.corrections { try db.execute(statement) }
            }
            results.append(try await engine.read { db in try summaries.map { try db.fetchAll($0).map(\.values) } }.flatMap { $0 })
        }
        XCTAssertGreaterThan(results[0].count, 100)
        XCTAssertEqual(results[0], results[1])
        try await drop()
    }

    /// What the schema itself refuses, refused alike on both engines: initials and bed labels
    /// unique without regard to case (SQLite's NOCASE, PostgreSQL's lower() index), the same
    /// CHECKs, and the append-only audit trail with SQLite's messages (the erasure's redaction
    /// still allowed).
    func testTheSchemasRulesHoldOnBothEngines() async throws {
        guard let (postgres, drop, _) = try await freshPostgres() else { return }
        try await runner.migrate(postgres)
        let queue = try DatabaseQueue()
        try WardMigrations.migrator.migrate(queue)
        let redacted = AuditRedaction.marker
        for engine in [GRDBSQLDatabase(queue), postgres] as [any SQLDatabase] {
            func refused(_ statement: SQLQuery, saying words: String, _ line: UInt = #line) async {
                do {
                    _ = try await engine.write { try $0.execute(statement) }
                    XCTFail("on \(engine.dialect): accepted \(statement.rendered(for: engine.dialect).text)", line: line)
                } catch {
                    XCTAssertTrue("\(error)".lowercased().contains(words.lowercased()), "on \(engine.dialect): \(error)", line: line)
                }
            }
            _ = try await engine.write { db in
                try db.execute("INSERT INTO staff (id, name, initials, role, createdAt, updatedAt) VALUES (1, 'Ann', 'AB', 'nurse', 0, 0)")
                try db.execute("""
                    INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, admittedAt, createdAt, updatedAt)
                    VALUES (1, 'Bay 1', 'A', 'B', 'H', '2026-01-01', 'female', 0, 0, 0)
                    """)
                try db.execute("INSERT INTO audit_entry (id, at, action, entity, entityId, afterJSON) VALUES (1, 0, 'create', 'patient', 1, '{}')")
            }
            await refused("INSERT INTO staff (name, initials, role, createdAt, updatedAt) VALUES ('Al', 'ab', 'nurse', 0, 0)", saying: "unique")
            await refused("""
                INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, admittedAt, createdAt, updatedAt)
                VALUES ('BAY 1', 'C', 'D', 'H2', '2026-01-01', 'male', 0, 0, 0)
                """, saying: "unique")
            await refused("UPDATE patient SET gestationalAgeWeeks = 30 WHERE id = 1", saying: "check")
            await refused("UPDATE patient SET timeOfBirth = '24:60' WHERE id = 1", saying: "check")
            await refused("DELETE FROM audit_entry WHERE id = 1", saying: "append-only: an audit entry cannot be deleted")
            await refused("UPDATE audit_entry SET action = 'update' WHERE id = 1", saying: "append-only: an audit entry cannot be changed")
            await refused("INSERT INTO audit_entry (id, at, action, entity, entityId) VALUES (1, 0, 'x', 'patient', 1)",
                          saying: "append-only: an audit entry cannot be replaced")
            _ = try await engine.write { db in
                // A discharged bed is free again; an inactive member's initials may be reused.
                try db.execute("UPDATE patient SET dischargedAt = 1 WHERE id = 1")
                try db.execute("""
                    INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, admittedAt, createdAt, updatedAt)
                    VALUES ('BAY 1', 'C', 'D', 'H2', '2026-01-01', 'male', 0, 0, 0)
                    """)
                try db.execute("UPDATE staff SET active = \(false) WHERE id = 1")
                try db.execute("INSERT INTO staff (name, initials, role, createdAt, updatedAt) VALUES ('Al', 'ab', 'nurse', 0, 0)")
                try db.execute("UPDATE audit_entry SET afterJSON = \(redacted) WHERE id = 1")
            }
        }
        try await drop()
    }

    /// Two staff, three patients, 300 nappy changes, 200 feeds, a medication with 100 dose slots.
    static let events: [SQLQuery] = {
        var statements: [SQLQuery] = [
            "INSERT INTO staff (id, name, initials, role, createdAt, updatedAt) VALUES (1, 'Ann', 'AN', 'nurse', 0, 0), (2, 'Bo', 'BO', 'nurse', 0, 0)",
        ]
        for patient in 1...3 {
            statements.append("""
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, admittedAt, createdAt, updatedAt)
                VALUES (\(patient), \("B\(patient)"), 'A', 'B', 'H', '2026-01-01', 'female', 0, 0, 0)
                """)
        }
        let kinds = ["wet", "dirty", "mixed", "dry", "wet"]
        for i in 0..<300 {
            let at = Int64(1_700_000_000_000) + Int64((i * 7_919) % 300) * 1_200_000
            statements.append("""
                INSERT INTO nappy_change (id, patientId, occurredAt, kind, size, createdAt, updatedAt)
                VALUES (\(i + 1), \(1 + i % 3), \(at), \(kinds[i % kinds.count]), 'small', 0, 0)
                """)
        }
        let feedKinds = ["formula", "breast", "ngAspirate", "expressedBreastMilk"]
        for i in 0..<200 {
            let at = Int64(1_700_000_000_000) + Int64((i * 104_729) % 200) * 1_800_000
            statements.append("""
                INSERT INTO feed (id, patientId, occurredAt, kind, volumeML, createdAt, updatedAt)
                VALUES (\(i + 1), \(1 + i % 3), \(at), \(feedKinds[i % feedKinds.count]), 20, 0, 0)
                """)
        }
        statements.append("""
            INSERT INTO medication (id, patientId, drugName, doseAmount, doseUnit, route, scheduleKind, intervalHours, startsAt,
                                    category, createdAt, updatedAt)
            VALUES (1, 1, 'vitamin D', 400, 'units', 'oral', 'everyHours', 6, 0, 'other', 0, 0),
                   (2, 2, 'paracetamol', 15, 'mg', 'oral', 'everyHours', 6, 0, 'antipyretic', 0, 0)
            """)
        let statuses = ["given", "missed", "withheld", "given"]
        for i in 0..<100 {
            let at = Int64(1_700_000_000_000) + Int64(i) * 21_600_000
            let status = statuses[i % statuses.count]
            let reason: String? = status == "withheld" ? "refused" : nil
            statements.append("""
                INSERT INTO dose_record (id, medicationId, patientId, scheduledAt, slotDay, slotTime, status, withheldReason,
                                         recordedAt, recordedBy, createdAt, updatedAt)
                VALUES (\(i + 1), 1, 1, \(at), 'd', 't', \(status), \(reason), \(at + 600_000), 1, 0, 0)
                """)
        }
        return statements
    }()

    /// Corrections, soft deletes, undos, hard deletes and audited pauses, written the same for both engines.
    static let corrections: [SQLQuery] = [
        "UPDATE nappy_change SET deletedAt = 1 WHERE id % 7 = 0",
        "UPDATE nappy_change SET kind = CASE kind WHEN 'wet' THEN 'dry' WHEN 'dry' THEN 'wet' ELSE kind END WHERE id % 11 = 0",
        "UPDATE nappy_change SET occurredAt = occurredAt - 18000000 WHERE id % 13 = 0",
        "UPDATE nappy_change SET deletedAt = NULL WHERE id % 49 = 0",
        "UPDATE nappy_change SET patientId = 1 WHERE id % 17 = 0",
        "DELETE FROM nappy_change WHERE id % 19 = 0",
        "UPDATE feed SET kind = 'vomit' WHERE id % 5 = 0",
        "UPDATE feed SET deletedAt = 1 WHERE id % 9 = 0",
        "UPDATE feed SET occurredAt = occurredAt + 7200000 WHERE id % 4 = 0",
        "DELETE FROM feed WHERE id % 23 = 0",
        "UPDATE dose_record SET deletedAt = 1 WHERE id % 6 = 0",
        "UPDATE dose_record SET status = 'missed', withheldReason = NULL WHERE id % 5 = 0",
        "UPDATE dose_record SET recordedAt = recordedAt + 3600000 WHERE id % 8 = 0",
        """
        INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
            (1, 1000, 1, 'update', 'medication', 1, '{"isPaused":false,"drugName":"vitamin D"}', '{"isPaused":true,"drugName":"vitamin D"}'),
            (2, 2000, 2, 'update', 'medication', 1, '{"isPaused":true}', '{"isPaused":false}'),
            (3, 3000, 2, 'update', 'medication', 2, '{"isPaused":false}', '{"isPaused":true}'),
            (4, 3000, 2, 'update', 'nappyChange', 5, NULL, '{}'),
            (5, 3000, 2, 'update', 'patient', 3, NULL, '{}'),
            (6, 3000, 2, 'update', 'staff', 2, NULL, '{}'),
            (7, 3000, 2, 'update', 'doseRecord', 9, NULL, '{}')
        """,
    ]

    /// SQLite has no boolean type: these INTEGER 0/1 columns are `boolean` on PostgreSQL.
    static let flags: [String: Set<String>] = [
        "staff": ["active", "isdemo", "iswardadmin"], "patient": ["isdemo"], "nappy_change": ["isdemo"],
        "medication": ["ispaused", "isdemo"], "dose_record": ["isdemo"], "as_needed_dose": ["isdemo"], "feed": ["isdemo"],
        "measurement": ["isdemo"], "calculator_result": ["reviewed"],
        "stroke_centre": ["neurosurgery", "thrombectomy", "thrombolysis"],
    ]

    static func flagsAsBoolean(_ schema: SQLSchemaDescription) -> SQLSchemaDescription {
        var schema = schema
        for (table, columns) in flags {
            guard var described = schema.tables[table] else { continue }
            described.columns = described.columns.map { column in
                guard columns.contains(column.name), column.family == .integer else { return column }
                return .init(name: column.name, family: .boolean, notNull: column.notNull)
            }
            schema.tables[table] = described
        }
        return schema
    }

    /// The differences that must exist: each line as `differences(from:)` words it, the step that
    /// makes it, and why.
    static let expectedDifferences: [String: (since: Int, reason: String)] = {
        var expected: [String: (since: Int, reason: String)] = [:]
        let fts = "PostgreSQL has no FTS5: SQLite's search is a virtual table with its shadow tables and three triggers "
            + "keeping it in step; PostgreSQL's is a GIN index of the same name that keeps itself"
        let searched = [("nappy_change", "notes"), ("feed", "notes"), ("measurement", "notes"), ("dose_record", "notes"),
                        ("as_needed_dose", "notes"), ("calculator_result", "summary"), ("stroke_assessment", "summary")]
        for (table, column) in searched {
            let search = "\(table)_search"
            for shadow in ["", "_data", "_idx", "_config"] { expected["table \(search + shadow) only in SQLite"] = (7, fts) }
            for event in ["insert", "delete", "update"] {
                expected["only in SQLite: trigger \(search)_\(event) on \(table)"] = (7, fts)
            }
            expected["only in PostgreSQL: index \(search) on \(table)(to_tsvector('simple'::regconfig, \(column))) partial"] = (7, fts)
        }
        let datetime = "SQLite declares DATETIME (numeric affinity; GRDB writes its date text there); PostgreSQL keeps "
            + "Unix milliseconds, as every other instant"
        for column in ["leaseuntil", "lastbackupat", "lastfailureat"] {
            expected["column backup_schedule.\(column): SQLite \(column) numeric, PostgreSQL \(column) integer"] = (9, datetime)
        }
        expected["only in PostgreSQL: trigger audit_entry_append_only_truncate on audit_entry"] =
            (10, "TRUNCATE exists only on PostgreSQL and fires no DELETE trigger: the append-only trail refuses it too")
        for table in WardMigrations.v15NotifiedTables {
            expected["only in PostgreSQL: trigger \(WardMigrations.v15NotifyTriggerName(table)) on \(table)"] =
                (15, "live updates: SQLite notices another process's commits by PRAGMA data_version; PostgreSQL tells "
                     + "listeners with pg_notify from a statement-level trigger on every table")
        }
        return expected
    }()
}
