import Foundation
import GRDB
import WardSQL
@testable import WardStore
@testable import WardStorePostgres
import XCTest

/// Moving a ward (`WardCopy`): a demo ward with an audit trail copied from its SQLite file to
/// PostgreSQL (and to a new SQLite file, which needs no server), in one transaction, with equal
/// counts and checksums; a target that is not empty refused and left as it was; a failure midway
/// leaving the target empty; the target's triggers back on afterwards.
final class WardCopyTests: XCTestCase {
    let rules = WardCopyRules(steps: WardSchema.steps, seededTables: WardSchema.seededTables,
                              keptTables: WardSchema.databaseBookkeepingTables)
    var folder: String!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wardcopy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A small demo ward in a file, with audited writes on top (staff, nappies, a soft delete
    /// with notes the search index holds), so the audit trail and its patient links have rows.
    func demoWard() async throws -> SQLiteWardStore {
        let now = Date(timeIntervalSince1970: 1_795_681_926)
        let store = try SQLiteWardStore(path: folder + "/source.sqlite", clock: { now }, timeZone: .gmt)
        _ = try await DemoWard.generate(into: store, cots: 3, days: 4, seed: 7, now: now, timeZone: .gmt)
        let nurse = try await store.addStaff(StaffDraft(name: "Nurse Copy", initials: "NC", role: .nurse), by: nil).record
        let admitted = try await store.admittedPatients()
        let patient = try XCTUnwrap(admitted.first)
        for minutes in [30, 20, 10] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: now.addingTimeInterval(-Double(minutes) * 60),
                                                                kind: .wet, notes: "crème on the rash \(minutes)"), by: nurse.id)
        }
        let last = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: now.addingTimeInterval(-60),
                                                                   kind: .dirty, notes: "logged in error"), by: nurse.id)
        _ = try await store.deleteNappyChange(id: last.record.id, by: nurse.id)
        return store
    }

    func source(_ store: SQLiteWardStore) throws -> GRDBSQLDatabase { GRDBSQLDatabase(try store.pool.database) }

    /// A new ward file (migrated, empty).
    func sqliteTarget(_ name: String = "target.sqlite") throws -> (SQLiteWardStore, GRDBSQLDatabase) {
        let store = try SQLiteWardStore(path: folder + "/" + name)
        return (store, GRDBSQLDatabase(try store.pool.database))
    }

    /// A fresh PostgreSQL schema migrated to this build, or nil (skipped) without a server.
    func postgresTarget() async throws -> (PostgresSQLDatabase, drop: @Sendable () async throws -> Void)? {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else { return nil }
        let (database, drop) = try await PostgresTestServer.freshSchema(at: location)
        try await WardSchema.migratePostgres(database)
        return (database, drop)
    }

    /// Every copied table's rows, as the checksum reads them: what two wards must share.
    func rowCounts(_ database: any SQLDatabase, _ tables: [String]) async throws -> [String: Int] {
        try await database.read { db in
            try Dictionary(uniqueKeysWithValues: tables.map { table in
                (table, try db.fetchValue("SELECT count(*) FROM \(sql: SQLQuery(verbatim: table))", as: Int.self) ?? -1)
            })
        }
    }

    func checkCopied(_ report: WardCopyReport, from source: GRDBSQLDatabase, to target: any SQLDatabase) async throws {
        XCTAssertEqual(report.source, report.target, "the same rows and checksums on both sides")
        XCTAssertEqual(report.kept, ["backup_schedule"])
        let tables = report.target.map(\.table)
        for expected in ["audit_entry", "audit_patient", "patient", "staff", "nappy_change", "measurement", "ward_trend_hour",
                         "wet_nappy_gap", "ward_identity", "ward_setting", "dose_record", "medication"] {
            XCTAssertTrue(tables.contains(expected), "\(expected) is copied")
        }
        XCTAssertFalse(tables.contains { $0.contains("_search") }, "SQLite's search index is derived, never copied")
        let sourceCounts = try await rowCounts(source, tables)
        let targetCounts = try await rowCounts(target, tables)
        XCTAssertEqual(sourceCounts, targetCounts)
        XCTAssertGreaterThan(sourceCounts["audit_entry"] ?? 0, 5, "the audit trail has entries")
        XCTAssertGreaterThan(sourceCounts["audit_patient"] ?? 0, 3, "and patient links")
        XCTAssertGreaterThan(sourceCounts["measurement"] ?? 0, 100)
        // The trail itself, entry by entry, and the ward's identity (a moved ward is the same ward).
        let trail: SQLQuery = "SELECT id, at, staffId, action, entity, entityId, beforeJSON, afterJSON FROM audit_entry ORDER BY id"
        let sourceTrail = try await source.read { try $0.fetchAll(trail).map(\.values) }
        let targetTrail = try await target.read { try $0.fetchAll(trail).map(\.values) }
        XCTAssertEqual(sourceTrail, targetTrail)
        let identity: SQLQuery = "SELECT id, createdAt FROM ward_identity"
        let sourceIdentity = try await source.read { try $0.fetchAll(identity).map(\.values) }
        let targetIdentity = try await target.read { try $0.fetchAll(identity).map(\.values) }
        XCTAssertEqual(sourceIdentity, targetIdentity)
    }

    /// The audit trail stays append-only on the target after the copy, and its triggers run again.
    func checkTriggersBackOn(_ target: any SQLDatabase) async throws {
        do {
            _ = try await target.write { try $0.execute("DELETE FROM audit_entry WHERE id = (SELECT max(id) FROM audit_entry)") }
            XCTFail("an audit entry must not be deleted after the copy")
        } catch let error as SQLEngineError {
            XCTAssertTrue(error.message.contains("append-only"), error.message)
        }
        if target.dialect == .postgres {
            let disabled = try await target.read { db in
                try db.fetchValue("""
                    SELECT count(*) FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
                    WHERE NOT g.tgisinternal AND g.tgenabled = 'D' AND t.relnamespace = current_schema()::regnamespace
                    """, as: Int.self)
            }
            XCTAssertEqual(disabled, 0, "every trigger is on again")
        }
        // A new entry after the copy continues the ids and is linked to its patient by trigger.
        let (next, linked) = try await target.write { db -> (Int64, Int) in
            let patient = try XCTUnwrap(try db.fetchValue("SELECT min(id) FROM patient", as: Int64.self))
            let id = try db.insertReturningId("""
                INSERT INTO audit_entry (at, staffId, action, entity, entityId, beforeJSON, afterJSON)
                VALUES (1795681926999, NULL, 'correct', 'patient', \(patient), NULL, NULL) RETURNING id
                """)
            return (id, try db.fetchValue("SELECT count(*) FROM audit_patient WHERE auditId = \(id)", as: Int.self) ?? 0)
        }
        let maxBefore = try await target.read { try $0.fetchValue("SELECT max(id) FROM audit_entry WHERE id < \(next)", as: Int64.self) }
        XCTAssertEqual(next, (maxBefore ?? 0) + 1, "the identity sequence continues after the copied ids")
        XCTAssertEqual(linked, 1, "the patient-link trigger fires again")
    }

    func testADemoWardMovesToPostgresWithEqualCountsAndChecksums() async throws {
        guard let (target, drop) = try await postgresTarget() else { return }
        let store = try await demoWard()
        let report = try await WardCopy.run(from: source(store), to: target, rules: rules, targetName: "the test ward", pageSize: 97)
        try await checkCopied(report, from: source(store), to: target)
        let flags = try await target.read { try $0.fetchValue("SELECT count(*) FROM staff WHERE active", as: Int.self) }
        XCTAssertGreaterThan(flags ?? 0, 0, "SQLite's 0/1 flags are PostgreSQL booleans")
        // PostgreSQL's own search index (a GIN expression index) finds the copied notes.
        let found = try await target.read { db in
            try db.fetchValue("SELECT count(*) FROM nappy_change WHERE notes <> '' AND to_tsvector('simple', notes) @@ to_tsquery('simple', 'rash')",
                              as: Int.self)
        }
        let indexed = try await source(store).read { db in
            try db.fetchValue("SELECT count(*) FROM nappy_change_search WHERE nappy_change_search MATCH 'rash'", as: Int.self)
        }
        XCTAssertGreaterThanOrEqual(indexed ?? 0, 3)
        XCTAssertEqual(found, indexed, "the same notes are found as in the file")
        try await checkTriggersBackOn(target)
        try await drop()
    }

    /// The same copy into a new SQLite file: SQLite's search index is rebuilt from the copied rows.
    func testADemoWardCopiesToANewWardFileWithItsSearchRebuilt() async throws {
        let store = try await demoWard()
        let (_, target) = try sqliteTarget()
        let report = try await WardCopy.run(from: source(store), to: target, rules: rules, targetName: "the new file", pageSize: 50)
        try await checkCopied(report, from: source(store), to: target)
        let search: SQLQuery = "SELECT rowid FROM nappy_change_search WHERE nappy_change_search MATCH 'creme' ORDER BY rowid"
        let before = try await source(store).read { try $0.fetchAll(search).map(\.values) }
        let after = try await target.read { try $0.fetchAll(search).map(\.values) }
        XCTAssertEqual(before.count, 3, "the three notes with crème are indexed")
        XCTAssertEqual(before, after)
        _ = try await target.write { try $0.execute("INSERT INTO nappy_change_search (nappy_change_search) VALUES ('integrity-check')") }
        try await checkTriggersBackOn(target)
    }

    /// SQLite → PostgreSQL → a new file: the same checksums all the way round.
    func testAWardMovesBackFromPostgresToANewFile() async throws {
        guard let (server, drop) = try await postgresTarget() else { return }
        let store = try await demoWard()
        let there = try await WardCopy.run(from: source(store), to: server, rules: rules, targetName: "server")
        let (_, file) = try sqliteTarget("back.sqlite")
        let back = try await WardCopy.run(from: server, to: file, rules: rules, targetName: "back.sqlite")
        XCTAssertEqual(there.source, back.target)
        try await checkCopied(back, from: source(store), to: file)
        try await drop()
    }

    func testATargetWithRowsIsRefusedAndLeftUnchanged() async throws {
        let store = try await demoWard()
        var targets: [(any SQLDatabase, (@Sendable () async throws -> Void)?)] = [(try sqliteTarget().1, nil)]
        if let (server, drop) = try await postgresTarget() { targets.append((server, drop)) }
        for (target, drop) in targets {
            _ = try await target.write { db in
                try db.execute("INSERT INTO staff (name, initials, role, active, createdAt, updatedAt) VALUES ('Already Here', 'AH', 'nurse', TRUE, 1, 1)")
            }
            let identity: SQLQuery = "SELECT id FROM ward_identity"
            let before = try await target.read { try $0.fetchAll(identity).map(\.values) }
            do {
                _ = try await WardCopy.run(from: source(store), to: target, rules: rules, targetName: "the ward")
                XCTFail("on \(target.dialect): a target with rows must be refused")
            } catch let error as WardCopyError {
                XCTAssertEqual(error, .targetNotEmpty(target: "the ward", [.init(table: "staff", rows: 1)]))
                XCTAssertEqual(error.description, "the ward is not empty: staff (1 row); a ward is moved only into an empty ward "
                               + "(choose another ward with ?ward=NAME, or an empty database); nothing was copied")
            }
            let counts = try await rowCounts(target, ["staff", "patient", "audit_entry", "measurement"])
            XCTAssertEqual(counts, ["staff": 1, "patient": 0, "audit_entry": 0, "measurement": 0], "on \(target.dialect)")
            let after = try await target.read { try $0.fetchAll(identity).map(\.values) }
            XCTAssertEqual(before, after, "the target keeps its own identity")
            try await drop?()
        }
    }

    /// A row the target refuses, read after thousands of others (a measurement of a patient that
    /// is not there, which SQLite kept with its foreign keys off): the one transaction rolls back
    /// and the target is as empty as before, its triggers on.
    func testAFailureMidwayLeavesTheTargetEmpty() async throws {
        let store = try await demoWard()
        try await store.pool.database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: """
                INSERT INTO measurement (id, patientId, measuredAt, kind, value, diastolicMmHg, notes, createdAt, updatedAt, isDemo)
                SELECT id + 1000000, 999999, measuredAt, kind, value, diastolicMmHg, notes, createdAt, updatedAt, isDemo
                FROM measurement ORDER BY id DESC LIMIT 1
                """)
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        var targets: [(any SQLDatabase, (@Sendable () async throws -> Void)?)] = [(try sqliteTarget().1, nil)]
        if let (server, drop) = try await postgresTarget() { targets.append((server, drop)) }
        for (target, drop) in targets {
            let identity: SQLQuery = "SELECT id FROM ward_identity"
            let before = try await target.read { try $0.fetchAll(identity).map(\.values) }
            do {
                _ = try await WardCopy.run(from: source(store), to: target, rules: rules, targetName: "the ward", pageSize: 100)
                XCTFail("on \(target.dialect): a measurement of no patient must fail the copy")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .constraint, "on \(target.dialect): \(error)")
            }
            let left = try await WardCopy.nonEmptyTables(in: target, rules: rules)
            XCTAssertEqual(left, [], "on \(target.dialect): nothing of the copy is left")
            let after = try await target.read { try $0.fetchAll(identity).map(\.values) }
            XCTAssertEqual(before, after, "on \(target.dialect): the target keeps its own identity")
            let staff = try await target.write { db in
                try db.insertReturningId("INSERT INTO staff (name, initials, role, active, createdAt, updatedAt) VALUES ('After', 'AF', 'nurse', TRUE, 1, 1) RETURNING id")
            }
            XCTAssertEqual(staff, 1, "on \(target.dialect): no id was used up")
            try await drop?()
        }
    }

    /// A target that has not applied this build's steps is refused, naming both lists.
    func testATargetAtOtherStepsIsRefused() async throws {
        let store = try await demoWard()
        let bare = GRDBSQLDatabase(try DatabaseQueue())
        do {
            _ = try await WardCopy.run(from: source(store), to: bare, rules: rules, targetName: "bare")
            XCTFail("a target without the schema must be refused")
        } catch let error as WardCopyError {
            guard case .stepsDiffer(let side, let applied, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(side, "target")
            XCTAssertEqual(applied, [])
            XCTAssertTrue(error.description.contains("(none) are not this Cotside's (v1–v15)"), error.description)
        }
    }

    /// The checksum's canonical form: a SQLite flag and a PostgreSQL boolean agree, a real is
    /// taken exactly, and text and NULL differ from look-alikes.
    func testTheChecksumIsTheSameForBothEnginesValues() {
        func bytes(_ value: SQLValue) -> [UInt8] {
            var bytes: [UInt8] = []
            WardCopyChecksum.append(value, to: &bytes)
            return bytes
        }
        XCTAssertEqual(bytes(.integer(1)), bytes(.boolean(true)))
        XCTAssertEqual(bytes(.integer(0)), bytes(.boolean(false)))
        XCTAssertNotEqual(bytes(.real(1)), bytes(.integer(1)))
        XCTAssertNotEqual(bytes(.real(0.1)), bytes(.real(0.1.nextUp)))
        XCTAssertNotEqual(bytes(.text("")), bytes(.null))
        XCTAssertNotEqual(bytes(.text("1")), bytes(.integer(1)))
    }
}
