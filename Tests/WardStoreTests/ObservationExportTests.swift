import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The oxygen beside an SpO2 and the pain score go out in an export and come back in an
/// import; an export from before them (no oxygen keys) still imports, the oxygen unknown.
final class ObservationExportTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "moves observations between ward files of its own" }

    private var exports: URL { folder.appendingPathComponent("exports") }

    private func exportText(_ store: SQLiteWardStore, _ name: String) async throws -> String {
        let out = exports.appendingPathComponent(name)
        _ = try await store.exportWard(WardExportRequest(folder: out.path, format: .json, cotsideVersion: "test", exportedAt: clock.now),
                                 progress: { _ in })
        return try String(contentsOf: out.appendingPathComponent(WardExportKind.jsonFileName), encoding: .utf8)
    }

    private func newStore(_ name: String) throws -> SQLiteWardStore {
        let clock = self.clock!
        return try SQLiteWardStore(path: folder.appendingPathComponent(name).path, clock: { clock.now }, timeZone: london)
    }

    private func measurements(_ store: SQLiteWardStore) throws -> [MeasurementRecord] {
        try store.pool.database.read { db in try MeasurementRecord.fetchAll(db, sql: "SELECT * FROM measurement ORDER BY id") }
    }

    func testOxygenAndPainGoOutAndComeBack() async throws {
        let nurse = try await addNurse("AB")
        let patient = try await admit()
        _ = try await store.logObservations(ObservationSet(patientId: patient.id, measuredAt: clock.now, readings: [
            .init(.spo2, 93, oxygen: OxygenSupport(mode: .fio2, amount: 35)), .init(.pain, 4), .init(.heartRate, 150),
        ]), by: nurse.id)
        let text = try await exportText(store, "now")
        XCTAssertTrue(text.contains(#""oxygenMode": "fio2""#) && text.contains(#""oxygenAmount": 35"#), text)
        let copy = try newStore("copy.sqlite")
        _ = try await copy.importWard(WardImportRequest(data: Data(text.utf8), byInitials: "AB", merge: false))
        XCTAssertEqual(try measurements(copy), try measurements(store), "every measurement, its oxygen and the pain score")

        // Before observation sets an export had no oxygen keys: it imports, the oxygen unknown.
        let old = text.replacingOccurrences(of: #",\s*"oxygen(Mode|Amount)": [^,\n}]+"#, with: "", options: .regularExpression)
        XCTAssertFalse(old.contains(#""oxygenMode": "#))
        let older = try newStore("older.sqlite")
        _ = try await older.importWard(WardImportRequest(data: Data(old.utf8), byInitials: "AB", merge: false))
        let imported = try measurements(older)
        XCTAssertEqual(imported.map(\.id), try measurements(store).map(\.id))
        XCTAssertTrue(imported.allSatisfy { $0.oxygen == nil })
    }
}
