import Foundation
import XCTest
import GRDB
@testable import WardStore

final class DemoWardTests: WardStoreTestCase {
    func generate(seed: UInt64, into path: String) async throws -> (SQLiteWardStore, DemoWard.Summary) {
        let store = try SQLiteWardStore(path: path)
        let summary = try await DemoWard.generate(into: store, cots: 4, days: 30, seed: seed, now: noon, timeZone: london)
        return (store, summary)
    }

    func fingerprint(_ store: SQLiteWardStore) async throws -> [String] {
        try await store.pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT patientId || '|' || occurredAt || '|' || kind || '|' || size || '|' || ifnull(stoolColour, '')
                    || '|' || ifnull(nappyWeightGrams, '') || '|' || notes || '|' || recordedBy FROM nappy_change ORDER BY id
                """)
            + String.fetchAll(db, sql: "SELECT bedLabel || givenName || familyName || dateOfBirth || admittedAt || ifnull(dischargedAt, '') FROM patient ORDER BY id")
        }
    }

    func testSameSeedSameWardOtherSeedOtherWard() async throws {
        let (a, summaryA) = try await generate(seed: 1, into: folder.appendingPathComponent("a.sqlite").path)
        let (b, summaryB) = try await generate(seed: 1, into: folder.appendingPathComponent("b.sqlite").path)
        let (c, _) = try await generate(seed: 2, into: folder.appendingPathComponent("c.sqlite").path)
        XCTAssertEqual(summaryA, summaryB)
        let fa = try await fingerprint(a)
        let fb = try await fingerprint(b)
        let fc = try await fingerprint(c)
        XCTAssertEqual(fa, fb)
        XCTAssertNotEqual(fa, fc)
        XCTAssertEqual(summaryA.staff, 30)
    }

    func testRealisticRatesOccupancyAndStoolColours() async throws {
        let summary = try await DemoWard.generate(into: store, cots: 6, days: 60, seed: 3, now: noon, timeZone: london)
        // 6–10 changes a day per occupied cot; cots are occupied most, not all, of the time.
        let perCotDay = Double(summary.nappyChanges) / (6 * 60)
        XCTAssertGreaterThan(perCotDay, 5.5)
        XCTAssertLessThan(perCotDay, 9.0)
        let occupied = try await store.admittedPatients().count
        XCTAssertGreaterThanOrEqual(occupied, 3)
        XCTAssertGreaterThan(summary.patients, 6, "beds are reused")
        let (meconiumLate, colourOnWet, maxOccupancyPerBed) = try await sql { db in
            (try Int.fetchOne(db, sql: """
                SELECT count(*) FROM nappy_change n JOIN patient p ON p.id = n.patientId
                WHERE n.stoolColour = 'blackMeconium' AND n.occurredAt - (julianday(p.dateOfBirth) - 2440587.5) * 86400000 > 5 * 86400000
                """)!,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change WHERE stoolColour IS NOT NULL AND kind NOT IN ('dirty', 'mixed')")!,
             try Int.fetchOne(db, sql: "SELECT max(c) FROM (SELECT count(*) c FROM patient WHERE dischargedAt IS NULL GROUP BY bedLabel)")!)
        }
        XCTAssertEqual(meconiumLate, 0, "meconium only in the first days of life")
        XCTAssertEqual(colourOnWet, 0)
        XCTAssertEqual(maxOccupancyPerBed, 1, "one admitted baby per bed")
        let dashboard = try await store.dashboard(now: noon, timeZone: london)
        XCTAssertEqual(dashboard.rows.count, occupied)
        XCTAssertGreaterThan(dashboard.summary.changesToday, 0)
    }

    func testHasRealEntriesTellsDemoFromRealData() async throws {
        let empty = try await store.hasRealEntries()
        XCTAssertFalse(empty)
        _ = try await DemoWard.generate(into: store, cots: 2, days: 5, seed: 1, now: noon, timeZone: london)
        let demoOnly = try await store.hasRealEntries()
        XCTAssertFalse(demoOnly)
        let patient = try await store.admittedPatients()[0]
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon, kind: .wet), by: nil)
        let withReal = try await store.hasRealEntries()
        XCTAssertTrue(withReal)
    }

    func testCotsForAMillionEvents() {
        let cots = DemoWard.cots(forEvents: 1_000_000, days: 730)
        XCTAssertEqual(Double(cots) * 730 * DemoWard.eventsPerCotDay, 1_000_000, accuracy: 20_000)
        XCTAssertTrue((36...42).contains(cots), "the issue's 40-cot × 730-day demo holds about a million events: \(cots)")
    }
}
