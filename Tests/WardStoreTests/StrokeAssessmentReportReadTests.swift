import Foundation
import XCTest
@testable import WardStore

/// The stroke report's read: one stored assessment with its patient, author, ward name and the
/// ward's referral list; an id no live assessment has says whether a calculator result has it,
/// else which assessments are stored (an undone one is not).
final class StrokeAssessmentReportReadTests: WardStoreTestCase {
    func draft(patientId: Int64?) -> StrokeAssessmentDraft {
        StrokeAssessmentDraft(patientId: patientId, module: "coma", inputsJSON: #"{"gfap_pg_ml":1000}"#,
                              resultJSON: #"{"volume_ml":23.9,"severity":"large"}"#, summary: "ICH 23.9 mL large")
    }

    func testAnAssessmentComesWithItsPatientAuthorWardAndReferralList() async throws {
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        _ = try await store.importStrokeCentres([StoredStrokeCentre(
            name: "Ward Hospital", type: "regional_stroke_unit", address: nil, city: "Leeds", postcode: nil, region: nil, country: nil,
            latitude: 53.8, longitude: -1.55, phone: nil, emergencyPhone: nil, neurosurgery: false, thrombectomy: false,
            thrombolysis: true, beds: nil, network: nil, sourceId: nil)], mode: .replace, by: nurse.id)
        let saved = try await store.saveStrokeAssessment(draft(patientId: patient.id), by: nurse.id).record
        guard case .found(let read) = try await store.strokeAssessmentReport(id: saved.id) else { return XCTFail("not found") }
        XCTAssertEqual(read.assessment, saved)
        XCTAssertEqual(read.patient?.id, patient.id)
        XCTAssertEqual(read.assessedBy?.initials, "AB")
        let wardName = try await store.settings().wardName
        XCTAssertEqual(read.wardName, wardName)
        XCTAssertEqual(read.centreMode, .replace)
        XCTAssertEqual(read.importedCentres.map(\.name), ["Ward Hospital"])
    }

    func testAnUnattachedAssessmentBySomeScriptHasNeitherPatientNorAuthor() async throws {
        let saved = try await store.saveStrokeAssessment(draft(patientId: nil), by: nil).record
        guard case .found(let read) = try await store.strokeAssessmentReport(id: saved.id) else { return XCTFail("not found") }
        XCTAssertNil(read.patient)
        XCTAssertNil(read.assessedBy)
    }

    func testAnIdNoLiveAssessmentHasSaysWhatHasIt() async throws {
        let patient = try await admit(bed: "3")
        let first = try await store.saveStrokeAssessment(draft(patientId: patient.id), by: nil)
        let second = try await store.saveStrokeAssessment(draft(patientId: patient.id), by: nil)
        for _ in 0..<3 {
            _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: patient.id, toolId: "bsa", inputsJSON: "{}",
                                                                           resultJSON: "{}", summary: "bsa", reviewed: true), by: nil)
        }
        let calculatorOnly = try await store.strokeAssessmentReport(id: 3)
        XCTAssertEqual(calculatorOnly, .calculatorResult(id: 3, toolId: "bsa"))
        _ = try await store.undo(auditEntryIds: [first.auditEntryId], by: nil)
        let undone = try await store.strokeAssessmentReport(id: first.record.id)
        XCTAssertEqual(undone, .calculatorResult(id: first.record.id, toolId: "bsa"), "an undone assessment is not reported")
        let unknown = try await store.strokeAssessmentReport(id: 9)
        XCTAssertEqual(unknown, .missing(id: 9, assessmentIds: [second.record.id]))
    }
}
