import ChildProcess
import Foundation
import XCTest
@testable import WardStore

/// `cotside erase`: erases a discharged patient of a demo ward leaving no trace in the file (raw
/// bytes and `sqlite3 .dump`), lists the earlier backups, and refuses bad input with exit 2 and
/// nothing changed.
final class EraseCLITests: ErasureTestCase {
    var stateHome: String { folder.appendingPathComponent("state").path }

    /// A small demo ward with the distinct patient charted and discharged, staff ZZ active and a
    /// ward admin (only a ward admin erases).
    func seedDemoWard() async throws -> Patient {
        try await DemoWard.generate(into: try storeToSeed, cots: 3, days: 2, seed: 3, now: noon, timeZone: london)
        let doctor = try await addDoctor("ZZ")
        _ = try await store.setWardAdmin(staffId: doctor.id, isAdmin: true, by: nil)
        let patient = try await store.admit(distinctPatient(), by: doctor.id).record
        try await chartEverything(for: patient, by: doctor.id)
        return patient
    }

    func testEraseFromTheCommandLineLeavesNoTraceAndListsEarlierBackups() async throws {
        let patient = try await seedDemoWard()
        _ = try await store.discharge(patientId: patient.id, at: noon, by: nil)
        let backup = try runCotside(["backup"], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(backup.status, 0, backup.stderr)

        let erased = try runCotside(["erase", "--hospital-number", number, "--by", "zz", "--yes"],
                                    environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(erased.status, 0, erased.stderr)
        XCTAssertTrue(erased.stdout.contains("Erased hospital number \(number): 12 records removed (patient records: 1, nappy changes: 1, feeds: 1,"),
                      erased.stdout)
        XCTAssertTrue(erased.stdout.contains("the audit trail keeps the erasure, by ZZ at 2026-03-10T12:00:00Z"), erased.stdout)
        XCTAssertTrue(erased.stdout.contains("/cotside/backups/ward-") && erased.stdout.contains("holds this patient"), erased.stdout)
        XCTAssertEqual(erased.stderr, "")
        XCTAssertEqual(traces(in: try fileBytes()), [], "raw bytes of the file and its log")

        let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let sqlite3 {
            let dump = try ChildProcess.run(sqlite3, [dbPath, ".dump"])
            XCTAssertEqual(dump.status, 0, dump.stderr)
            XCTAssertTrue(dump.stdout.contains("INSERT INTO patient"), "the dump holds the other patients")
            XCTAssertEqual(traces(in: Array(dump.stdout.lowercased().utf8)), [], "sqlite3 .dump")
        }
    }

    func testBadInputExits2AndChangesNothing() async throws {
        let patient = try await seedDemoWard()
        let leaver = try await addDoctor("XQ")
        _ = try await store.deactivateStaff(id: leaver.id, by: nil)
        let audit = { try await self.sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE action = 'erase'")! } }
        let cases: [([String], String)] = [
            (["erase", "--hospital-number", number, "--by", "ZZ", "--yes"],
             "--hospital-number: hospital number \(number) is still admitted in bed 40; discharge the patient first"),
            (["erase", "--hospital-number", "H404", "--by", "ZZ", "--yes"], "--hospital-number: no patient has hospital number H404"),
            (["erase", "--hospital-number", number, "--yes"], "--by: name the staff member erasing"),
            (["erase", "--hospital-number", number, "--by", "QJ", "--yes"], "--by QJ: no active staff member has these initials"),
            (["erase", "--hospital-number", number, "--by", "XQ", "--yes"], "--by XQ: Doctor XQ is no longer active"),
        ]
        for (arguments, message) in cases {
            let outcome = try runCotside(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
        _ = try await store.discharge(patientId: patient.id, at: noon, by: nil)
        let unconfirmed = try runCotside(["erase", "--hospital-number", number, "--by", "ZZ"])
        XCTAssertEqual(unconfirmed.status, 2, unconfirmed.stderr)
        XCTAssertTrue(unconfirmed.stderr.contains("erase asks to confirm on a terminal"), unconfirmed.stderr)
        XCTAssertTrue(unconfirmed.stderr.contains("add --yes; nothing was erased"), unconfirmed.stderr)
        let stillThere = try await store.patient(id: patient.id)
        XCTAssertNotNil(stillThere)
        let erasures = try await audit()
        XCTAssertEqual(erasures, 0)
    }
}
