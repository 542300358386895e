import Foundation
import XCTest
@testable import WardStore

/// `cotside report handover`: the shift since the last shift change to standard output or a file
/// (0600, never over one without --force), ASCII for a locale that is not UTF-8, `--print`
/// through lp; bad input exits 2 with what is wrong and what is allowed, and leaves no file.
final class ReportCLITests: WardStoreTestCase {
    override func setUp() async throws {
        try await super.setUp()
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-3600),
                                                            kind: .wet, notes: "café au lait spot noted"), by: nurse.id)
    }

    var file: String { folder.appendingPathComponent("handover.txt").path }

    func testTheHandoverSinceTheShiftChangeGoesToStandardOutput() throws {
        let outcome = try runCotside(["report", "handover", "--by", "AB"], environment: ["LANG": "C.UTF-8", "LC_ALL": ""])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Shift handover"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("2026-03-10 07:30 to 2026-03-10 12:00"), "since the 07:30 shift change: \(outcome.stdout)")
        XCTAssertTrue(outcome.stdout.contains("Bed 3 · Ava Smith · H100 · DOB 2026-03-08"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("café au lait spot noted"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("No scheduled doses given, withheld or missed in this shift."), outcome.stdout)
        XCTAssertTrue(outcome.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "fits 80 columns")
    }

    /// A clock time names the latest one: at noon, `--since 19:30` is last night's shift change
    /// (it was taken as this evening's and refused as after the end).
    func testASinceClockTimeIsTheLatestOneNotTodaysLater() throws {
        let outcome = try runCotside(["report", "handover", "--by", "AB", "--since", "19:30"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Period: 2026-03-09 19:30 to 2026-03-10 12:00"), outcome.stdout)
        let night = try runCotside(["report", "handover", "--by", "AB", "--since", "19:30", "--until", "07:30"])
        XCTAssertTrue(night.stdout.contains("Period: 2026-03-09 19:30 to 2026-03-10 07:30"), night.stdout + night.stderr)
    }

    func testALocaleThatIsNotUTF8GetsPlainASCII() throws {
        for environment in [["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""], ["LANG": "en_GB.UTF-8", "LC_ALL": "POSIX"],
                            ["LANG": "en_GB.ISO-8859-1", "LC_ALL": ""]] {
            let outcome = try runCotside(["report", "handover", "--by", "AB"], environment: environment)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            XCTAssertTrue(outcome.stdout.utf8.allSatisfy { $0 < 128 }, "\(environment): \(outcome.stdout)")
            XCTAssertTrue(outcome.stdout.contains("cafe au lait spot noted"), outcome.stdout)
        }
    }

    func testAFileIsWritten0600AndNeverOverAnotherWithoutForce() throws {
        let first = try runCotside(["report", "handover", "--by", "AB", "--bed", "3", "--out", file])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("Bed 3: Ava Smith"))

        try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
        let again = try runCotside(["report", "handover", "--by", "AB", "--out", file])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; choose another name or use --force to replace it"), again.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep me")
        let forced = try runCotside(["report", "handover", "--by", "AB", "--out", file, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("Shift handover"))
    }

    func testBadInputExits2WithWhatIsWrongAndLeavesNoFile() throws {
        let cases: [([String], String)] = [
            (["--bed", "9"], "--bed 9: no patient is admitted in that bed; admitted beds: 3"),
            (["--since", "2026-03-10 11:00", "--until", "10:00"], "--since 11:00 is after --until 10:00; the start must be at or before the end"),
            (["--format", "doc"], "--format doc: not a format; use text, html or pdf"),
            (["--paper", "a3"], "--paper a3: not a paper size; use a4 or letter"),
            (["--out", folder.appendingPathComponent("missing/handover.txt").path], "does not exist; give a path in an existing folder"),
            (["--by", "ZZ"], "--by ZZ: no active staff member has these initials"),
            ([], "--by: name the staff member making the report"),
        ]
        for (arguments, message) in cases {
            let by = arguments.contains("--by") ? [] : arguments == [] ? [] : ["--by", "AB"]
            let out = arguments.contains("--out") ? [] : ["--out", file]
            let outcome = try runCotside(["report", "handover"] + out + by + arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(arguments) left a file")
        }
        let unwritable = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: unwritable, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o500])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: unwritable.path) }
        if getuid() != 0 {
            let outcome = try runCotside(["report", "handover", "--by", "AB", "--out", unwritable.appendingPathComponent("h.txt").path])
            XCTAssertEqual(outcome.status, 2, outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("cannot write in"), outcome.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: unwritable.path), [])
        }
    }

    func testPrintSendsTheFileToLpOrSaysCUPSIsNotThereAndWhereTheFileIs() throws {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let noLp = try runCotside(["report", "handover", "--by", "AB", "--out", file, "--print"], environment: ["PATH": bin.path])
        XCTAssertEqual(noLp.status, 1, noLp.stderr)
        XCTAssertTrue(noLp.stderr.contains("--print: CUPS' lp is not installed (not found on PATH), so nothing was printed; "
                                           + "the report was saved to \(file)"), noLp.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))

        // A stand-in lp that records what it was asked to print.
        let log = folder.appendingPathComponent("lp.log").path
        let lp = bin.appendingPathComponent("lp")
        try Data("#!/bin/sh\necho \"$@\" > \(log)\ncat \"$2\" >> \(log)\necho 'request id is Ward-1 (1 file(s))'\n".utf8).write(to: lp)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: lp.path)
        let printed = try runCotside(["report", "handover", "--by", "AB", "--print"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stderr.contains("request id is Ward-1"), printed.stderr)
        let asked = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(asked.hasPrefix("-- /"), asked)
        XCTAssertTrue(asked.contains("Shift handover"), asked)
        // The copy lp read is gone once lp has queued it: no patient data left in the temporary folder.
        let printedFile = String(asked.dropFirst(3).prefix { $0 != "\n" })
        XCTAssertFalse(FileManager.default.fileExists(atPath: printedFile), printedFile)
    }

    /// Without --out and without CUPS: nothing printed, nothing left in the temporary folder (the
    /// trial found dozens of handovers left in /tmp), and the message says how to keep the report.
    func testPrintWithoutOutAndWithoutCUPSLeavesNoCopyBehind() throws {
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let outcome = try runCotside(["report", "handover", "--by", "AB", "--print"],
                                     environment: ["PATH": folder.appendingPathComponent("nobin").path, "TMPDIR": temporary.path])
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("so nothing was printed; name a file with --out to keep the report"), outcome.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }
}
