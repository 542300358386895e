import Foundation
import XCTest
import GRDB
@testable import WardStore

final class DemoWardTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "compares demo ward files made side by side (the demo on a server is a moved file: WardCopyTests)" }

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

    func testClinicalDemoDataIsRealisticAndConsistent() async throws {
        let summary = try await DemoWard.generate(into: store, cots: 6, days: 60, seed: 3, now: noon, timeZone: london)
        let feedsPerCotDay = Double(summary.feeds) / (6 * 60)
        XCTAssertGreaterThan(feedsPerCotDay, 6.5, "feeds every 3 h on occupied cots")
        XCTAssertLessThan(feedsPerCotDay, 8.5)
        XCTAssertGreaterThan(summary.measurements, summary.feeds, "obs 4-hourly plus a daily weight")
        XCTAssertGreaterThan(summary.doseRecords, 0)
        let (orphans, caffeineTerm, lateness, missing, weightsOff, badVolumes) = try await sql { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record d LEFT JOIN medication m ON m.id = d.medicationId WHERE m.patientId IS NOT d.patientId")!,
             try Int.fetchOne(db, sql: """
                SELECT count(*) FROM medication m JOIN patient p ON p.id = m.patientId
                WHERE m.drugName = 'caffeine citrate' AND p.gestationalAgeWeeks >= 34
                """)!,
             try Double.fetchOne(db, sql: "SELECT avg(recordedAt - scheduledAt) / 60000.0 FROM dose_record WHERE status = 'given'")!,
             try Double.fetchOne(db, sql: """
                SELECT 1.0 - count(*) * 1.0 / (SELECT count(*) FROM dose_record) FROM dose_record WHERE status IS NOT NULL
                """)!,
             try Int.fetchOne(db, sql: """
                SELECT count(*) FROM measurement m JOIN patient p ON p.id = m.patientId
                WHERE m.kind = 'weight' AND (m.value < p.birthWeightGrams * 0.85 OR m.value > p.birthWeightGrams * 2.5)
                """)!,
             try Int.fetchOne(db, sql: """
                SELECT count(*) FROM feed WHERE (rateMLPerHour IS NULL AND (kind = 'breast') = (volumeML IS NOT NULL))
                    OR (rateMLPerHour IS NOT NULL AND (kind <> 'iv' OR volumeML IS NOT NULL OR fluid IS NULL))
                """)!)
        }
        XCTAssertEqual(orphans, 0, "every dose record belongs to its patient's medication")
        XCTAssertEqual(caffeineTerm, 0, "caffeine only for babies under 34 weeks")
        XCTAssertTrue((5...25).contains(lateness), "given on average a little late: \(lateness) min")
        XCTAssertLessThan(missing, 0.01, "rows are final statuses, bar a snoozed slot or two; misses are slots without a row")
        XCTAssertEqual(weightsOff, 0, "weights follow the birth weight")
        XCTAssertEqual(badVolumes, 0, "breast feeds have a duration, infusions a fluid and rate, the others a volume")
        let infusions = try await sql { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM feed f JOIN patient p ON p.id = f.patientId
                WHERE f.rateMLPerHour IS NOT NULL AND p.gestationalAgeWeeks < 32
                """)!
        }
        XCTAssertGreaterThan(infusions, 0, "babies under 32 weeks start on an IV glucose infusion")
        // Every stored slot is one the schedule generates (so the board and adherence see it).
        let meds = try await sql { db in try Medication.fetchAll(db, sql: "SELECT * FROM medication WHERE scheduleKind <> 'asNeeded'") }
        var (storedCount, slotCount) = (0, 0)
        for med in meds {
            let stored = try await store.doseRecords(medicationId: med.id, from: .distantPast, to: .distantFuture).map(\.scheduledAt)
            // The generator leaves the last hour open for the drug round (a pinned slot an hour
            // before now may be recorded: `DemoRoundRole`).
            let slots = Set(SlotGenerator.slots(for: med, from: med.startsAt, to: noon.addingTimeInterval(-3599), timeZone: london)
                .map(\.scheduledAt))
            XCTAssertTrue(Set(stored).isSubset(of: slots), "\(med.drugName): every row is a slot of its schedule")
            storedCount += stored.count
            slotCount += slots.count
        }
        let recorded = Double(storedCount) / Double(slotCount)
        XCTAssertTrue((0.93...0.995).contains(recorded), "about 3 % of slots never recorded (missed): \(recorded)")
    }

    /// A demo made at any time of day has a living drug round: doses due and overdue, one
    /// snoozed and one withheld in the last hours, and cots whose observations are out of range.
    func testTheDemoWardHasWorkOnTheRoundAtAnyTimeOfDay() async throws {
        for time in ["03:20", "09:45", "14:05", "22:10"] {
            let now = date("2026-03-10T\(time):00Z")  // London is on UTC in March before the change
            let path = folder.appendingPathComponent("living-\(time).sqlite").path
            let store = try SQLiteWardStore(path: path)
            _ = try await DemoWard.generate(into: store, cots: 6, days: 30, seed: 7, now: now, timeZone: london)
            let board = try await store.dueBoard(now: now, timeZone: london)
            XCTAssertGreaterThan(board.dueCount, 0, "\(time): something due")
            XCTAssertGreaterThan(board.overdueCount, 0, "\(time): something overdue")
            let (scheduledCots, occupied, snoozed, withheldLately, feverish) = try await store.pool.read { db in
                (try Int.fetchOne(db, sql: """
                    SELECT count(DISTINCT m.patientId) FROM medication m JOIN patient p ON p.id = m.patientId
                    WHERE p.dischargedAt IS NULL AND m.scheduleKind <> 'asNeeded' AND m.endsAt IS NULL
                    """)!,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE dischargedAt IS NULL")!,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record WHERE status IS NULL AND snoozedUntil > ?",
                                  arguments: [StoredTime.milliseconds(now)])!,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record WHERE status = 'withheld' AND recordedAt > ?",
                                  arguments: [StoredTime.milliseconds(now) - 3 * 3_600_000])!,
                 try Int.fetchOne(db, sql: """
                    SELECT count(DISTINCT m.patientId) FROM measurement m JOIN patient p ON p.id = m.patientId
                    WHERE p.dischargedAt IS NULL AND m.kind = 'temperature' AND m.value > 37.5 AND m.measuredAt > ?
                    """, arguments: [StoredTime.milliseconds(now) - 13 * 3_600_000])!)
            }
            XCTAssertGreaterThan(Double(scheduledCots) / Double(occupied), 0.7, "\(time): most cots on scheduled medicines")
            if occupied >= 4 { XCTAssertGreaterThan(snoozed, 0, "\(time): a snoozed dose") }
            if occupied >= 6 { XCTAssertGreaterThan(withheldLately, 0, "\(time): a dose withheld in the last hours") }
            XCTAssertGreaterThan(feverish, 0, "\(time): a cot out of range")
            await store.close()
        }
    }

    /// The bulk write leaves an empty write-ahead log, so the next process to open the ward does
    /// not read a ward-sized log before its first query.
    func testBulkWriteLeavesTheWriteAheadLogEmpty() async throws {
        try await DemoWard.generate(into: store, cots: 3, days: 30, seed: 2, now: clock.now, timeZone: london)
        let size = (try FileManager.default.attributesOfItem(atPath: dbPath + "-wal")[.size] as? NSNumber)?.intValue
        XCTAssertEqual(size, 0)
    }
}
