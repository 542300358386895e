import Foundation
import XCTest
import GRDB
@testable import WardStore

/// The ward view's fast path (hourly summary and wet-nappy gap tables kept by triggers, missed
/// slots counted arithmetically) against a straightforward count of the event rows and a
/// slot-by-slot expansion of every medication (`SlotReference`) in Swift, on a seeded demo ward
/// plus a hand-made cot: gaps spanning midnight and the day start, a soft-deleted wet nappy
/// inside a gap, an edited time and kind, a discharged patient, a deleted patient, deleted feeds
/// and doses, paused, edited and deleted medications; for every window, with day starts at
/// midnight, on the hour (London 07:00) and off it (07:30), in London (the window spans no clock
/// change), New York (it spans the clock change of 8 March 2026) and a zone off the hour
/// (Kolkata, +05:30). A demo ward writes its slots in the ward's zone, so each zone gets its own.
final class WardTrendsReferenceTests: WardStoreTestCase {
    let kolkata = TimeZone(identifier: "Asia/Kolkata")!
    let newYork = TimeZone(identifier: "America/New_York")!

    struct Nappy { let patientId: Int64; let at: Int64; let kind: String; let live: Bool }
    struct Timed { let at: Int64?; let status: String?; let live: Bool }

    /// Bed 12, whose nappies are worked by hand in `testTheHandWorkedCotsAlerts`.
    func seedHandWorkedCot() async throws {
        let bed = try await store.admit(patientDraft(bed: "12", given: "Noor", hospitalNumber: "H912"), by: nil).record
        func nappy(_ iso: String, _ kind: NappyKind) async throws -> NappyChange {
            try await store.logNappyChange(NappyChangeDraft(patientId: bed.id, occurredAt: date(iso), kind: kind,
                                                            stoolColour: kind == .dirty || kind == .mixed ? .yellow : nil),
                                           by: nil).record
        }
        _ = try await nappy("2026-03-08T22:00:00Z", .wet)
        let deleted = try await nappy("2026-03-09T01:00:00Z", .wet)   // deleted: the 8.5 h gap stands
        _ = try await nappy("2026-03-09T03:00:00Z", .dirty)
        _ = try await nappy("2026-03-09T06:30:00Z", .wet)             // 8.5 h over midnight, before 07:00
        _ = try await nappy("2026-03-09T16:00:00Z", .mixed)           // 9.5 h
        _ = try await nappy("2026-03-09T17:00:00Z", .wet)
        let moved = try await nappy("2026-03-10T03:00:00Z", .wet)     // moved to 05:00: 12 h
        let becomesDirty = try await nappy("2026-03-10T08:00:00Z", .wet)
        _ = try await store.deleteNappyChange(id: deleted.id, by: nil)
        _ = try await store.updateNappyChange(id: moved.id, NappyChangeDraft(patientId: bed.id, occurredAt: date("2026-03-10T05:00:00Z"),
                                                                             kind: .wet), by: nil)
        _ = try await store.updateNappyChange(id: becomesDirty.id, NappyChangeDraft(patientId: bed.id, occurredAt: date("2026-03-10T08:00:00Z"),
                                                                                    kind: .dirty, stoolColour: .green), by: nil)
        _ = try await store.discharge(patientId: bed.id, at: date("2026-03-10T09:00:00Z"), by: nil)
    }

    /// Replaces the test's store with one on a new file whose ward is in `zone`.
    func useFreshStore(in zone: TimeZone) async throws {
        await store.close()
        let clock = self.clock!
        let path = folder.appendingPathComponent("ward-\(zone.identifier.replacingOccurrences(of: "/", with: "-")).sqlite").path
        store = try SQLiteWardStore(path: path, clock: { clock.now }, timeZone: zone)
    }

