import Foundation
import XCTest
@testable import WardStore

/// `cotside report discharge`: the admitted patient by bed (the stay so far), any patient by
/// hospital number (discharged ones too, the latest admission); bad input exits 2 with what is
/// wrong and what is allowed, and leaves no file.
final class ReportDischargeCLITests: WardStoreTestCase {
    var file: String { folder.appendingPathComponent("discharge.txt").path }

    override func setUp() async throws {
        try await super.setUp()
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3", by: nurse.id)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: noon.addingTimeInterval(-7200),
                                                            kind: .weight, value: 2040), by: nurse.id)
        let gone = try await admit(bed: "5", given: "Bo", hospitalNumber: "H500", by: nurse.id)
        _ = try await store.discharge(patientId: gone.id, at: noon.addingTimeInterval(-3600), by: nurse.id)
    }

    func testTheAdmittedPatientByBedGetsTheStaySoFar() throws {
        let outcome = try runCotside(["report", "discharge", "--bed", "3", "--by", "AB"], environment: ["LANG": "C.UTF-8", "LC_ALL": ""])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Discharge summary"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Bed 3 · Ava Smith · H100 · DOB 2026-03-08"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Not yet discharged: this is the stay so far"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("2.040 kg"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "fits 80 columns")
    }

    func testADischargedPatientIsFoundByHospitalNumberIntoAFile() throws {
        let outcome = try runCotside(["report", "discharge", "--hospital-number", "h500", "--by", "AB", "--format", "html", "--out", file])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let html = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(html.contains("Bo Smith"), html)
        XCTAssertTrue(html.contains("discharged 2026-03-10 11:00"), "in ward time (London = UTC in March)")
        XCTAssertFalse(html.contains("Not yet discharged"))
    }

    func testBadInputExits2WithWhatIsWrongAndLeavesNoFile() throws {
        let cases: [([String], String)] = [
            ([], "name the patient: --bed B for an admitted patient, or --hospital-number H"),
            (["--bed", "3", "--hospital-number", "H100"], "--bed and --hospital-number: give one of them, not both"),
            (["--bed", "5"], "--bed 5: no patient is admitted in that bed; admitted beds: 3; a discharged patient is found by --hospital-number"),
            (["--hospital-number", "H999"], "--hospital-number H999: no patient, admitted or discharged, has this hospital number"),
            (["--bed", "3", "--format", "doc"], "--format doc: not a format; use text, html or pdf"),
            (["--bed", "3", "--paper", "a3"], "--paper a3: not a paper size; use a4 or letter"),
            (["--bed", "3", "--by", "ZZ"], "--by ZZ: no active staff member has these initials"),
            (["--bed", "3", "--by", ""], "--by: name the staff member making the report"),
            (["--bed", "3", "--out", folder.appendingPathComponent("missing/d.txt").path], "does not exist; give a path in an existing folder"),
        ]
        for (arguments, message) in cases {
            let by = arguments.contains("--by") ? [] : ["--by", "AB"]
            let out = arguments.contains("--out") ? [] : ["--out", file]
            let outcome = try runCotside(["report", "discharge"] + out + by + arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(arguments) left a file")
        }
        let pdf = try runCotside(["report", "discharge", "--bed", "3", "--by", "AB", "--format", "pdf"])
        XCTAssertEqual(pdf.status, 2)
        XCTAssertTrue(pdf.stderr.contains("a PDF is not written to the terminal; name a file with --out"), pdf.stderr)

        try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
        let again = try runCotside(["report", "discharge", "--bed", "3", "--by", "AB", "--out", file])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; choose another name or use --force to replace it"), again.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep me")
    }
}
