import XCTest
@testable import Clinical

/// Mosteller RD, "Simplified calculation of body-surface area", N Engl J Med 1987;317:1098:
/// BSA (m²) = √(height cm × weight kg / 3600). 180 cm, 80 kg gives exactly 2 m².
final class BsaToolTests: ClinicalTestCase {
    func bsa(_ cm: Double, _ kg: Double) -> Double {
        number(BsaTool.self, ["height_cm": n(cm), "weight_kg": n(kg)], "bsa_m2")
    }

    func testWorkedExamples() {
        XCTAssertEqual(bsa(180, 80), 2.0, accuracy: 1e-15)
        XCTAssertEqual(bsa(60, 6), 0.31622776601683794, accuracy: 1e-15) // √0.1
        // The contract's example call; √(110·19/3600) = 0.76194… (the contract prints 0.7601…,
        // which no BSA formula gives for these inputs; the formula stands).
        XCTAssertEqual(bsa(110, 19), 0.7619419633774974, accuracy: 1e-15)
    }

    func testMonotonicInWeightAndHeight() {
        var previous = 0.0
        for tenth in 1...3000 {
            let value = BsaTool.bsa(heightCm: 110, weightKg: Double(tenth) / 10)
            XCTAssertGreaterThan(value, previous)
            previous = value
        }
        XCTAssertGreaterThan(bsa(111, 19), bsa(110, 19))
    }

    func testRanges() {
        assertRangeEdges(BsaTool.self, base: ["weight_kg": n(19)], key: "height_cm", low: 10, high: 250)
        assertRangeEdges(BsaTool.self, base: ["height_cm": n(110)], key: "weight_kg", low: 0.1, high: 300)
        XCTAssertEqual(errorFields(BsaTool.self, ["height_cm": s("110"), "weight_kg": n(19)]), ["height_cm"])
        XCTAssertEqual(errorFields(BsaTool.self, ["height_cm": n(110)]), ["weight_kg"])
    }
}
