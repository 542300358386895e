import XCTest
@testable import Clinical

/// Schwartz GJ et al., "New equations to estimate GFR in children with CKD", J Am Soc Nephrol
/// 2009;20:629-637: eGFR = 0.413 × height (cm) / serum creatinine (mg/dL); 88.4 µmol/L per mg/dL.
final class GfrToolTests: ClinicalTestCase {
    func testWorkedExamples() {
        XCTAssertEqual(number(GfrTool.self, ["height_cm": n(100), "creatinine_mg_dl": n(0.5)], "egfr_ml_min_1_73m2"), 82.6, accuracy: 1e-9)
        XCTAssertEqual(number(GfrTool.self, ["height_cm": n(140), "creatinine_mg_dl": n(1.0)], "egfr_ml_min_1_73m2"), 57.82, accuracy: 1e-9)
        XCTAssertEqual(number(GfrTool.self, ["height_cm": n(100), "creatinine_umol_l": n(44.2)], "egfr_ml_min_1_73m2"), 82.6, accuracy: 1e-9)
    }

    func testOneCreatinineOnly() {
        XCTAssertEqual(errorFields(GfrTool.self, ["height_cm": n(100), "creatinine_mg_dl": n(0.5), "creatinine_umol_l": n(44.2)]), ["creatinine_umol_l"])
        XCTAssertEqual(errorFields(GfrTool.self, ["height_cm": n(100)]), ["creatinine_mg_dl"])
    }

    func testRanges() {
        assertRangeEdges(GfrTool.self, base: ["height_cm": n(100)], key: "creatinine_mg_dl", low: 0.01, high: 50, step: 0.001)
        assertRangeEdges(GfrTool.self, base: ["creatinine_mg_dl": n(1)], key: "height_cm", low: 10, high: 250)
    }

    func testApplicabilityNamesTheAssay() {
        XCTAssertTrue(GfrTool.spec.applicability.joined().contains("IDMS"))
    }
}
