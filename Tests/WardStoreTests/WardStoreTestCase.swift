import Foundation
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

/// Each test gets a fresh temporary database and a store with a fixed clock in London time.
class WardStoreTestCase: XCTestCase {
    var folder: URL!
    var dbPath: String { folder.appendingPathComponent("ward.sqlite").path }
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
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        try await requirePins(false)
    }

    /// A new ward requires PINs; tests that are not about PINs run on a ward that does not
    /// (set directly, so no audit row is added). Tests about PINs call `requirePins(true)`.
    func requirePins(_ on: Bool) async throws {
        try await store.pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('requirePin', ?)", arguments: [on ? "1" : "0"])
        }
    }

    override func tearDown() async throws {
        await store?.close()
        store = nil
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

    /// Raw SQL on the test database (for checks the API does not expose).
    func sql<T: Sendable>(_ body: @Sendable @escaping (GRDBDatabase) throws -> T) async throws -> T {
        try await store.pool.read(body)
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
