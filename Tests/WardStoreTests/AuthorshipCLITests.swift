import ChildProcess
import Foundation
import XCTest
@testable import WardStore

/// Every command-line write names its author (`--by`) and, on a ward that requires PINs, proves
/// it with the PIN from standard input or `COTSIDE_PIN`: missing or wrong, exit 2 and nothing
/// stored; five wrong in a row lock the member out; a role's refusal is the store's, audited.
final class AuthorshipCLITests: WardStoreTestCase {
    /// Every row of every exported kind, counted: "nothing stored" means these stay the same
    /// (the audit trail apart, when refused PINs are audited on purpose).
    func storedCounts(audit: Bool = true) async throws -> [String: Int] {
        try await sql { db in
            var counts: [String: Int] = [:]
            for kind in WardExportKind.all where audit || kind.table != "audit_entry" {
                counts[kind.name] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(kind.table)")
            }
            counts["credentials"] = try Int.fetchOne(db, sql: "SELECT count(*) FROM staff_credential")
            return counts
        }
    }

    func audited(_ action: AuditAction) async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE action = ?", arguments: [action])! }
    }

    /// The leaf commands of `cotside --experimental-dump-help`, each with its long options.
    func commandTree() throws -> [(path: [String], options: Set<String>)] {
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else { throw XCTSkip("no built cotside") }
        let dump = try ChildProcess.run(cotsideBinary.path, ["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let root = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["command"] as? [String: Any])
        var leaves: [(path: [String], options: Set<String>)] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty {
                let arguments = command["arguments"] as? [[String: Any]] ?? []
                let names = arguments.flatMap { $0["names"] as? [[String: Any]] ?? [] }
                leaves.append((path, Set(names.filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String })))
            }
            for sub in subcommands { walk(sub, path + [sub["commandName"] as? String ?? "?"]) }
        }
        walk(root, [])
        return leaves
    }

    /// Walks the whole command tree: every leaf is a read (listed here) or takes `--by`, and
    /// every command that takes `--by` refuses to write without it — so a new write command
    /// that forgets its author fails this test until it is added to one list or the other.
    func testEveryWriteCommandRefusesWithoutItsAuthorAndStoresNothing() async throws {
        let doctor = try await addDoctor("DR")
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        _ = try await store.setPin(staffId: doctor.id, newPin: "2468", currentPin: nil, by: doctor.id)
        let export = folder.appendingPathComponent("export.json").path
        try Data(#"{"format": "cotside-export", "formatVersion": 1}"#.utf8).write(to: URL(fileURLWithPath: export))
        let centres = folder.appendingPathComponent("centres.csv").path
        try Data("name,type,city,latitude,longitude\nNord,comprehensive_stroke_center,Hamburg,53.6,10.0\n".utf8)
            .write(to: URL(fileURLWithPath: centres))

        let reads: Set<[String]> = [[], ["tui"], ["snapshot"], ["patients"], ["calc"], ["meds"], ["due"], ["centres", "list"],
                                    ["stroke", "export"], ["backup"], ["export"], ["settings", "list"], ["staff", "list"], ["help"],
                                    ["demo"],  // demo: a synthetic ward, for trying things; it refuses real data
                                    ["audit"],  // audit: --by filters the trail by its author
                                    ["drugs", "status"],
                                    ["report", "handover"],  // a read: --by names who made the report
                                    ["report", "stroke"],  // a read, as the handover
                                    ["report", "discharge"],  // a read, as the handover
                                    ["report", "patient"],  // a read, as the handover
                                    // moves a ward as it is, its audit trail included, into an EMPTY
                                    // ward: nothing is charted, so there is no author to name
                                    ["migrate"]]

        let byDefault = "--by: name the staff member"
        let writes: [[String]: (arguments: [String], refusal: String)] = [
            ["log", "nappy"]: (["--bed", "3", "--kind", "wet"], byDefault),
            ["log", "feed"]: (["--bed", "3", "--kind", "iv", "--volume", "5"], byDefault),
            ["log", "measurement"]: (["--bed", "3", "--kind", "hr", "--value", "140"], byDefault),
            ["log", "obs"]: (["--bed", "3", "--hr", "140", "--spo2", "97", "--o2", "air"], byDefault),
            ["log", "dose"]: (["--bed", "3", "--drug", "caffeine"], byDefault),
            ["admit"]: (["--bed", "4", "--given", "Bo", "--family", "Brown", "--hospital-number", "H2", "--dob", "2026-03-08",
                         "--sex", "male", "--ga", "38+1", "--birth-weight-g", "3000"], byDefault),
            ["discharge"]: (["--bed", "3"], byDefault),
            ["goals"]: (["--bed", "3", "--set", "hr=100-170"], byDefault),
            ["erase"]: (["--hospital-number", "H100", "--yes"], byDefault),
            ["import"]: ([export, "--merge"], byDefault),
            ["restore"]: ([export, "--yes"], byDefault),
            ["settings", "set"]: (["ward_name=Puffin"], byDefault),
            ["centres", "import"]: ([centres], byDefault),
            ["stroke", "assess"]: (["coma", "gfap_pg_ml=1000"], byDefault),
            ["staff", "add"]: (["--name", "Cy Dee", "--initials", "CD", "--role", "student"], byDefault),
            ["staff", "deactivate"]: (["--initials", "AB"], byDefault),
            ["staff", "admin"]: (["--initials", "AB", "--on"], byDefault),
            ["drugs", "sign-off"]: ([], byDefault),
            // A member changes their own PIN with the current one; anyone else's is a ward admin's (--by).
            ["staff", "set-pin"]: (["--initials", "DR"], "DR has a PIN: give the current one first"),
        ]
        let tree = try commandTree()
        for leaf in tree where !reads.contains(leaf.path) {
            XCTAssertTrue(leaf.options.contains("by"), "\(leaf.path) is neither a read nor takes --by")
            XCTAssertNotNil(writes[leaf.path], "\(leaf.path) takes --by but this test does not try it without")
        }
        XCTAssertEqual(Set(writes.keys), Set(tree.map(\.path).filter { !reads.contains($0) }), "every write is tried")

        let before = try await storedCounts()
        for (path, write) in writes.sorted(by: { $0.key.joined() < $1.key.joined() }) {
            let outcome = try runCotside(path + write.arguments, stdin: "1234\n5678\n")
            XCTAssertEqual(outcome.status, 2, "\(path): \(outcome.stdout) \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(write.refusal), "\(path): \(outcome.stderr)")
            XCTAssertTrue(outcome.stdout.isEmpty, "\(path) printed \(outcome.stdout)")
        }
        let after = try await storedCounts()
        XCTAssertEqual(after, before, "nothing stored")
    }

    /// A PIN ward: the PIN from `--pin-stdin` or `COTSIDE_PIN`; none, or a wrong one, stores
    /// nothing; the fifth wrong PIN in a row locks the member out until a time the message gives.
    func testAPinWardTakesThePinFromStandardInputOrTheEnvironmentAndLocksOutAfterFiveWrong() async throws {
        try await requirePins(true)
        let nurse = try await addNurse("AB")
        _ = try await store.setPin(staffId: nurse.id, newPin: "2468", currentPin: nil, by: nurse.id)
        _ = try await admit(bed: "3")
        let nappy = ["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "AB"]

        let missing = try runCotside(nappy)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("this ward requires the PIN of AB for every write: give it with --pin-stdin "
                                              + "(the first line of standard input) or in COTSIDE_PIN, never as an option"), missing.stderr)
        let piped = try runCotside(nappy + ["--pin-stdin"], stdin: "2468\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let fromEnvironment = try runCotside(nappy, environment: ["COTSIDE_PIN": "2468"])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stderr)
        let noLine = try runCotside(nappy + ["--pin-stdin"])
        XCTAssertEqual(noLine.status, 2)
        XCTAssertTrue(noLine.stderr.contains("standard input ended before it"), noLine.stderr)
        let stored = try await storedCounts(audit: false)
        XCTAssertEqual(stored["nappies"], 2)

        for remaining in [4, 3, 2, 1] {
            let wrong = try runCotside(nappy, environment: ["COTSIDE_PIN": "1111"])
            XCTAssertEqual(wrong.status, 2)
            XCTAssertTrue(wrong.stderr.contains("wrong PIN for AB; \(remaining) \(remaining == 1 ? "try" : "tries") left before a "
                                                + "5-minute lock-out; nothing was stored"), wrong.stderr)
        }
        let fifth = try runCotside(nappy + ["--pin-stdin"], stdin: "1111\n")
        XCTAssertEqual(fifth.status, 2)
        XCTAssertTrue(fifth.stderr.contains("AB is locked out after 5 wrong PINs until 12:05"), fifth.stderr)
        let rightButLocked = try runCotside(nappy, environment: ["COTSIDE_PIN": "2468"])
        XCTAssertEqual(rightButLocked.status, 2)
        XCTAssertTrue(rightButLocked.stderr.contains("locked out after 5 wrong PINs until 12:05; try again then"), rightButLocked.stderr)
        let listed = try runCotside(["staff", "list"])
        XCTAssertTrue(listed.stdout.contains("12:05"), listed.stdout)

        let after = try await storedCounts(audit: false)
        XCTAssertEqual(after, stored, "no refused write stored anything")
        let pinFailed = try await audited(.pinFailed)
        let lockedOut = try await audited(.lockedOut)
        XCTAssertEqual(pinFailed, 4)
        XCTAssertEqual(lockedOut, 2, "the lock-out, and the attempt made while locked out")
    }

    /// A member without a PIN on a PIN ward is told how to set one; a PIN given on a ward that
    /// does not use PINs is still checked when the member has one, and refused when they have none.
    func testAMissingPinAndAPinOnAWardWithoutPins() async throws {
        let doctor = try await addDoctor("DR")
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let nappy = ["log", "nappy", "--bed", "3", "--kind", "wet"]

        let noPinNeeded = try runCotside(nappy + ["--by", "AB"])
        XCTAssertEqual(noPinNeeded.status, 0, noPinNeeded.stderr)
        let noneToGive = try runCotside(nappy + ["--by", "AB"], environment: ["COTSIDE_PIN": "2468"])
        XCTAssertEqual(noneToGive.status, 2)
        XCTAssertTrue(noneToGive.stderr.contains("a PIN was given, but this ward does not use PINs (require_pin is off) and AB has none"),
                      noneToGive.stderr)
        _ = try await store.setPin(staffId: doctor.id, newPin: "2468", currentPin: nil, by: doctor.id)
        let wrong = try runCotside(nappy + ["--by", "DR", "--pin-stdin"], stdin: "8642\n")
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("wrong PIN for DR; 4 tries left"), wrong.stderr)
        let tooShort = try runCotside(nappy + ["--by", "DR"], environment: ["COTSIDE_PIN": "12"])
        XCTAssertEqual(tooShort.status, 2)
        XCTAssertTrue(tooShort.stderr.contains("the PIN given for DR: the PIN has 2 characters; it must be 4 to 64"), tooShort.stderr)

        try await requirePins(true)
        let unset = try runCotside(nappy + ["--by", "AB"])
        XCTAssertEqual(unset.status, 2)
        XCTAssertTrue(unset.stderr.contains("AB has no PIN and this ward requires one for every write; set one with "
                                            + "`cotside staff set-pin --initials AB`"), unset.stderr)
        let nappies = try await storedCounts()["nappies"]
        XCTAssertEqual(nappies, 1)
    }

    /// The store's permission table, not the command line, says no: a nurse may not change ward
    /// settings or add staff; the message says who may, and the trail keeps the refusal.
    func testANurseIsRefusedWhatTheTableReservesAndTheRefusalIsAudited() async throws {
        _ = try await addDoctor("DR")  // the ward's first member: its admin
        let nurse = try await addNurse("AB")
        let before = try await store.settings()

        let settings = try runCotside(["settings", "set", "nurses_prescribe=on", "--by", "AB"])
        XCTAssertEqual(settings.status, 2)
        XCTAssertTrue(settings.stderr.contains("only a ward admin may change ward settings; AB is a nurse"), settings.stderr)
        let staff = try runCotside(["staff", "add", "--name", "Cy Dee", "--initials", "CD", "--role", "student", "--by", "AB"])
        XCTAssertEqual(staff.status, 2)
        XCTAssertTrue(staff.stderr.contains("only a ward admin may add and deactivate staff, reset PINs; AB is a nurse"), staff.stderr)

        let after = try await store.settings()
        XCTAssertEqual(after, before)
        let refusals = try await sql { db in
            try String.fetchAll(db, sql: "SELECT afterJSON FROM audit_entry WHERE action = 'refused' AND staffId = ? ORDER BY id",
                                arguments: [nurse.id])
        }
        XCTAssertEqual(refusals.count, 2, "\(refusals)")
        XCTAssertTrue(refusals[0].contains("changeSettings"), refusals[0])
        XCTAssertTrue(refusals[1].contains("manageStaff"), refusals[1])
        let cd = try await store.staff(initials: "CD")
        XCTAssertNil(cd)

        let admin = try runCotside(["settings", "set", "nurses_prescribe=on", "--by", "DR"])
        XCTAssertEqual(admin.status, 0, admin.stderr)
        XCTAssertTrue(admin.stdout.contains("nurses_prescribe = on (was off)"), admin.stdout)
    }

    /// `cotside settings` lists the identity settings with their values as typed: flags on/off.
    func testTheSettingsListShowsThePinSettingsAsOnOrOff() async throws {
        let listed = try runCotside(["settings", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: String]])
        func line(_ key: String) -> [String: String]? { lines.first { $0["key"] == key } }
        XCTAssertEqual(line("require_pin")?["value"], "off", "the test ward runs without PINs")
        XCTAssertEqual(line("require_pin")?["default"], "on")
        XCTAssertEqual(line("require_pin")?["allowed"], "on or off (1 or 0)")
        XCTAssertEqual(line("idle_lock_minutes")?["value"], "5")
        XCTAssertEqual(line("idle_lock_minutes")?["allowed"], "0 (never) to 60 min")
        XCTAssertEqual(line("nurses_prescribe")?["value"], "off")
        let text = try runCotside(["settings"])
        XCTAssertTrue(text.stdout.contains("require_pin"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Allowed: 0 (never) to 60 min; default 5."), text.stdout)
    }
}
