import GRDB
import WardSQL
@testable import WardStore
import XCTest

/// Another workstation's change, named by table (PostgreSQL's change feed), refreshes the screens
/// showing those kinds of record: every ward table is mapped, and an unknown one refreshes all.
final class WardChangeTablesTests: XCTestCase {
    func testEveryWardTableIsMapped() throws {
        let queue = try DatabaseQueue()
        try WardMigrations.migrator.migrate(queue)
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    AND name NOT LIKE '%_search%' AND name <> 'grdb_migrations'
                """)
        }
        XCTAssertGreaterThan(tables.count, 15)
        XCTAssertEqual(Set(tables).subtracting(WardChange.entitiesByTable.keys).sorted(), [], "tables with no kinds")
        XCTAssertEqual(Set(WardMigrations.v15NotifiedTables).subtracting(WardChange.entitiesByTable.keys).sorted(), [])
    }

    func testTablesBecomeTheirKindsFromAnotherProcess() {
        let change = WardChange(otherProcessChangedTables: ["dose_record", "audit_entry", "ward_trend_hour", "medication_pause"])
        XCTAssertEqual(change.entities, [.doseRecord, .medication])
        XCTAssertTrue(change.isFromAnotherProcess)
    }

    func testAnUnknownTableOrTheAuditAloneRefreshesEverything() {
        XCTAssertEqual(WardChange(otherProcessChangedTables: ["patient", "a_newer_table"]).entities, Set(WardEntity.allCases))
        XCTAssertEqual(WardChange(otherProcessChangedTables: ["audit_entry", "audit_patient"]).entities, Set(WardEntity.allCases))
    }
}