    /// Medications the arithmetic cannot take as written: pauses (one over, one still open), a
    /// schedule edited after doses were recorded (rows on times that are no longer slots), a
    /// deleted medication, and a patient admitted, dosed and then deleted (admission undone).
    func seedMedicationChanges() async throws {
        let admitted = try await store.admittedPatients()
        var scheduled: [Medication] = []
        for patient in admitted {
            scheduled += try await store.medications(patientId: patient.id, includeEnded: false).filter { !$0.schedule.isAsNeeded }
        }
        XCTAssertGreaterThanOrEqual(scheduled.count, 4, "the demo ward has scheduled medications to change")
        clock.now = noon.addingTimeInterval(-5 * 86_400)
        _ = try await store.setMedicationPaused(id: scheduled[0].id, paused: true, by: nil)
        clock.now = noon.addingTimeInterval(-3 * 86_400 + 3600)
        _ = try await store.setMedicationPaused(id: scheduled[0].id, paused: false, by: nil)
        clock.now = noon.addingTimeInterval(-2 * 86_400 - 7200)
        _ = try await store.setMedicationPaused(id: scheduled[1].id, paused: true, by: nil)
        clock.now = noon
        // The demo answered those slots; take the answers back so the pauses hold unanswered slots.
        let (first, second) = (scheduled[0].id, scheduled[1].id)
        let (pauseStart, secondPause) = (StoredTime.milliseconds(noon) - 5 * 86_400_000, StoredTime.milliseconds(noon) - 2 * 86_400_000 - 7_200_000)
        let answered = try await sql { db in
            try Int64.fetchAll(db, sql: """
                SELECT id FROM dose_record WHERE deletedAt IS NULL AND ((medicationId = ? AND scheduledAt >= ? AND scheduledAt < ?)
                    OR (medicationId = ? AND scheduledAt >= ?))
                """, arguments: [first, pauseStart, pauseStart + 2 * 86_400_000 + 3_600_000, second, secondPause])
        }
        for id in answered { _ = try await store.deleteDoseRecord(id: id, by: nil) }
        var edited = scheduled[2].draft
        edited.schedule = scheduled[2].schedule == .everyHours(12) ? .everyHours(8) : .fixedTimes([TimeOfDay("09:15")!, TimeOfDay("21:15")!])
        _ = try await store.updateMedication(id: scheduled[2].id, edited, by: nil)
        _ = try await store.deleteMedication(id: scheduled[3].id, by: nil)

        let gone = try await store.admit(patientDraft(bed: "13", given: "Gone", hospitalNumber: "H913",
                                                      admittedAt: noon.addingTimeInterval(-44 * 3600)), by: nil)
        _ = try await store.addMedication(MedicationDraft(patientId: gone.record.id, drugName: "vitamin D", doseAmount: 400,
                                                          doseUnit: .units, route: .oral, schedule: .fixedTimes([TimeOfDay("10:00")!]),
                                                          startsAt: gone.record.admittedAt), by: nil)
        for hours in [43.0, 30, 17] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: gone.record.id, occurredAt: noon.addingTimeInterval(-hours * 3600),
                                                                kind: .wet, size: .small), by: nil)
        }
        _ = try await store.undo(auditEntryIds: [gone.auditEntryId], by: nil)
    }

    /// The demo ward (4 cots × 40 days) in `zone`, bed 12, medication changes, and soft deletes
    /// across the demo's rows.
    func seedWard(in zone: TimeZone) async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 4, days: 40, seed: 7, now: noon, timeZone: zone)
        try await seedHandWorkedCot()
        try await seedMedicationChanges()
        // Soft-delete (and restore some of) the demo's nappies, feeds and doses.
        let (nappyIds, feedIds, doseIds) = try await sql { db in
            (try Int64.fetchAll(db, sql: "SELECT id FROM nappy_change WHERE isDemo = 1 AND id % 23 = 0"),
             try Int64.fetchAll(db, sql: "SELECT id FROM feed WHERE id % 19 = 0"),
             try Int64.fetchAll(db, sql: "SELECT id FROM dose_record WHERE status IS NOT NULL AND deletedAt IS NULL AND id % 7 = 0"))
        }
        XCTAssertFalse(nappyIds.isEmpty || feedIds.isEmpty || doseIds.isEmpty, "the demo ward has rows to delete")
        for id in nappyIds { _ = try await store.deleteNappyChange(id: id, by: nil) }
        for id in nappyIds.prefix(5) { _ = try await store.restoreNappyChange(id: id, by: nil) }
        for id in feedIds { _ = try await store.deleteFeed(id: id, by: nil) }
        for id in doseIds { _ = try await store.deleteDoseRecord(id: id, by: nil) }
        // Outputs on the feed chart are not feeds: some feeds become vomits (an edited kind), and
        // an NG aspirate and an infusion are charted on an admitted cot.
        let outputIds = try await sql { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM feed WHERE deletedAt IS NULL AND kind NOT IN ('breast', 'iv') AND id % 29 = 0")
        }
        XCTAssertFalse(outputIds.isEmpty)
        for id in outputIds {
            let feed = try await store.feed(id: id)
            var draft = try XCTUnwrap(feed).draft
            draft.kind = .vomit
            _ = try await store.updateFeed(id: id, draft, by: nil)
        }
        let admitted = try await store.admittedPatients()
        let cot = try XCTUnwrap(admitted.first)
        _ = try await store.logFeed(FeedDraft(patientId: cot.id, occurredAt: noon.addingTimeInterval(-5 * 3600), kind: .ngAspirate,
                                              volumeML: 3), by: nil)
        _ = try await store.logFeed(FeedDraft(patientId: cot.id, occurredAt: noon.addingTimeInterval(-7 * 3600), kind: .iv,
                                              fluid: "10% glucose", rateMLPerHour: 4), by: nil)
    }

    func rawRows() async throws -> (nappies: [Nappy], feeds: [Timed], doses: [Timed], deletedPatients: Set<Int64>) {
        try await sql { db in
            let nappies = try Row.fetchAll(db, sql: "SELECT patientId, occurredAt, kind, deletedAt IS NULL FROM nappy_change")
                .map { Nappy(patientId: $0[0], at: $0[1], kind: $0[2], live: $0[3]) }
            let deleted = Set(try Int64.fetchAll(db, sql: "SELECT id FROM patient WHERE deletedAt IS NOT NULL"))
            // An output (NG aspirate, vomit) is never a feed: counted as not live.
            let feeds = try Row.fetchAll(db, sql: "SELECT occurredAt, deletedAt IS NULL AND kind NOT IN ('ngAspirate', 'vomit') FROM feed")
                .map { Timed(at: $0[0], status: nil, live: $0[1]) }
            let doses = try Row.fetchAll(db, sql: "SELECT recordedAt, status, deletedAt IS NULL FROM dose_record")
                .map { Timed(at: $0[0], status: $0[1], live: $0[2]) }
            return (nappies, feeds, doses, deleted)
        }
    }

    /// Every series of every day, counted from the rows one by one. Alerts: per patient not
    /// deleted, live wet and mixed nappies up to now, in time order; a gap over the threshold
    /// counts on the day of the nappy that ended it, wherever it began. Missed doses: recorded
    /// "missed" on the day recorded, plus the reference's never-answered missed slots.
    func reference(_ ward: WardTrends, rows: (nappies: [Nappy], feeds: [Timed], doses: [Timed], deletedPatients: Set<Int64>),
                   neverRecorded: [Int]) -> [TrendDay] {
        let ms = StoredTime.milliseconds
        var days = ward.days.map { TrendDay(day: $0.day, label: $0.label) }
        func index(_ t: Int64) -> Int? { days.firstIndex { ms($0.day.start) <= t && t < ms($0.day.end) } }
        for n in rows.nappies where n.live {
            guard let i = index(n.at) else { continue }
            days[i].nappies += 1
            if n.kind == "wet" || n.kind == "mixed" { days[i].wet += 1 }
            if n.kind == "dirty" || n.kind == "mixed" { days[i].dirty += 1 }
        }
        for f in rows.feeds where f.live { if let at = f.at, let i = index(at) { days[i].feeds += 1 } }
        for d in rows.doses where d.live {
            guard let at = d.at, let i = index(at) else { continue }
            switch d.status {
            case "given": days[i].dosesGiven += 1
            case "withheld": days[i].dosesWithheld += 1
            case "missed": days[i].dosesMissed += 1
            default: break
            }
        }
        for (i, count) in neverRecorded.enumerated() { days[i].dosesMissed += count }
        let threshold = Int64(ward.settings.noWetAlertThresholdMinutes) * 60_000
        let now = ms(ward.now)
        let wets = rows.nappies.filter {
            $0.live && !rows.deletedPatients.contains($0.patientId) && ($0.kind == "wet" || $0.kind == "mixed") && $0.at <= now
        }
        for (_, nappies) in Dictionary(grouping: wets, by: \.patientId) {
            let times = nappies.map(\.at).sorted()
            for (start, end) in zip(times, times.dropFirst()) where end - start > threshold {
                if let i = index(end) { days[i].alerts += 1 }
            }
        }
        return days
    }

    func testEveryWindowMatchesACountOfTheRows() async throws {
        let cases = [(london, [(7 * 60, 8 * 60), (7 * 60 + 30, 6 * 60), (0, 8 * 60)]), (newYork, [(0, 8 * 60), (7 * 60 + 30, 8 * 60)]),
                     (kolkata, [(0, 8 * 60)])]
        for (zone, settingsCases) in cases {
            try await useFreshStore(in: zone)
            try await seedWard(in: zone)
            try await checkEveryWindow(zone: zone, settingsCases: settingsCases)
        }
    }

    func checkEveryWindow(zone: TimeZone, settingsCases: [(Int, Int)]) async throws {
        let rows = try await rawRows()
        let timing = try await store.settings().slotTiming
        for (dayStart, thresholdMinutes) in settingsCases {
            var settings = try await store.settings()
            settings.dayStartMinutes = dayStart
            settings.noWetAlertThresholdMinutes = thresholdMinutes
            _ = try await store.updateSettings(settings, by: nil)
            for window in TrendWindow.allCases {
                let ward = try await store.wardTrends(window: window, now: noon, timeZone: zone)
                let days = ward.days.map(\.day)
                let (now, noon) = (ward.now, self.noon)
                let entries = try await sql { db in
                    try SlotReference.entries(db, from: days[0].start, to: noon.addingTimeInterval(0.001), now: now,
                                              timeZone: zone, timing: timing)
                }
                let never = SlotReference.neverRecordedMissed(entries, days: days)
                let expected = reference(ward, rows: rows, neverRecorded: never)
                let label = "\(zone.identifier) day start \(dayStart) min, threshold \(thresholdMinutes) min, \(window)"
                XCTAssertEqual(ward.days.count, expected.count, label)
                for (got, want) in zip(ward.days, expected) where got != want {
                    XCTFail("\(label), day \(got.label): got \(got), expected \(want)")
                }
                if window == .all {
                    // Not vacuous: the ward has every series, and long gaps to count.
                    XCTAssertGreaterThan(ward.days.map(\.nappies).reduce(0, +), 1000, label)
                    XCTAssertGreaterThan(ward.days.map(\.feeds).reduce(0, +), 0, label)
                    XCTAssertGreaterThan(ward.days.map { $0.dosesGiven + $0.dosesWithheld + $0.dosesMissed }.reduce(0, +), 0, label)
                    XCTAssertGreaterThan(ward.days.map(\.alerts).reduce(0, +), 3, label)
                    XCTAssertGreaterThan(never.reduce(0, +), 10, "\(label): slots nobody answered")
                    XCTAssertTrue(entries.contains { $0.state == .paused }, "\(label): slots inside a pause")
                }
            }
        }
    }

    func testTheHandWorkedCotsAlerts() async throws {
        try await seedHandWorkedCot()
        var settings = try await store.settings()
        settings.dayStartMinutes = 7 * 60
        _ = try await store.updateSettings(settings, by: nil)
        let ward = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        // 8.5 h ending 9 Mar 06:30 (ward day of 8 Mar), 9.5 h ending 16:00 and 12 h ending 10 Mar 05:00
        // (both ward day 9 Mar); the deleted 01:00 nappy does not split the first gap, and the 08:00
        // nappy turned dirty is no wet nappy.
        XCTAssertEqual(ward.days.suffix(3).map(\.alerts), [1, 2, 0])
        XCTAssertEqual(ward.days.suffix(3).map(\.wet), [2, 3, 0])
        XCTAssertEqual(ward.days.suffix(3).map(\.dirty), [1, 1, 1])
    }

    /// The summaries equal a fresh aggregate of the event tables after every kind of write above.
    func testSummaryTablesMatchTheEventTables() async throws {
        try await seedWard(in: london)
        let (hourDiff, gapDiff, gaps) = try await sql { db -> (Int, Int, Int) in
            let fresh = """
                SELECT hour, sum(w), sum(d), sum(m), sum(y), sum(f), sum(g), sum(h), sum(x) FROM (
                    SELECT occurredAt / 3600000 AS hour, kind = 'wet' AS w, kind = 'dirty' AS d, kind = 'mixed' AS m,
                        kind = 'dry' AS y, 0 AS f, 0 AS g, 0 AS h, 0 AS x FROM nappy_change WHERE deletedAt IS NULL
                    UNION ALL SELECT occurredAt / 3600000, 0, 0, 0, 0, 1, 0, 0, 0 FROM feed WHERE deletedAt IS NULL
                        AND kind NOT IN ('ngAspirate', 'vomit')
                    UNION ALL SELECT recordedAt / 3600000, 0, 0, 0, 0, 0, status = 'given', status = 'withheld', status = 'missed'
                        FROM dose_record WHERE deletedAt IS NULL AND status IS NOT NULL)
                GROUP BY hour
                """
            let kept = """
                SELECT * FROM ward_trend_hour
                WHERE nappiesWet + nappiesDirty + nappiesMixed + nappiesDry + feeds + dosesGiven + dosesWithheld + dosesMissed > 0
                """
            let freshGaps = """
                SELECT patientId, occurredAt, id, occurredAt - lag(occurredAt) OVER (PARTITION BY patientId ORDER BY occurredAt, id)
                FROM nappy_change WHERE deletedAt IS NULL AND kind IN ('wet', 'mixed')
                """
            let keptGaps = "SELECT patientId, occurredAt, nappyId, gapMs FROM wet_nappy_gap"
            func differ(_ a: String, _ b: String) throws -> Int {
                try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM (\(a) EXCEPT \(b))) + (SELECT count(*) FROM (\(b) EXCEPT \(a)))") ?? -1
            }
            return (try differ(fresh, kept), try differ(freshGaps, keptGaps),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM wet_nappy_gap") ?? 0)
        }
        XCTAssertEqual(hourDiff, 0, "hours whose summary differs from the events")
        XCTAssertEqual(gapDiff, 0, "wet nappies whose kept gap differs from the events")
        XCTAssertGreaterThan(gaps, 100)
    }
}
