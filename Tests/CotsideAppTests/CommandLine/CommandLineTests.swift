import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// The ward subcommands, run as the real binary: any bad value exits 2 with a message naming
/// it and stores nothing; good values are stored with the staff member and the time given.
@MainActor
final class CommandLineTests: WardTestCase {
    var cli: BinaryRunner!

    override func setUp() async throws {
        try await super.setUp()
        var env = environment
        env["COTSIDE_NOW"] = "2026-11-21T14:05:00Z"
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        cli = BinaryRunner(binary: try BinaryRunner.locate(), environment: env)
    }

    func run(_ arguments: String...) throws -> BinaryRunner.Outcome {
        try cli.run(arguments + ["--db", databasePath])
    }

    func testBadNappyValuesExitTwoAndStoreNothing() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let cases: [([String], String)] = [
            (["--bed", "3", "--kind", "soggy"], "--kind soggy is not allowed; use one of: wet, dirty, mixed, dry"),
            (["--bed", "9", "--kind", "wet"], "--bed 9: no patient is admitted in that bed; admitted beds: 3"),
            (["--bed", "3", "--kind", "wet", "--colour", "yellow"], "--colour is only recorded for dirty or mixed nappies"),
            (["--bed", "3", "--kind", "dirty", "--colour", "purple"], "--colour purple is not allowed"),
            (["--bed", "3", "--kind", "wet", "--size", "huge"], "--size huge is not allowed; use one of: small, medium, large"),
            (["--bed", "3", "--kind", "wet", "--weight-g", "0"], "--weight-g 0 must be 1 to 1000 grams"),
            (["--bed", "3", "--kind", "wet", "--weight-g", "ten"], "weight-g"),
            (["--bed", "3", "--kind", "wet", "--at", "+1h"], "--at +1h: the time is more than 5 minutes in the future"),
            (["--bed", "3", "--kind", "wet", "--at", "teatime"], "--at: ‘teatime’"),
            (["--bed", "3", "--kind", "wet", "--by", "ZZ"], "--by ZZ: no active staff member has these initials"),
            (["--kind", "wet"], "--bed"),
        ]
        for (arguments, expected) in cases {
            let by = arguments.contains("--by") ? [] : ["--by", "NN"]
            let outcome = try cli.run(["log", "nappy"] + arguments + by + ["--db", databasePath])
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
        }
        let stored = try await storedNappies()
        XCTAssertTrue(stored.isEmpty, "nothing stored by a refused command")
    }

    func testNappyIsLoggedWithStaffTimeAndDetails() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let outcome = try run("log", "nappy", "--bed", "3", "--kind", "dirty", "--size", "large", "--colour", "black-meconium",
                              "--weight-g", "32", "--at", "-15m", "--by", "nn", "--notes", "first meconium")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let stored = try await storedNappies(patient: ada)
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(stored.first?.occurredAt, Self.now.addingTimeInterval(-15 * 60))
        XCTAssertEqual(stored.first?.staffInitials, "NN")
        XCTAssertEqual(stored.first?.details, "large · black/meconium · 32 g")
        XCTAssertEqual(stored.first?.notes, "first meconium")
    }

    func testAdmitRefusesBadValuesThenAdmitsAndDischarges() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        let base = ["admit", "--bed", "4", "--given", "Ada", "--family", "Lovelace", "--hospital-number", "H4",
                    "--sex", "female", "--birth-weight-g", "3100", "--by", "NN"]
        let bad: [([String], String)] = [
            (["--dob", "2026-13-01", "--ga", "38+2"], "--dob 2026-13-01 is not a date"),
            (["--dob", "2026-11-30", "--ga", "38+2"], "date of birth 2026-11-30 is in the future"),
            (["--dob", "2026-11-18", "--ga", "45+0"], "gestational age 45+0 is outside 22+0 to 44+6 weeks"),
            (["--dob", "2026-11-18", "--ga", "38-2"], "--ga 38-2 is not a gestational age"),
        ]
        for (extra, expected) in bad {
            let outcome = try cli.run(base + extra + ["--db", databasePath])
            XCTAssertEqual(outcome.status, 2, "\(extra): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(extra): \(outcome.stderr)")
        }
        var patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty)

        let good = try cli.run(base + ["--dob", "2026-11-18", "--ga", "38+2", "--admitted-at", "-2h", "--db", databasePath])
        XCTAssertEqual(good.status, 0, good.stderr)
        patients = try await store.admittedPatients()
        XCTAssertEqual(patients.first?.admittedAt, Self.now.addingTimeInterval(-7200))
        XCTAssertEqual(patients.first?.gestationalAgeDays, 2)

        let listed = try run("patients", "--json")
        let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(json?.first?["bed"] as? String, "4")
        XCTAssertEqual(json?.first?["gestationalAge"] as? String, "38+2")
        XCTAssertEqual(json?.first?["age"] as? String, "3 d", "born 18 Nov, listed 21 Nov: ages read as staff write them")
        XCTAssertTrue(try run("patients").stdout.contains("2026-11-18  3 d"), "the text list has an AGE column")

        let unknown = try run("discharge", "--bed", "5", "--by", "NN")
        XCTAssertEqual(unknown.status, 2)
        let discharged = try run("discharge", "--bed", "4", "--at", "-5m", "--by", "NN")
        XCTAssertEqual(discharged.status, 0, discharged.stderr)
        let admitted = try await store.admittedPatients()
        XCTAssertTrue(admitted.isEmpty)
        let all = try run("patients", "--all")
        XCTAssertTrue(all.stdout.contains("discharged 2026-11-21T14:00:00Z"), all.stdout)
    }

    func testDemoRefusesRealDataUnlessForced() async throws {
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let refused = try run("demo", "--cots", "2", "--days", "2")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("holds real entries"), refused.stderr)
        let forced = try run("demo", "--cots", "2", "--days", "2", "--seed", "7", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("2 cots, 2 days, seed 7"), forced.stdout)
        // Whoever tries the demo is told who its ward admin is, and that PINs are off.
        let staff = try await store.activeStaff()
        let admin = try XCTUnwrap(staff.first(where: \.isWardAdmin), "the demo's first member is its admin")
        XCTAssertTrue(forced.stdout.contains("ward admin: \(admin.initials) \(admin.name); PINs are off"), forced.stdout)
    }

    func testSnapshotWaitsForTheStore() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 20)
        let dashboard = try run("snapshot", "dashboard", "--size", "100x24")
        XCTAssertEqual(dashboard.status, 0, dashboard.stderr)
        XCTAssertTrue(dashboard.stdout.contains("Ada Lovelace"), dashboard.stdout)
        XCTAssertTrue(dashboard.stdout.contains("20 min ago wet"), dashboard.stdout)
        let history = try run("snapshot", "history", "--size", "100x24")
        XCTAssertTrue(history.stdout.contains("2026-11-21 13:45 3"), history.stdout)
    }
}

