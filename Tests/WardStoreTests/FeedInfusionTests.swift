import Foundation
import GRDB
import XCTest
@testable import WardStore

/// IV infusions and outputs on the feed chart: intake counts the hours an infusion ran inside
/// the window (crossing either edge, still running, stopped later), outputs are never intake,
/// and the store refuses what does not make sense, naming the field.
final class FeedInfusionTests: WardStoreTestCase {
    func h(_ hours: Double) -> Date { clock.now.addingTimeInterval(-hours * 3600) }

    /// The cot of the worked example: intake 84 mL and output 10 mL in the last 24 h.
    func seedWorkedCot() async throws -> (Patient, [Int64]) {
        let patient = try await admit()  // admitted 40 h ago
        var ids: [Int64] = []
        func log(_ draft: FeedDraft) async throws { ids.append(try await store.logFeed(draft, by: nil).record.id) }
        // Crosses the window's start: 4 of its 10 hours are inside (6 mL/h → 24 mL).
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(30), kind: .iv, fluid: "10% glucose", rateMLPerHour: 6,
                                stoppedAt: h(20)))
        // Started 3 h ago and still running: 2 mL/h × 3 h.
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(3), kind: .iv, fluid: "0.9% sodium chloride", rateMLPerHour: 2))
        // Running through the whole window: 1 mL/h × 24 h.
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(30), kind: .iv, fluid: "lipid", rateMLPerHour: 1))
        // Stopped before the window: nothing.
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(39), kind: .iv, fluid: "10% glucose", rateMLPerHour: 4,
                                stoppedAt: h(26)))
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(2), kind: .formula, volumeML: 30))
        // Outputs: a vomit inside the window, an aspirate before it; never intake.
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(1), kind: .vomit, volumeML: 10))
        try await log(FeedDraft(patientId: patient.id, occurredAt: h(25), kind: .ngAspirate, volumeML: 3))
        // A deleted infusion counts for nothing.
        let deleted = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(5), kind: .iv, fluid: "10% glucose",
                                                        rateMLPerHour: 100), by: nil)
        _ = try await store.deleteFeed(id: deleted.record.id, by: nil)
        return (patient, ids)
    }

    func testDashboardIntakeCountsTheHoursEachInfusionRanInTheLastDay() async throws {
        let (patient, _) = try await seedWorkedCot()
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        let row = try XCTUnwrap(dashboard.rows.first { $0.patient.id == patient.id })
        XCTAssertEqual(row.intake24hML, 24 + 6 + 24 + 30, "infusions by hours run in the window, the formula feed; no output")
        XCTAssertEqual(row.output24hML, 10, "the vomit; the aspirate was before the window")
        // An hour later the running infusions have given 3 mL more and the first has left the window by 6 mL.
        clock.advance(minutes: 60)
        let later = try await store.dashboard(now: clock.now, timeZone: london).rows.first { $0.patient.id == patient.id }
        XCTAssertEqual(later?.intake24hML, 18 + 8 + 24 + 30)
    }

    func testOutputsAreNeverIntakeAndNeverFeeds() async throws {
        let patient = try await admit()
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(1), kind: .ngAspirate, volumeML: 4), by: nil)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(2), kind: .vomit, volumeML: 12), by: nil)
        let row = try await store.dashboard(now: clock.now, timeZone: london).rows.first
        XCTAssertEqual(row?.intake24hML, 0)
        XCTAssertEqual(row?.output24hML, 16)
        let trends = try await store.patientTrends(patientId: patient.id, window: .days7, now: clock.now, timeZone: london)
        XCTAssertEqual(trends.days.map(\.feedML).reduce(0, +), 0)
        XCTAssertEqual(trends.days.map(\.feeds).reduce(0, +), 0, "an output is not a feed")
        XCTAssertEqual(trends.days.map(\.outputML).reduce(0, +), 16)
        let ward = try await store.wardTrends(window: .days7, now: clock.now, timeZone: london)
        XCTAssertEqual(ward.days.map(\.feeds).reduce(0, +), 0, "nor on the ward view")
    }

    func testTrendsDaysSplitAnInfusionAtTheDayStart() async throws {
        let patient = try await admit()
        // Ward days start at midnight (London = UTC in March). 5 mL/h from 22:00 two days back to 03:00 yesterday.
        let start = date("2026-03-08T22:00:00Z"), stop = date("2026-03-09T03:00:00Z")
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: start, kind: .iv, fluid: "10% glucose",
                                              rateMLPerHour: 5, stoppedAt: stop), by: nil)
        // Still running since 09:00 today at 2.5 mL/h: 3 h by noon.
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: date("2026-03-10T09:00:00Z"), kind: .iv,
                                              fluid: "10% glucose", rateMLPerHour: 2.5), by: nil)
        let trends = try await store.patientTrends(patientId: patient.id, window: .days7, now: clock.now, timeZone: london)
        let byDay = Dictionary(uniqueKeysWithValues: trends.days.map { ($0.label.description, $0.feedML) })
        XCTAssertEqual(byDay["2026-03-08"] ?? -1, 10, accuracy: 1e-9, "22:00–24:00 at 5 mL/h")
        XCTAssertEqual(byDay["2026-03-09"] ?? -1, 15, accuracy: 1e-9, "00:00–03:00 at 5 mL/h")
        XCTAssertEqual(byDay["2026-03-10"] ?? -1, 7.5, accuracy: 1e-9, "09:00 to now at 2.5 mL/h, not to the day's end")
    }

    /// The SQL totals (Dashboard, Trends, the ward's insight input) against the plain rule
    /// (`FeedTotals`) applied to every feed row, on a demo ward given infusions and outputs at
    /// random: crossing day starts and the 24 h mark, running, stopped, deleted.
    func testEveryIntakeTotalMatchesTheReferenceOnASeededWard() async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 6, days: 12, seed: 5, now: clock.now, timeZone: london)
        let patients = try await store.admittedPatients()
        var random = SystemRandomNumberGenerator()
        for patient in patients {
            let stayHours = clock.now.timeIntervalSince(patient.admittedAt) / 3600
            guard stayHours > 1 else { continue }
            for _ in 0..<6 {
                let startHours = Double.random(in: 0.1...min(stayHours, 100), using: &random)
                let running = Bool.random(using: &random)
                let stop = running ? nil : h(max(0, startHours - Double.random(in: 0.05...40, using: &random)))
                let rate = (Double.random(in: 0.1...30, using: &random) * 10).rounded() / 10
                let infusion = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(startHours), kind: .iv,
                                                                 fluid: "10% glucose", rateMLPerHour: rate,
                                                                 stoppedAt: stop.map { max($0, h(startHours).addingTimeInterval(60)) }),
                                                       by: nil)
                if Int.random(in: 0..<5, using: &random) == 0 { _ = try await store.deleteFeed(id: infusion.record.id, by: nil) }
                _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(Double.random(in: 0...min(stayHours, 60), using: &random)),
                                                      kind: Bool.random(using: &random) ? .vomit : .ngAspirate,
                                                      volumeML: Int.random(in: 0...20, using: &random)), by: nil)
            }
        }
        let (now, zone) = (clock.now, london)
        let feeds = try await sql { db in try Feed.fetchAll(db, sql: "SELECT * FROM feed WHERE deletedAt IS NULL") }
        let byPatient = Dictionary(grouping: feeds.map(\.draft), by: \.patientId)
        let dashboard = try await store.dashboard(now: now, timeZone: zone)
        for row in dashboard.rows {
            let mine = byPatient[row.patient.id] ?? []
            // The Dashboard's window is (now − 24 h, now].
            let from = now.addingTimeInterval(-86_400 + 0.001), to = now.addingTimeInterval(0.001)
            let expected = FeedTotals.totals(mine, from: from, to: to, now: now)
            XCTAssertEqual(Double(row.intake24hML), expected.intakeML.rounded(), accuracy: 1, "bed \(row.patient.bedLabel)")
            XCTAssertEqual(row.output24hML, Int(expected.outputML.rounded()), "bed \(row.patient.bedLabel)")
            let trends = try await store.patientTrends(patientId: row.patient.id, window: .days7, now: now, timeZone: zone)
            for day in trends.days {
                let want = FeedTotals.totals(mine, from: day.day.start, to: day.day.end, now: now)
                XCTAssertEqual(day.feedML, want.intakeML, accuracy: 1e-6, "bed \(row.patient.bedLabel) \(day.label)")
                XCTAssertEqual(day.outputML, want.outputML, accuracy: 1e-9, "bed \(row.patient.bedLabel) \(day.label)")
                let count = mine.filter { !$0.kind.isOutput && $0.occurredAt >= day.day.start && $0.occurredAt < day.day.end }.count
                XCTAssertEqual(day.feeds, count, "bed \(row.patient.bedLabel) \(day.label)")
            }
            for day in row.insightInput?.days ?? [] {
                let want = FeedTotals.totals(mine, from: day.day.start, to: day.day.end, now: now)
                XCTAssertEqual(day.feedML, want.intakeML, accuracy: 1e-6, "insight input, bed \(row.patient.bedLabel) \(day.label)")
            }
        }
        XCTAssertGreaterThan(feeds.filter { $0.rateMLPerHour != nil }.count, 20, "the comparison has infusions in it")
    }

    func testTheStoreRefusesWhatDoesNotMakeSense() async throws {
        let patient = try await admit()
        let id = patient.id
        func refuse(_ draft: FeedDraft, _ field: String, _ text: String, line: UInt = #line) async {
            await assertValidationFails(field: field, messageContains: text, line: line) {
                _ = try await self.store.logFeed(draft, by: nil)
            }
        }
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .formula, volumeML: 30, rateMLPerHour: 5), "rateMLPerHour",
                     "only IV fluids run at a rate")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .vomit, volumeML: 3, fluid: "milk"), "fluid", "only IV fluids")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, volumeML: 10, fluid: "10% glucose", rateMLPerHour: 5),
                     "volumeML", "charted by its rate")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, rateMLPerHour: 5), "fluid", "needs its fluid")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, fluid: "10% glucose", rateMLPerHour: 0.05),
                     "rateMLPerHour", "0.1 to 500")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, fluid: "10% glucose", rateMLPerHour: 501),
                     "rateMLPerHour", "0.1 to 500")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, fluid: "10% glucose"), "rateMLPerHour", "for a bolus")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, fluid: "10% glucose", rateMLPerHour: 5, stoppedAt: h(2)),
                     "stoppedAt", "after the start")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, fluid: "10% glucose", rateMLPerHour: 5,
                               stoppedAt: h(-1)), "stoppedAt", "in the future")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, volumeML: 20, stoppedAt: h(0.5)), "stoppedAt",
                     "only an infusion")
        await refuse(FeedDraft(patientId: id, occurredAt: h(1), kind: .ngAspirate), "volumeML", "needs its volume")
        let count = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM feed") }
        XCTAssertEqual(count, 0, "nothing stored")
        // A bolus is IV by volume, with or without its fluid named.
        let bolus = try await store.logFeed(FeedDraft(patientId: id, occurredAt: h(1), kind: .iv, volumeML: 20,
                                                      fluid: " 0.9% sodium chloride "), by: nil)
        XCTAssertEqual(bolus.record.fluid, "0.9% sodium chloride", "trimmed")
        XCTAssertNil(bolus.record.rateMLPerHour)
    }

    func testARunningInfusionIsStoppedOnceAndTheStopIsUndoable() async throws {
        let patient = try await admit()
        let infusion = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(3), kind: .iv, fluid: "10% glucose",
                                                         rateMLPerHour: 6), by: nil).record
        let running = try await store.runningInfusions(patientId: patient.id)
        XCTAssertEqual(running.map(\.id), [infusion.id])
        await assertValidationFails(field: "stoppedAt", messageContains: "after the start") {
            _ = try await self.store.stopInfusion(id: infusion.id, at: self.h(4), by: nil)
        }
        let stopped = try await store.stopInfusion(id: infusion.id, at: h(1), by: nil)
        XCTAssertEqual(stopped.record.stoppedAt, h(1))
        let stillRunning = try await store.runningInfusions(patientId: patient.id)
        XCTAssertEqual(stillRunning, [])
        var row = try await store.dashboard(now: clock.now, timeZone: london).rows.first
        XCTAssertEqual(row?.intake24hML, 12, "2 h at 6 mL/h, not 3")
        await assertValidationFails(field: "stoppedAt", messageContains: "stopped already") {
            _ = try await self.store.stopInfusion(id: infusion.id, at: self.h(0.5), by: nil)
        }
        let entries = try await store.auditEntries(entity: .feed, entityId: infusion.id)
        XCTAssertEqual(entries.map(\.action), [.create, .update], "the stop is one audited update")
        _ = try await store.undo(auditEntryIds: [stopped.auditEntryId], by: nil)
        let back = try await store.feed(id: infusion.id)
        XCTAssertNil(back?.stoppedAt, "undone: running again")
        row = try await store.dashboard(now: clock.now, timeZone: london).rows.first
        XCTAssertEqual(row?.intake24hML, 18)
        // A feed by volume is not an infusion.
        let formula = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(1), kind: .formula, volumeML: 20), by: nil)
        await assertValidationFails(field: "stoppedAt", messageContains: "not an infusion") {
            _ = try await self.store.stopInfusion(id: formula.record.id, at: self.clock.now, by: nil)
        }
    }

    /// An infusion left running at discharge would go on counting as intake on a patient who has
    /// gone home: discharge is refused until its stop is charted, naming the infusion, and
    /// nothing changes; once stopped, the discharge goes through.
    func testDischargeWaitsForARunningInfusionsStop() async throws {
        let patient = try await admit()
        let infusion = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(3), kind: .iv, fluid: "10% glucose",
                                                         rateMLPerHour: 6), by: nil).record
        await assertValidationFails(field: "dischargedAt", messageContains: "10% glucose at 6 mL/h is still running") {
            _ = try await self.store.discharge(patientId: patient.id, at: self.clock.now, by: nil)
        }
        let stillAdmitted = try await store.patient(id: patient.id)
        XCTAssertNil(stillAdmitted?.dischargedAt)
        _ = try await store.stopInfusion(id: infusion.id, at: h(1), by: nil)
        let discharged = try await store.discharge(patientId: patient.id, at: clock.now, by: nil)
        XCTAssertEqual(discharged.record.dischargedAt, clock.now)
    }

    func testTheTableRefusesAnInfusionOnAnotherKind() async throws {
        let patient = try await admit()
        let error = try await sql { db -> String? in
            do {
                try db.execute(sql: """
                    INSERT INTO feed (patientId, occurredAt, kind, volumeML, rateMLPerHour, createdAt, updatedAt)
                    VALUES (?, 1, 'formula', NULL, 5, 1, 1)
                    """, arguments: [patient.id])
                return nil
            } catch { return "\(error)" }
        }
        XCTAssertNotNil(error, "the CHECK holds without the store's validation")
    }
}
