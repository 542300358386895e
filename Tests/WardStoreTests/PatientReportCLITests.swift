import Foundation
import XCTest
@testable import WardStore

/// `cotside report patient`: a patient's week (by bed, or by hospital number for a discharged
/// patient) to standard output or a file, with the handover's options and checks; bad input exits
/// 2 with what is wrong and what is allowed, and leaves no file.
final class PatientReportCLITests: WardStoreTestCase {
    var patient: Patient!

    override func setUp() async throws {
        try await super.setUp()
        let nurse = try await addNurse("AB")
        patient = try await admit(bed: "3")
        for (hoursAgo, kind) in [(38.0, NappyKind.wet), (20, .mixed), (2, .dirty)] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-hoursAgo * 3600),
                                                                kind: kind, notes: "café au lait"), by: nurse.id)
        }
    }

    var file: String { folder.appendingPathComponent("patient.txt").path }

    func testThePatientsWeekGoesToStandardOutputWithThePatientOnEveryPage() throws {
        let outcome = try runCotside(["report", "patient", "--bed", "3", "--by", "AB"], environment: ["LANG": "C.UTF-8", "LC_ALL": ""])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let text = outcome.stdout
        XCTAssertTrue(text.contains("Patient report"), text)
        XCTAssertTrue(text.contains("Period: 2026-03-03 12:00 to 2026-03-10 12:00"), "the last 7 days: \(text)")
        XCTAssertEqual(text.components(separatedBy: "Patient: Bed 3 · Ava Smith · H100 · DOB").count - 1, 5, "every section names the patient")
        XCTAssertTrue(text.contains("Made: 2026-03-10 12:00 GMT by"), text)
        XCTAssertTrue(text.contains("Software: Cotside "), text)
        XCTAssertTrue(text.contains("Total"), "the per-day table: \(text)")
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "fits 80 columns")
    }

    /// The PDF's standard fonts have no Chinese: the file is written, and the command says which
    /// letters print as "?" and that HTML shows them (issue 18: say so and offer HTML).
    func testAPDFOfANameTheStandardFontsLackSaysSoAndOffersHTML() async throws {
        _ = try await admit(bed: "5", given: "小明", hospitalNumber: "H500")
        let pdf = folder.appendingPathComponent("xiaoming.pdf").path
        let outcome = try runCotside(["report", "patient", "--bed", "5", "--by", "AB", "--format", "pdf", "--out", pdf])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf))
        XCTAssertTrue(outcome.stderr.contains("the PDF's standard fonts cannot show 小明 (printed as ?); --format html shows every script"),
                      outcome.stderr)
        let latin = try runCotside(["report", "patient", "--bed", "3", "--by", "AB", "--format", "pdf",
                                    "--out", folder.appendingPathComponent("ava.pdf").path])
        XCTAssertFalse(latin.stderr.contains("cannot show"), "café and Ava print as written: \(latin.stderr)")
    }

    /// A dose overdue at the end of the period is said so: adherence counts decided doses only,
    /// and the report said "no dose was due" for a drug whose dose was overdue (new-user trial).
    func testAnOverdueDoseIsNotReportedAsNothingDue() async throws {
        _ = try await addMedication(patient: patient, name: "caffeine citrate", schedule: .fixedTimes(times("10:00")),
                                    startsAt: noon.addingTimeInterval(-3 * 3600))
        let outcome = try runCotside(["report", "patient", "--bed", "3", "--by", "AB"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        // The table wraps the cell over three lines.
        XCTAssertFalse(outcome.stdout.contains("no dose was"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("no dose recorded yet; 1"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("overdue at the end of the"), outcome.stdout)
    }

    func testFromAndToNarrowThePeriodAndTheDayTableCountsWhatWasCharted() throws {
        let outcome = try runCotside(["report", "patient", "--bed", "3", "--by", "AB", "--from", "2026-03-09 00:00", "--to", "11:00"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Period: 2026-03-09 00:00 to 2026-03-10 11:00"), outcome.stdout)
        // 38 h ago is before the period; the mixed nappy (20 h ago) counts as wet and dirty, the dirty one (2 h ago) as dirty.
        let totals = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  Total") }.map(String.init) ?? ""
        XCTAssertEqual(totals.split(separator: " ").prefix(4).map(String.init), ["Total", "35.0", "1", "2"], outcome.stdout)
    }

    func testADischargedPatientIsFoundByHospitalNumberAndTheirWeekEndsAtTheDischarge() async throws {
        _ = try await store.discharge(patientId: patient.id, at: noon.addingTimeInterval(-3600), by: nil)
        let byBed = try runCotside(["report", "patient", "--bed", "3", "--by", "AB"])
        XCTAssertEqual(byBed.status, 2)
        XCTAssertTrue(byBed.stderr.contains("--bed 3: no patient is admitted in that bed"), byBed.stderr)
        let outcome = try runCotside(["report", "patient", "--hospital-number", "h100", "--by", "AB"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Period: 2026-03-03 11:00 to 2026-03-10 11:00"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Discharged"), outcome.stdout)
    }

    func testPDFAndHTMLFilesAreWritten0600AndNeverOverAnotherWithoutForce() throws {
        let pdf = folder.appendingPathComponent("p.pdf").path
        let first = try runCotside(["report", "patient", "--bed", "3", "--by", "AB", "--format", "pdf", "--out", pdf])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: pdf)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: pdf)).starts(with: Data("%PDF-".utf8)))
        let again = try runCotside(["report", "patient", "--bed", "3", "--by", "AB", "--format", "pdf", "--out", pdf])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; choose another name or use --force to replace it"), again.stderr)
        let html = folder.appendingPathComponent("p.html").path
        let page = try runCotside(["report", "patient", "--bed", "3", "--by", "AB", "--format", "html", "--out", html, "--paper", "letter"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains("Patient report"))
    }

    func testBadInputExits2WithWhatIsWrongAndLeavesNoFile() throws {
        let cases: [([String], String)] = [
            (["--bed", "9"], "--bed 9: no patient is admitted in that bed; admitted beds: 3"),
            (["--hospital-number", "X9"], "--hospital-number X9: no patient, admitted or discharged, has this hospital number"),
            (["--bed", "3", "--hospital-number", "H100"], "--bed and --hospital-number: give one of them, not both"),
            ([], "name the patient: --bed B for an admitted patient, or --hospital-number H (discharged patients too)"),
            (["--hospital-number", " "], "--hospital-number needs a hospital number"),
            (["--bed", "3", "--from", "11:00", "--to", "10:00"], "--from 11:00 is after --to 10:00; the start must be at or before the end"),
            (["--bed", "3", "--from", "soon"], "--from: "),
            (["--bed", "3", "--format", "doc"], "--format doc: not a format; use text, html or pdf"),
            (["--bed", "3", "--paper", "a3"], "--paper a3: not a paper size; use a4 or letter"),
            (["--bed", "3", "--out", folder.appendingPathComponent("missing/p.txt").path], "does not exist; give a path in an existing folder"),
            (["--bed", "3", "--by", "ZZ"], "--by ZZ: no active staff member has these initials"),
            (["--bed", "3", "--by", ""], "--by: name the staff member making the report"),
        ]
        for (arguments, message) in cases {
            let by = arguments.contains("--by") ? [] : ["--by", "AB"]
            let out = arguments.contains("--out") ? [] : ["--out", file]
            let outcome = try runCotside(["report", "patient"] + out + by + arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(arguments) left a file")
        }
    }

    func testTheHandoverStillChecksItsOptionsTheSameWay() throws {
        let outcome = try runCotside(["report", "handover", "--by", "AB", "--format", "pdf"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.contains("--format pdf: a PDF is not written to the terminal; name a file with --out"), outcome.stderr)
    }
}
