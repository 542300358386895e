import Foundation
import GRDB
@testable import WardStore
import WardSQL
import XCTest

/// The schema steps as declared once for both engines, and SQLite's side of the schema
/// description and of the newer-ward refusal (PostgreSQL's side: WardStorePostgresTests).
final class WardMigrationDeclarationTests: XCTestCase {
    /// SQLite's migrator and PostgreSQL's runner are built from one list, so a step cannot be
    /// added for one engine only, and every step has PostgreSQL statements.
    func testEveryStepCarriesBothEnginesUnderOneName() {
        let names = WardMigrations.steps.map(\.identifier)
        XCTAssertEqual(WardMigrations.migrator.migrations, names)
        XCTAssertEqual(WardMigrations.postgresRunner.steps.map(\.identifier), names)
        XCTAssertEqual(names.count, 15)
        for step in WardMigrations.steps {
            XCTAssertFalse(step.postgres.isEmpty, "\(step.identifier) has no PostgreSQL statements")
            for statement in step.postgres {
                XCTAssertFalse(statement.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(";") && !statement.contains("$$"),
                               "\(step.identifier): one statement per element, without a trailing ';': \(statement)")
            }
        }
    }

    func testSQLiteDescribesKeysFlagsAndTriggers() throws {
        let queue = try DatabaseQueue()
        try WardMigrations.migrator.migrate(queue)
        let schema = try queue.read { db in try SQLSchemaDescription.read(db) }
        XCTAssertEqual(schema.indexes["staff_active_initials"],
                       .init(name: "staff_active_initials", table: "staff", columns: ["lower(initials)"], unique: true, partial: true),
                       "COLLATE NOCASE reads as PostgreSQL's lower() key")
        XCTAssertEqual(schema.indexes["dose_record_slot"]?.columns, ["medicationid", "scheduledat"])
        XCTAssertEqual(schema.indexes["dose_record_slot"]?.partial, false)
        XCTAssertEqual(schema.tables["measurement_goal"]?.primaryKey, ["patientid", "kind"])
        XCTAssertNil(schema.indexes.values.first { $0.table == "measurement_goal" }, "a WITHOUT ROWID key is the table's key, not an index")
        XCTAssertEqual(schema.tables["staff"]?.columns.first { $0.name == "active" },
                       .init(name: "active", family: .integer, notNull: true))
        XCTAssertEqual(schema.tables["patient"]?.columns.first { $0.name == "gestationalageweeks" }?.notNull, false, "v14")
        XCTAssertEqual(schema.tables["ward_setting"]?.columns.first { $0.name == "key" }?.notNull, true)
        XCTAssertEqual(schema.triggers["audit_entry_append_only_update"], .init(name: "audit_entry_append_only_update", table: "audit_entry"))
        XCTAssertNil(schema.tables["grdb_migrations"], "the migrator's bookkeeping is not the ward's schema")
        XCTAssertNil(schema.tables["sqlite_sequence"])
    }

    /// GRDB's migrator on its own skips a step it does not know and carries on; the ward refuses
    /// to change such a file (it opens read-only), naming both step lists as PostgreSQL's runner does.
    func testANewerWardIsRefusedWithBothStepLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("ward.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try WardMigrations.migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v16_from_the_future')") }
        XCTAssertNoThrow(try WardMigrations.migrator.migrate(queue), "GRDB alone would carry on")
        try queue.close()

        let probe = try WardDatabase.probeSchema(path: path)
        let known = WardMigrations.steps.map(\.identifier)
        XCTAssertEqual(probe.newer, SQLUnknownSchemaSteps(applied: known + ["v16_from_the_future"], known: known).reason)
        XCTAssertEqual(probe.newer, "it was made by a newer Cotside (ward schema 16: v16_from_the_future); this Cotside writes "
                       + "schema 15 and must not change it (the ward's steps: v1–v16; this Cotside's: v1–v15)")
    }
}
