import XCTest
import Foundation
@testable import Clinical

/// The iGFAP LVO model exactly as given in the calculator contract (seed 002):
/// g = ((GFAP+1)^λ − 1)/λ, λ = −0.825559; f = (FAST-ED − 3.701422)/2.306173;
/// logit = −0.408314 − 0.826450·g + 1.651521·f; calibrated = 1.117420·logit − 1.032167.
final class LvoToolTests: ClinicalTestCase {
    /// The contract's model, written out step by step from the contract text.
    func reference(gfap: Double, fastEd: Double) -> (p: Double, g: Double, f: Double) {
        let lambda = -0.825559
        let g = (pow(gfap + 1, lambda) - 1) / lambda
        let f = (fastEd - 3.701422) / 2.306173
        let logit = -0.408314 + -0.826450 * g + 1.651521 * f
        let calibrated = 1.117420 * logit + -1.032167
        return (1 / (1 + exp(-calibrated)), -0.826450 * g, 1.651521 * f)
    }

    func testMatchesTheContractModel() {
        for (gfap, fast) in [(29.0, 0.0), (100, 3), (500, 5), (10001, 9), (0.1, 4), (100_000, 2)] {
            let r = result(LvoTool.self, ["gfap_pg_ml": n(gfap), "fast_ed": n(fast)])!
            let expected = reference(gfap: gfap, fastEd: fast)
            XCTAssertEqual(r.number("probability")!, expected.p, accuracy: 1e-12)
            XCTAssertEqual(r.number("gfap_contribution")!, expected.g, accuracy: 1e-12)
            XCTAssertEqual(r.number("fast_ed_contribution")!, expected.f, accuracy: 1e-12)
            XCTAssertEqual(r.bool("above_threshold"), expected.p >= 1.0 / 3.0)
        }
    }

    func testKnownPoints() {
        // FAST-ED equal to its mean contributes nothing; GFAP's term is always negative.
        XCTAssertEqual(LvoTool.terms(gfap: 100, fastEd: 3.701422).fastEdContribution, 0, accuracy: 1e-12)
        XCTAssertLessThan(LvoTool.terms(gfap: 100, fastEd: 3).gfapContribution, 0)
        // FAST-ED 0 and 9 at GFAP 100, evaluated by hand (Python, math module) from the contract:
        // 0.0038947 and 0.8399349.
        XCTAssertEqual(number(LvoTool.self, ["gfap_pg_ml": n(100), "fast_ed": n(0)], "probability"), 0.0038947, accuracy: 1e-6)
        XCTAssertEqual(number(LvoTool.self, ["gfap_pg_ml": n(100), "fast_ed": n(9)], "probability"), 0.8399349, accuracy: 1e-6)
    }

    func testProbabilityIncreasesWithFastEd() {
        for gfap in [0.1, 29, 300, 5000, 100_000] {
            var previous = -1.0
            for score in 0...9 {
                let p = LvoTool.terms(gfap: gfap, fastEd: Double(score)).probability
                XCTAssertGreaterThan(p, previous, "GFAP \(gfap), FAST-ED \(score)")
                XCTAssertTrue((0...1).contains(p))
                previous = p
            }
        }
    }

    func testGfapBarelyMovesTheResultAsPublished() {
        let low = LvoTool.terms(gfap: 29, fastEd: 4).probability
        let high = LvoTool.terms(gfap: 10001, fastEd: 4).probability
        XCTAssertLessThan(abs(low - high), 0.02)
        XCTAssertTrue(LvoTool.spec.limitations.contains("mean 0, SD 1"))
        XCTAssertTrue(LvoTool.spec.limitations.contains("Research use only"))
    }

    func testRangesAndWarnings() {
        assertRangeEdges(LvoTool.self, base: ["fast_ed": n(3)], key: "gfap_pg_ml", low: 0.1, high: 100_000)
        XCTAssertEqual(errorFields(LvoTool.self, ["gfap_pg_ml": n(100), "fast_ed": n(10)]), ["fast_ed"])
        XCTAssertEqual(errorFields(LvoTool.self, ["gfap_pg_ml": n(100), "fast_ed": n(2.5)]), ["fast_ed"])
        XCTAssertEqual(result(LvoTool.self, ["gfap_pg_ml": n(20), "fast_ed": n(3)])?.warnings.count, 1)
    }
}
