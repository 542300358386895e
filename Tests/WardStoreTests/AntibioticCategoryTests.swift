import Foundation
import XCTest
@testable import WardStore

/// Antibiotics are a category of their own, which the effectiveness heuristic declines to judge
/// in words (unlike `other`, about which it has nothing to say).
final class AntibioticCategoryTests: WardStoreTestCase {
    func testTheHeuristicNeverJudgesAnAntibioticAndSaysWhy() {
        let series = (0..<40).map { TimedValue(at: noon.addingTimeInterval(Double(-$0) * 3600), value: 38 - Double($0) * 0.01) }
        let doses = (0..<20).map { noon.addingTimeInterval(Double(-$0) * 6 * 3600) }
        XCTAssertNil(Effectiveness.evaluate(category: .antibiotic, doses: doses, series: series, adherence: 1, mode: .aggressive, now: noon))
        XCTAssertNil(Effectiveness.profile(for: .antibiotic))
        XCTAssertEqual(Effectiveness.notJudged(.antibiotic),
                       "antibiotics are not judged: their effect shows in cultures, blood markers and the clinical course, "
                       + "not in the charted observations")
        XCTAssertNil(Effectiveness.notJudged(.other))
        XCTAssertNil(Effectiveness.notJudged(.antipyretic))
    }

    func testAnAntibioticIsStoredAndListedUnjudged() async throws {
        let patient = try await admit()
        let med = try await addMedication(patient: patient, name: "cefotaxime", schedule: .everyHours(12), category: .antibiotic)
        XCTAssertEqual(med.category, .antibiotic)
        let list = try await store.medicationList(patientId: patient.id, now: noon, timeZone: london)
        XCTAssertNil(list.rows.first?.effectiveness)
    }
}