/// `cotside snapshot trends --bed`: the patient's Trends, or a clear refusal for an empty bed.
@MainActor
final class TrendsSnapshotCommandTests: WardTestCase {
    func testSnapshotTrendsForABedAndRefusesAnEmptyBed() async throws {
        var env = environment
        env["COTSIDE_NOW"] = "2026-11-21T14:05:00Z"
        let cli = BinaryRunner(binary: try BinaryRunner.locate(), environment: env)
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 20)
        let shown = try cli.run(["snapshot", "trends", "--bed", "3", "--size", "140x50", "--db", databasePath])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("Trends · bed 3 Ada Lovelace · 3 d · last 7 days"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("Nappies per day"), shown.stdout)
        let wider = try cli.run(["snapshot", "trends", "--bed", "3", "--keys", "]", "--db", databasePath])
        XCTAssertTrue(wider.stdout.contains("last 14 days"), wider.stdout)
        let ward = try cli.run(["snapshot", "trends", "--db", databasePath])
        XCTAssertTrue(ward.stdout.contains("Ward trends · last 7 days"), ward.stdout)
        let empty = try cli.run(["snapshot", "trends", "--bed", "9", "--db", databasePath])
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.stderr.contains("no admitted patient in bed ‘9’"), empty.stderr)
    }
}
