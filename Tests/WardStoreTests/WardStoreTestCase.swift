import Foundation
import WardSQL
import XCTest
@testable import WardStore

/// A clock tests can move; shared with the store under test.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ date: Date) { current = date }

    var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func advance(minutes: Double) { now = now.addingTimeInterval(minutes * 60) }
}

/// Each test gets a fresh temporary database and a store with a fixed clock in London time: a
/// SQLite file, or — with `COTSIDE_TEST_STORE_ENGINE=postgres` — a fresh ward schema on the
/// server `COTSIDE_TEST_POSTGRES_URL` names (`StoreEngineUnderTest`), so the same test bodies
/// prove the store's rules on both engines (`make test` runs the store's tests twice).
class WardStoreTestCase: XCTestCase {
    var folder: URL!
    var dbPath: String { folder.appendingPathComponent("ward.sqlite").path }
    /// The ward as `--db` names it: the file, or the server's URL with this test's ward schema.
    var wardAddress: String { serverWard?.url ?? dbPath }
    /// The test's ward on the server, when the store tests run on PostgreSQL.
    var serverWard: StoreEngineUnderTest.ServerWard?
    var clock: TestClock!
    var store: SQLiteWardStore!
    let london = TimeZone(identifier: "Europe/London")!
    /// 2026-03-10 12:00 UTC (= 12:00 in London, before the clocks change).
    let noon = ISO8601DateFormatter().date(from: "2026-03-10T12:00:00Z")!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wardstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        clock = TestClock(noon)
        let clock = self.clock!
        if StoreEngineUnderTest.isPostgres {
            if let reason = Self.sqliteOnlyReason { throw XCTSkip("runs on the SQLite pass only: \(reason)") }
            let ward = try await StoreEngineUnderTest.freshServerWard()
            serverWard = ward
            store = try await SQLiteWardStore.open(server: ward.server, clock: { clock.now }, timeZone: london)
        } else {
            store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        }
        try await requirePins(false)
    }

    /// A new ward requires PINs; tests that are not about PINs run on a ward that does not
    /// (set directly, so no audit row is added). Tests about PINs call `requirePins(true)`.
    func requirePins(_ on: Bool) async throws {
        _ = try await store.database.write { db in
            try db.execute("""
                INSERT INTO ward_setting (key, value) VALUES ('requirePin', \(on ? "1" : "0"))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        }
    }

    override func tearDown() async throws {
        await store?.close()
        store = nil
        try await serverWard?.drop()
        serverWard = nil
        try? FileManager.default.removeItem(at: folder)
    }

    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    func patientDraft(bed: String = "3", given: String = "Ava", family: String = "Smith", hospitalNumber: String = "H100",
                      admittedAt: Date? = nil) -> PatientDraft {
        PatientDraft(bedLabel: bed, givenName: given, familyName: family, hospitalNumber: hospitalNumber,
                     dateOfBirth: CalendarDay("2026-03-08")!, sex: .female, gestationalAgeWeeks: 34,
                     gestationalAgeDays: 2, birthWeightGrams: 2100, admittedAt: admittedAt ?? noon.addingTimeInterval(-3600 * 40))
    }

    @discardableResult
    func addNurse(_ initials: String = "AB") async throws -> Staff {
        try await store.addStaff(StaffDraft(name: "Nurse \(initials)", initials: initials, role: .nurse), by: nil).record
    }

    /// A doctor (who may prescribe); the first member of the test ward is also its ward admin.
    @discardableResult
    func addDoctor(_ initials: String = "DR") async throws -> Staff {
        try await store.addStaff(StaffDraft(name: "Doctor \(initials)", initials: initials, role: .doctor), by: nil).record
    }

    @discardableResult
    func admit(bed: String = "3", given: String = "Ava", hospitalNumber: String = "H100", by: Int64? = nil) async throws -> Patient {
        try await store.admit(patientDraft(bed: bed, given: given, hospitalNumber: hospitalNumber), by: by).record
    }

    /// Raw SQL on the test database (for checks the API does not expose), in GRDB's SQLite
    /// terms: on the PostgreSQL pass the test is skipped from here on, saying why.
    func sql<T: Sendable>(_ body: @Sendable @escaping (GRDBDatabase) throws -> T) async throws -> T {
        if serverWard != nil { throw XCTSkip("reads the ward with SQLite-only SQL (GRDB); it runs on the SQLite pass") }
        return try await filePool.read(body)
    }

    /// Why a class runs on SQLite only (it is about the ward's FILE — backup, restore, processes
    /// sharing it, its modes — or works on ward files of its own); nil: it runs on both engines.
    class var sqliteOnlyReason: String? { nil }

    /// The ward file's GRDB pool, for tests that check with SQLite's own SQL: on the PostgreSQL
    /// pass the test is skipped from here on, saying why.
    var filePool: WardPool {
        get throws {
            if serverWard != nil { throw XCTSkip("checks the ward with SQLite-only SQL (GRDB); it runs on the SQLite pass") }
            return try store.pool
        }
    }

    /// The store, for seeding it with the demo generator (a bulk write into the ward FILE): on
    /// the PostgreSQL pass the test is skipped (the engines are compared on a seeded ward in
    /// WardStorePostgresTests, which copies the demo ward into both).
    var storeToSeed: SQLiteWardStore {
        get throws {
            if serverWard != nil { throw XCTSkip("seeds with the demo generator's bulk write into the ward file; it runs on the SQLite pass") }
            return store
        }
    }

    /// Another store on this test's ward, as a second workstation opens it.
    func anotherStore() async throws -> SQLiteWardStore {
        if let ward = serverWard { return try await SQLiteWardStore.open(server: ward.server, timeZone: london) }
        return try SQLiteWardStore(path: dbPath, timeZone: london)
    }

    /// Raw SQL on either engine (WardSQL), for checks both passes make.
    func portableSQL<T: Sendable>(_ body: @Sendable @escaping (any SQLConnection) throws -> T) async throws -> T {
        try await store.database.read(body)
    }

    /// The rows of `table`, on either engine.
    func rowCount(_ table: String) async throws -> Int {
        try await portableSQL { db in try db.fetchValue(SQLQuery(verbatim: "SELECT count(*) FROM \(table)"), as: Int.self) ?? 0 }
    }

    func assertValidationFails(field: String, messageContains text: String, file: StaticString = #filePath,
                               line: UInt = #line, _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected a validation error on \(field)", file: file, line: line)
        } catch let error as WardValidationError {
            XCTAssertTrue(error.issues.contains { $0.field == field && $0.message.contains(text) },
                          "issues were: \(error)", file: file, line: line)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }
}

import GRDB
typealias GRDBDatabase = GRDB.Database
