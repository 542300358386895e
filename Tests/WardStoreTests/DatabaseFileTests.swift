import Foundation
import XCTest
import GRDB
@testable import WardStore

final class DatabaseFileTests: XCTestCase {
    func testResolveOrderExplicitThenEnvironmentThenXDGThenHome() throws {
        let env = ["COTSIDE_DB": "/env/w.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: "/cli/w.sqlite", environment: env), "/cli/w.sqlite")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: "~/w.sqlite", environment: env), "/home/u/w.sqlite")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: nil, environment: env), "/env/w.sqlite")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"]),
                       "/xdg/cotside/ward.sqlite")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]),
                       "/h/.local/share/cotside/ward.sqlite", "a relative XDG_DATA_HOME is ignored, as the XDG spec says")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: nil, environment: ["HOME": "/h"]),
                       "/h/.local/share/cotside/ward.sqlite")
        XCTAssertThrowsError(try WardDatabaseLocation.resolve(explicitPath: nil, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("HOME is not set"))
        }
    }

    func testFolderIs0700AndFileWalAndShmAre0600() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = try WardDatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": root.path])
        let oldMask = umask(0o022)
        defer { umask(oldMask) }
        let store = try SQLiteWardStore(path: path)
        _ = try await store.addStaff(StaffDraft(name: "A", initials: "A", role: .nurse), by: nil)
        func mode(_ p: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as! NSNumber).intValue
        }
        XCTAssertEqual(try mode(root.path + "/cotside"), 0o700)
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try mode(path + "-wal"), 0o600)
        XCTAssertEqual(try mode(path + "-shm"), 0o600)
        await store.close()
    }

    /// A start that only reads (`cotside due`, a snapshot, a second terminal) leaves the file as it
    /// was: no dummy transaction, no fsync. GRDB writes one at every open when the `-wal` file is
    /// missing, and SQLite deleted that file at every close until the ward kept it.
    func testOpeningTheWardToReadWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("ward.sqlite").path
        /// Size and modification time of the ward file and its log: any write changes one of them.
        func fingerprint() -> [String] {
            [path, path + "-wal"].map { file in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { return "\(file) absent" }
                return "\(file) \(attributes[.size] ?? "?") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)"
            }
        }
        let first = try WardDatabase.openPool(path: path)
        try first.write { db in try db.execute(sql: "INSERT INTO ward_setting (key, value) VALUES ('k', 'v')") }
        try first.close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"), "the write-ahead log outlives the last connection")
        let before = fingerprint()
        Thread.sleep(forTimeInterval: 0.05)  // a write after this shows in the modification time
        for _ in 0..<3 {
            let pool = try WardDatabase.openPool(path: path)
            XCTAssertEqual(try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM ward_setting WHERE key = 'k'") }, "v")
            try pool.close()
        }
        XCTAssertEqual(fingerprint(), before, "opening to read wrote to the ward file")
    }

    func testMigrationsOnAnEmptyFileAndReopen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mig-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ward.sqlite").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))  // a 0-byte file is a valid empty database
        var store: SQLiteWardStore? = try SQLiteWardStore(path: path)
        let tables = try await store!.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' AND name NOT LIKE '%_search%' ORDER BY name")
        }
        let searchTables = try await store!.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
        }
        XCTAssertEqual(searchTables, ["as_needed_dose_search", "calculator_result_search", "dose_record_search", "feed_search",
                                      "measurement_search", "nappy_change_search", "stroke_assessment_search"])
        XCTAssertEqual(tables, ["as_needed_dose", "audit_entry", "audit_patient", "backup_schedule", "calculator_result", "dose_record", "feed", "measurement",
                                "measurement_goal", "medication", "medication_pause", "nappy_change", "patient", "staff",
                                "staff_credential", "stroke_assessment", "stroke_centre", "ward_identity", "ward_setting", "ward_trend_hour",
                                "wet_nappy_gap"])
        let (journal, foreignKeys, applied) = try await store!.pool.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try WardMigrations.migrator.appliedMigrations(db))
        }
        XCTAssertEqual(journal, "wal")
        XCTAssertEqual(foreignKeys, true)
        XCTAssertEqual(applied, ["v1_ward_nappy_log", "v2_medications_feeds_measurements", "v3_calculator_results_and_stroke",
                                 "v4_ward_trend_indexes", "v5_medication_pauses", "v6_ward_identity", "v7_notes_search", "v8_patient_time_of_birth",
                                 "v9_backup_schedule", "v10_staff_identity", "v11_observation_sets", "v12_feed_infusions_outputs", "v13_medications_antibiotics_second_check", "v14_optional_birth_facts",
                                 "v15_change_notifications"])
        let userVersion = try await store!.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        XCTAssertEqual(userVersion, WardDatabase.schemaVersion, "the schema step is recorded for newer-version checks")
        let identityRead = try await store!.wardIdentity()
        let identity = try XCTUnwrap(identityRead)
        XCTAssertTrue(identity.count == 32 && identity.allSatisfy(\.isHexDigit), identity)
        _ = try await store!.addStaff(StaffDraft(name: "Kept", initials: "K", role: .nurse), by: nil)
        await store!.close()
        store = nil
        let reopened = try SQLiteWardStore(path: path)
        let staff = try await reopened.activeStaff()
        XCTAssertEqual(staff.map(\.name), ["Kept"], "reopening migrates nothing and loses nothing")
        let identityAgain = try await reopened.wardIdentity()
        XCTAssertEqual(identityAgain, identity, "a ward keeps its identity")
        let another = try SQLiteWardStore(path: folder.appendingPathComponent("another.sqlite").path)
        let anotherIdentity = try await another.wardIdentity()
        XCTAssertNotEqual(anotherIdentity, identity, "each new ward has its own")
    }

    func testForeignKeysRefuseANappyForAMissingPatient() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteWardStore(path: folder.appendingPathComponent("w.sqlite").path)
        do {
            try await store.pool.write { db in
                try db.execute(sql: "INSERT INTO nappy_change (patientId, occurredAt, kind, size, createdAt, updatedAt) VALUES (42, 0, 'wet', 'small', 0, 0)")
            }
            XCTFail("foreign key must refuse the row")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
        }
    }
}
