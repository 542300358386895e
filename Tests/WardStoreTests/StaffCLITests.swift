import Foundation
import XCTest
@testable import WardStore

/// `cotside staff list|add|set-pin|deactivate|admin`: the first member of an empty ward needs no
/// author and is its ward admin; after that a ward admin changes the staff; PINs come from
/// standard input only; bad input exits 2 naming what is allowed, with nothing changed.
final class StaffCLITests: WardStoreTestCase {
    func assertRefused(_ arguments: [String], stdin: String = "", says text: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try runCotside(arguments, stdin: stdin)
        XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stdout)", file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(text), "\(arguments) said: \(outcome.stderr)", file: file, line: line)
    }

    func staffRows() async throws -> [String] {
        try await sql { db in
            try String.fetchAll(db, sql: """
                SELECT staff.initials || ' ' || staff.role || ' admin=' || staff.isWardAdmin || ' active=' || staff.active
                       || ' pin=' || (staff_credential.staffId IS NOT NULL)
                FROM staff LEFT JOIN staff_credential ON staff_credential.staffId = staff.id ORDER BY staff.id
                """)
        }
    }

    func testAddingStaffFromAnEmptyWardAndBadInput() async throws {
        let empty = try runCotside(["staff", "list"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertTrue(empty.stdout.contains("No staff yet"), empty.stdout)
        try assertRefused(["staff", "add", "--name", "Ada Okafor", "--initials", "AO", "--role", "nurse", "--by", "AO"],
                          says: "the ward has no active staff yet: its first member is added without --by")

        let first = try runCotside(["staff", "add", "--name", "Ada Okafor", "--initials", "AO", "--role", "nurse", "--new-pin-stdin"],
                                   stdin: "1357\n")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Added AO Ada Okafor, nurse, ward admin, with a PIN"), first.stdout)
        let second = try runCotside(["staff", "add", "--name", "Ben Cole", "--initials", "bc", "--role", "healthcare-assistant", "--by", "AO"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let rows = try await staffRows()
        XCTAssertEqual(rows, ["AO nurse admin=1 active=1 pin=1", "BC healthcareAssistant admin=0 active=1 pin=0"])

        let base = ["staff", "add", "--name", "Cy Dee", "--initials", "CD", "--by", "AO"]
        try assertRefused(base + ["--role", "surgeon"],
                          says: "--role surgeon is not allowed; use one of: nurse, doctor, pharmacist, healthcare-assistant, student, other")
        try assertRefused(base + ["--role", "student", "--new-pin-stdin"], stdin: "12\n",
                          says: "--new-pin-stdin: the PIN has 2 characters; it must be 4 to 64; nothing was changed")
        try assertRefused(base + ["--role", "student", "--new-pin-stdin"], stdin: "\n", says: "the PIN is empty; it must be 4 to 64")
        try assertRefused(base + ["--role", "student", "--new-pin-stdin"], stdin: String(repeating: "7", count: 65) + "\n",
                          says: "the PIN has 65 characters; it must be 4 to 64")
        try assertRefused(base + ["--role", "student", "--new-pin-stdin"], says: "standard input ended before it")
        try assertRefused(["staff", "add", "--name", "Cy Dee", "--initials", "AO", "--role", "student", "--by", "AO"],
                          says: "--initials: initials AO are already used by another active staff member")
        try assertRefused(["staff", "add", "--name", " ", "--initials", "CD", "--role", "student", "--by", "AO"],
                          says: "--name: the name is empty")
        try assertRefused(["staff", "add", "--name", "Cy Dee", "--initials", "C3", "--role", "student", "--by", "AO"],
                          says: "must be 1 to 4 letters")
        try assertRefused(["staff", "add", "--name", "Cy Dee", "--initials", "CD", "--role", "student", "--by", "QQ"],
                          says: "--by QQ: no active staff member has these initials; known: AO, BC (`cotside staff list` shows them)")
        try assertRefused(["staff", "add", "--name", "Cy Dee", "--initials", "CD", "--role", "student", "--by", "BC"],
                          says: "only a ward admin may add and deactivate staff, reset PINs; BC is a healthcare assistant")
        let unchanged = try await staffRows()
        XCTAssertEqual(unchanged, rows, "nothing changed")
    }

    /// Own PIN: the first alone, a change with the current one first; a ward admin resets
    /// anyone's with their own proof, nobody else may; the PIN rules refuse before anything.
    func testSettingAndResettingPins() async throws {
        let admin = try await addDoctor("AO")
        _ = try await addNurse("BC")
        _ = try await store.setPin(staffId: admin.id, newPin: "1357", currentPin: nil, by: admin.id)

        let own = try runCotside(["staff", "set-pin", "--initials", "BC"], stdin: "8642\n")
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertEqual(own.stdout, "Set the PIN of BC\n")
        try assertRefused(["staff", "set-pin", "--initials", "BC"], stdin: "9999\n",
                          says: "BC has a PIN: give the current one first (--pin-stdin, the first line of standard input, or COTSIDE_PIN)")
        try assertRefused(["staff", "set-pin", "--initials", "BC", "--pin-stdin"], stdin: "8642\n12\n",
                          says: "the new PIN: the PIN has 2 characters; it must be 4 to 64; nothing was changed")
        try assertRefused(["staff", "set-pin", "--initials", "ZZ"], stdin: "9999\n", says: "--initials ZZ: no active staff member")
        try assertRefused(["staff", "set-pin", "--initials", "AO", "--by", "BC", "--pin-stdin"], stdin: "8642\n9999\n",
                          says: "only a ward admin may add and deactivate staff, reset PINs; BC is a nurse")

        let reset = try runCotside(["staff", "set-pin", "--initials", "BC", "--by", "AO", "--pin-stdin"], stdin: "1357\n2468\n")
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertTrue(reset.stdout.contains("Reset the PIN of BC (by AO)"), reset.stdout)
        let changed = try runCotside(["staff", "set-pin", "--initials", "BC", "--pin-stdin"], stdin: "2468\n3579\n")
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertEqual(changed.stdout, "Changed the PIN of BC\n")

        let actions = try await sql { db in
            try String.fetchAll(db, sql: "SELECT action FROM audit_entry WHERE action IN ('pinSet', 'pinReset', 'refused') ORDER BY id")
        }
        XCTAssertEqual(actions, ["pinSet", "pinSet", "refused", "pinReset", "pinSet"])
    }

    func testDeactivatingAndWardAdmins() async throws {
        _ = try await addDoctor("AO")
        _ = try await addNurse("BC")
        _ = try await addNurse("CD")

        try assertRefused(["staff", "admin", "--initials", "BC", "--by", "AO"], says: "give exactly one of --on (make a ward admin) or --off")
        try assertRefused(["staff", "admin", "--initials", "AO", "--off", "--by", "AO"], says: "AO is the ward's only ward admin")
        let made = try runCotside(["staff", "admin", "--initials", "BC", "--on", "--by", "AO"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("BC Nurse BC is now a ward admin"), made.stdout)

        let gone = try runCotside(["staff", "deactivate", "--initials", "CD", "--by", "BC"])
        XCTAssertEqual(gone.status, 0, gone.stderr)
        XCTAssertEqual(gone.stdout, "Deactivated CD Nurse CD\n")
        try assertRefused(["staff", "deactivate", "--initials", "CD", "--by", "BC"],
                          says: "--initials CD: Nurse CD is no longer active (deactivated)")
        try assertRefused(["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "CD"], says: "--by CD: Nurse CD is no longer active")
        try assertRefused(["staff", "deactivate", "--initials", "CD"], says: "--by: name the staff member deactivating staff")

        let listed = try runCotside(["staff", "list", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["initials"] as? String }, ["AO", "BC", "CD"])
        XCTAssertEqual(lines.map { $0["wardAdmin"] as? Bool }, [true, true, false])
        XCTAssertEqual(lines.map { $0["active"] as? Bool }, [true, true, false])
        XCTAssertEqual(lines.map { $0["role"] as? String }, ["doctor", "nurse", "nurse"])
        XCTAssertTrue(lines.allSatisfy { $0["hasPin"] as? Bool == false && $0["lockedOutUntil"] is NSNull }, "\(lines)")
        let text = try runCotside(["staff"])
        XCTAssertTrue(text.stdout.hasPrefix("initials  name       role    ward admin  active  PIN  locked out until\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("CD        Nurse CD   nurse   no          no      no   -"), text.stdout)
    }

    /// A PIN is stored only as its slow hash: set from the command line and used for a write,
    /// its text is in neither the ward file nor its log, nor anything cotside printed.
    func testThePinIsNowhereInTheWardFile() async throws {
        try await requirePins(true)
        let pin = "731985246"
        let add = try runCotside(["staff", "add", "--name", "Ada Okafor", "--initials", "AO", "--role", "nurse", "--new-pin-stdin"],
                                 stdin: pin + "\n")
        XCTAssertEqual(add.status, 0, add.stderr)
        _ = try await admit(bed: "3")
        let nappy = try runCotside(["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "AO", "--pin-stdin"], stdin: pin + "\n")
        XCTAssertEqual(nappy.status, 0, nappy.stderr)
        for output in [add.stdout, add.stderr, nappy.stdout, nappy.stderr] { XCTAssertFalse(output.contains(pin), output) }
        for suffix in ["", "-wal", "-shm"] {
            guard let bytes = FileManager.default.contents(atPath: dbPath + suffix) else { continue }
            XCTAssertNil(bytes.range(of: Data(pin.utf8)), "the PIN's text is in ward.sqlite\(suffix)")
        }
        let credentials = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM staff_credential")! }
        XCTAssertEqual(credentials, 1, "the PIN was stored, as a hash")
    }
}
