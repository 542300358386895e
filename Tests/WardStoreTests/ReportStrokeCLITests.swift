import Foundation
import XCTest
@testable import WardStore

/// `cotside report stroke --id N`: one stored stroke assessment to standard output or a file
/// (0600, never over one without --force); an id that is no stroke assessment — unknown, or a
/// saved calculator result's — and every other bad option exits 2 with what is wrong and what
/// is allowed, and leaves no file.
final class ReportStrokeCLITests: WardStoreTestCase {
    /// One stroke assessment (id 1, under bed 3, at München) and three calculator results (ids 1–3).
    override func setUp() async throws {
        try await super.setUp()
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        _ = try await store.saveStrokeAssessment(StrokeAssessmentDraft(
            patientId: patient.id, module: "full",
            inputsJSON: #"{"age_years":71,"diastolic_mmhg":95,"fast_ed":6,"gfap_pg_ml":340,"headache":true,"near":"München","systolic_mmhg":165}"#,
            resultJSON: #"{"volume_ml":14.68,"severity":"moderate","mortality_range":"10-19%","lvo_probability":0.319,"#
                + #""lvo_above_threshold":false,"lvo_gfap_contribution":-0.993,"lvo_fast_ed_contribution":1.646,"lvo_logit":0.245,"#
                + #""lvo_risk_band":"medium","ich_probability":"not_available_offline","suggested_capability":"thrombolysis","warnings":[]}"#,
            summary: "ICH 14.7 mL moderate · LVO 32 % medium risk · needs thrombolysis"), by: nurse.id)
        for _ in 0..<3 {
            _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: patient.id, toolId: "bsa", inputsJSON: "{}",
                                                                           resultJSON: "{}", summary: "bsa", reviewed: true), by: nil)
        }
    }

    var file: String { folder.appendingPathComponent("stroke.pdf").path }

    func testTheAssessmentGoesToStandardOutputInWords() throws {
        let outcome = try runCotside(["report", "stroke", "--id", "1", "--by", "AB"], environment: ["LANG": "C.UTF-8", "LC_ALL": ""])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for expected in ["Stroke assessment report", "Patient: Bed 3 · Ava Smith · H100 · DOB 2026-03-08", "stored assessment #1",
                         "Made: 2026-03-10 12:00 GMT by Nurse AB (AB), nurse", "Age                  71 years",
                         "ICH volume (from GFAP)  14.7 mL, moderate", "32 %, medium risk", "** For research use only.",
                         "Nearest to München with the suggested capability", "Klinikum rechts der"] {
            XCTAssertTrue(outcome.stdout.contains(expected), "\(expected) in:\n\(outcome.stdout)")
        }
        XCTAssertFalse(outcome.stdout.contains("age_years"), "inputs in words, not JSON keys")
        XCTAssertTrue(outcome.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "fits 80 columns")
    }

    func testAPDFIsWritten0600AndNeverOverAnotherWithoutForce() throws {
        let first = try runCotside(["report", "stroke", "--id", "1", "--by", "AB", "--format", "pdf", "--out", file])
        XCTAssertEqual(first.status, 0, first.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)).prefix(5), as: UTF8.self), "%PDF-")
        let again = try runCotside(["report", "stroke", "--id", "1", "--by", "AB", "--format", "pdf", "--out", file])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; choose another name or use --force to replace it"), again.stderr)
    }

    func testBadInputExits2WithWhatIsWrongAndLeavesNoFile() throws {
        let cases: [([String], String)] = [
            (["--id", "2"], "--id 2 is a saved calculator result (bsa), not a stroke assessment; "
                + "`cotside stroke export` lists the stroke assessments with their ids"),
            (["--id", "9"], "--id 9: no stroke assessment has this id; stored assessments: 1"),
            (["--format", "doc"], "--format doc: not a format; use text, html or pdf"),
            (["--paper", "a3"], "--paper a3: not a paper size; use a4 or letter"),
            (["--out", folder.appendingPathComponent("missing/stroke.pdf").path], "does not exist; give a path in an existing folder"),
            (["--by", "ZZ"], "--by ZZ: no active staff member has these initials"),
            (["--by", ""], "--by: name the staff member making the report"),
            (["--id", "x"], "The value 'x' is invalid for '--id <id>'"),
        ]
        for (arguments, message) in cases {
            let id = arguments.contains("--id") ? [] : ["--id", "1"]
            let by = arguments.contains("--by") ? [] : ["--by", "AB"]
            let out = arguments.contains("--out") ? [] : ["--out", file]
            let outcome = try runCotside(["report", "stroke"] + id + out + by + arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(arguments) left a file")
        }
        let missing = try runCotside(["report", "stroke", "--by", "AB"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Missing expected argument '--id <id>'"), missing.stderr)
    }
}
