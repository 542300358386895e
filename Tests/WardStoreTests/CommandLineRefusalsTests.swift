import Foundation
import XCTest
@testable import WardStore

/// Bad command lines say what was typed, what is wrong and what is allowed, exit 2, and store
/// nothing: negative numbers, repeated options, unknown command words, store field names and
/// platform errors in messages.
final class CommandLineRefusalsTests: WardStoreTestCase {
    func assertRefused(_ arguments: [String], says text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runCotside(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Missing value"), result.stderr, file: file, line: line)
    }

    func testNegativeNumbersAreReadAsNumbersAndRefusedWithTheRange() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "-5", "--by", "AB"],
                          says: "--value: ‘-5’: a weight must be more than 0; 200–150000 g (0.2–150 kg) is allowed")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "formula", "--volume", "-1", "--by", "AB"],
                          says: "--volume: volume -1 mL must be 0 to 1000 mL")
        try assertRefused(["log", "nappy", "--bed", "3", "--kind", "wet", "--weight-g", "-5", "--by", "AB"],
                          says: "--weight-g -5 must be 1 to 1000 grams")
        let stored = try await sql { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM measurement) + (SELECT count(*) FROM feed) + (SELECT count(*) FROM nappy_change)")!
        }
        XCTAssertEqual(stored, 0)
    }

    /// One helper layer answers every ward command, so an unknown bed, staff member or time
    /// reads the same whichever command was typed (nappy and discharge once said it differently).
    func testEveryWardCommandRefusesABedStaffOrTimeInTheSameWords() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let commands: [[String]] = [["log", "nappy", "--kind", "wet"], ["log", "feed", "--kind", "iv", "--volume", "5"],
                                    ["log", "measurement", "--kind", "hr", "--value", "140"], ["discharge"]]
        for command in commands {
            try assertRefused(command + ["--bed", "9", "--by", "AB"], says: "cotside: --bed 9: no patient is admitted in that bed; admitted beds: 3\n")
            try assertRefused(command + ["--bed", "3", "--by", "ZZ"],
                              says: "cotside: --by ZZ: no active staff member has these initials; known: AB (`cotside staff list` shows them)\n")
            try assertRefused(command + ["--bed", "3", "--at", "teatime", "--by", "AB"], says: "cotside: --at: ‘teatime’ has no valid time of day (00:00–23:59); try now, 14:05")
        }
        let stored = try await sql { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM measurement) + (SELECT count(*) FROM feed) + (SELECT count(*) FROM nappy_change)")!
        }
        XCTAssertEqual(stored, 0)
        let admitted = try await store.admittedPatients()
        XCTAssertEqual(admitted.map(\.bedLabel), ["3"])
    }

    func testARepeatedOptionIsRefusedNotSilentlyTheLast() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        _ = try await admit(bed: "4", given: "Bo", hospitalNumber: "H200")
        try assertRefused(["log", "nappy", "--bed", "3", "--bed", "4", "--kind", "wet"], says: "--bed is given twice; give it once")
        try assertRefused(["log", "nappy", "--bed=3", "--kind", "wet", "--kind=dirty"], says: "--kind is given twice; give it once")
        let stored = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change")! }
        XCTAssertEqual(stored, 0)
        let goals = try runCotside(["goals", "--bed", "3", "--set", "hr=100-170", "--set", "rr=30-60", "--by", "AB"])
        XCTAssertEqual(goals.status, 0, "--set may be repeated: \(goals.stderr)")
    }

    func testAnUnknownCommandWordExits2WithTheCommands() throws {
        for arguments in [["summary", "--help"], ["repor"], ["handover"]] {
            try assertRefused(arguments, says: "unknown command '\(arguments[0])'; the commands are: tui, snapshot, log, patients")
        }
        let help = try runCotside(["--help"])
        XCTAssertEqual(help.status, 0)
    }

    func testMessagesNameWhatWasTypedNotInternalsOrPlatformErrors() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let result = try runCotside(["log", "feed", "--bed", "3", "--kind", "formula", "--volume", "2000", "--by", "AB"])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.stderr.contains("volumeML"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--volume: volume 2000 mL must be 0 to 1000 mL"), result.stderr)
        try assertRefused(["centres", "import", folder.path], says: "\(folder.path) is a folder; give the centres list file itself")
        try assertRefused(["centres", "import", folder.appendingPathComponent("none.json").path],
                          says: "cannot read centres list \(folder.path)/none.json: no such file or directory")
        let any = try runCotside(["centres", "import", folder.path])
        XCTAssertFalse(any.stderr.contains("NSCocoaErrorDomain"), any.stderr)
    }
}

/// ESC[2J in a name cleared the screen of whoever listed the ward: names refuse control
/// characters, notes keep only tabs and line breaks, and old stored text is printed sanitised.
final class ControlCharacterTests: WardStoreTestCase {
    func testNamesRefuseControlCharactersNamingTheField() async throws {
        await assertValidationFails(field: "givenName", messageContains: "the given name contains a control character (ESC at position 4)") {
            _ = try await self.store.admit(self.patientDraft(given: "Ava\u{1B}[2J"), by: nil)
        }
        await assertValidationFails(field: "hospitalNumber", messageContains: "(BEL at position 2)") {
            _ = try await self.store.admit(self.patientDraft(hospitalNumber: "H\u{07}1"), by: nil)
        }
        await assertValidationFails(field: "bedLabel", messageContains: "the bed label contains a control character") {
            _ = try await self.store.admit(self.patientDraft(bed: "3\u{1B}"), by: nil)
        }
        await assertValidationFails(field: "name", messageContains: "the name contains a control character") {
            _ = try await self.store.addStaff(StaffDraft(name: "Nia\u{1B}[31m", initials: "NN", role: .nurse), by: nil)
        }
        let rows = try await sql { db in try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM patient) + (SELECT count(*) FROM staff)")! }
        XCTAssertEqual(rows, 0)
    }

    func testNotesKeepTabsAndLineBreaksOnly() async throws {
        let patient = try await admit()
        let nappy = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                                    notes: "red\u{1B}[31m rash\u{07}\r\nsecond line\twith tab"), by: nil)
        XCTAssertEqual(nappy.record.notes, "red[31m rash\nsecond line\twith tab")
    }

    /// A database written before the refusal (or by hand) still cannot inject: `cotside
    /// patients` prints the name with U+FFFD where the ESC was, and the exit is 0.
    func testOldStoredControlCharactersArePrintedSanitised() async throws {
        let patient = try await admit(bed: "3", given: "Ava")
        try await filePool.write { db in
            try db.execute(sql: "UPDATE patient SET givenName = ? WHERE id = ?", arguments: ["Ava\u{1B}[2J\u{07}", patient.id])
        }
        let list = try runCotside(["patients"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertFalse(list.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, list.stdout)
        XCTAssertTrue(list.stdout.contains("Ava\u{FFFD}[2J\u{FFFD} Smith"), list.stdout)
    }
}
