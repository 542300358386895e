import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `cotside log feed` for IV infusions, outputs and stopping an infusion: what is stored, and
/// bad input refused naming the option and what is allowed, exit 2, nothing stored.
final class FeedCLITests: WardStoreTestCase {
    func feedCount() async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM feed")! }
    }

    func testAnInfusionIsLoggedWithItsStartAndStoppedLater() async throws {
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        let logged = try runCotside(["log", "feed", "--bed", "3", "--kind", "iv", "--fluid", "10% glucose", "--rate-ml-h", "6",
                                     "--at", "-3h", "--notes", "via long line", "--by", "AB"])
        XCTAssertEqual(logged.status, 0, logged.stderr)
        XCTAssertEqual(logged.stdout, "Logged feed 1: bed 3 IV 10% glucose 6 mL/h from 09:00 (running)\n")
        var feed = try await store.feed(id: 1)
        XCTAssertEqual(feed?.rateMLPerHour, 6)
        XCTAssertEqual(feed?.fluid, "10% glucose")
        XCTAssertEqual(feed?.occurredAt, date("2026-03-10T09:00:00Z"))
        XCTAssertEqual(feed?.notes, "via long line")
        XCTAssertEqual(feed?.recordedBy, nurse.id)
        XCTAssertNil(feed?.stoppedAt)
        let stopped = try runCotside(["log", "feed", "--bed", "3", "--stop-infusion", "--at", "-30m", "--by", "AB", "--json"])
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertTrue(stopped.stdout.contains(#""stoppedAt" : "2026-03-10T11:30:00Z""#) || stopped.stdout.contains(#""stoppedAt":"2026-03-10T11:30:00Z""#),
                      stopped.stdout)
        feed = try await store.feed(id: 1)
        XCTAssertEqual(feed?.stoppedAt, date("2026-03-10T11:30:00Z"))
        let row = try await store.dashboard(now: clock.now, timeZone: london).rows.first { $0.patient.id == patient.id }
        XCTAssertEqual(row?.intake24hML, 15, "2.5 h at 6 mL/h")
        let again = try runCotside(["log", "feed", "--bed", "3", "--stop-infusion", "--by", "AB"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("--stop-infusion: bed 3 has no running infusion"), again.stderr)
    }

    func testAnInfusionWithItsStopAndOutputsAreLogged() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let both = try runCotside(["log", "feed", "--bed", "3", "--kind", "iv", "--fluid", "Plasma-Lyte 148", "--rate-ml-h", "2.5",
                                   "--at", "-5h", "--stop", "-1h", "--by", "AB"])
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(both.stdout, "Logged feed 1: bed 3 IV Plasma-Lyte 148 2.5 mL/h from 07:00 to 11:00\n")
        let vomit = try runCotside(["log", "feed", "--bed", "3", "--kind", "vomit", "--volume-ml", "8", "--at", "-10m", "--by", "AB"])
        XCTAssertEqual(vomit.status, 0, vomit.stderr)
        XCTAssertEqual(vomit.stdout, "Logged output 2: bed 3 vomit 8 mL at 11:50\n")
        let aspirate = try runCotside(["log", "feed", "--bed", "3", "--kind", "ng-aspirate", "--volume-ml", "2", "--by", "AB"])
        XCTAssertEqual(aspirate.status, 0, aspirate.stderr)
        let row = try await store.dashboard(now: clock.now, timeZone: london).rows.first
        XCTAssertEqual(row?.intake24hML, 10)
        XCTAssertEqual(row?.output24hML, 10)
        let help = try runCotside(["log", "feed", "--help"])
        for text in ["--rate-ml-h", "--stop-infusion", "ng-aspirate", "vomit", "10% glucose"] {
            XCTAssertTrue(help.stdout.contains(text), "--help names \(text)")
        }
    }

    func testBadInputNamesTheOptionExits2AndStoresNothing() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let refusals: [([String], String)] = [
            (["--kind", "formula", "--volume-ml", "30", "--rate-ml-h", "5"], "--rate-ml-h: a formula feed has no rate; only IV fluids run at a rate in mL/h"),
            (["--kind", "iv", "--fluid", "10% glucose", "--rate-ml-h", "6", "--at", "-1h", "--stop", "-2h"], "--stop: the stop must be after the start"),
            (["--kind", "iv", "--fluid", "10% glucose", "--rate-ml-h", "6", "--volume-ml", "10"], "--volume-ml: an infusion is charted by its rate, not a volume"),
            (["--kind", "iv", "--rate-ml-h", "6"], "--fluid: an infusion needs its fluid, e.g. 10% glucose"),
            (["--kind", "iv", "--fluid", "10% glucose", "--rate-ml-h", "600"], "--rate-ml-h: rate 600 mL/h must be 0.1 to 500 mL/h"),
            (["--kind", "iv", "--fluid", "10% glucose", "--rate-ml-h", "fast"], "--rate-ml-h fast is not a number; give mL/h from 0.1 to 500"),
            (["--kind", "vomit"], "--volume-ml: a vomit output needs its volume in mL"),
            (["--kind", "vomit", "--volume-ml", "4", "--stop", "-1h"], "--stop: a vomit output has no stop time"),
            (["--kind", "puke", "--volume-ml", "4"], "--kind puke is not allowed; use one of: breast, ebm, formula, fortified, oral, ng, iv, ng-aspirate, vomit"),
            (["--volume-ml", "4"], "--kind is missing"),
            (["--stop-infusion"], "--stop-infusion: bed 3 has no running infusion"),
            (["--stop-infusion", "--kind", "iv"], "--stop-infusion takes only --bed, --at (the stop's time), --infusion and --by; remove --kind"),
        ]
        for (arguments, text) in refusals {
            let result = try runCotside(["log", "feed", "--bed", "3"] + arguments + ["--by", "AB"])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)")
        }
        let count = try await feedCount()
        XCTAssertEqual(count, 0, "nothing stored")
    }

    func testStoppingWhenTwoRunNamesThemAndTakesTheChosenOne() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        for (fluid, at) in [("10% glucose", "-4h"), ("lipid", "-2h")] {
            let logged = try runCotside(["log", "feed", "--bed", "3", "--kind", "iv", "--fluid", fluid, "--rate-ml-h", "1", "--at", at,
                                         "--by", "AB"])
            XCTAssertEqual(logged.status, 0, logged.stderr)
        }
        let ambiguous = try runCotside(["log", "feed", "--bed", "3", "--stop-infusion", "--by", "AB"])
        XCTAssertEqual(ambiguous.status, 2)
        XCTAssertTrue(ambiguous.stderr.contains("bed 3 has 2 running infusions; name one with --infusion: running: 1 (IV 10% glucose"),
                      ambiguous.stderr)
        let beforeStart = try runCotside(["log", "feed", "--bed", "3", "--stop-infusion", "--infusion", "2", "--at", "-3h", "--by", "AB"])
        XCTAssertEqual(beforeStart.status, 2)
        XCTAssertTrue(beforeStart.stderr.contains("--at: the stop must be after the start"), beforeStart.stderr)
        let chosen = try runCotside(["log", "feed", "--bed", "3", "--stop-infusion", "--infusion", "2", "--by", "AB"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(chosen.stdout, "Stopped infusion 2: bed 3 IV lipid 1 mL/h from 10:00 to 12:00\n")
        let running = try await store.runningInfusions(patientId: 1)
        XCTAssertEqual(running.map(\.id), [1])
    }
}
