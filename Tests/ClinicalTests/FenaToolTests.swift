import XCTest
@testable import Clinical

/// Espinel CH, "The FENa test", JAMA 1976;236(6):579-581: FENa = (UNa × PCr)/(PNa × UCr) × 100;
/// < 1 % prerenal, > 2 % intrinsic renal (1–2 % indeterminate, both edges included).
final class FenaToolTests: ClinicalTestCase {
    func raw(_ una: Double, _ pna: Double, _ ucr: Double, _ pcr: Double) -> [String: RawValue] {
        ["urine_na": n(una), "plasma_na": n(pna), "urine_cr": n(ucr), "plasma_cr": n(pcr)]
    }

    func testWorkedExamples() {
        // UNa 20, PNa 140, UCr 100, PCr 2 → 0.2857 % (prerenal).
        XCTAssertEqual(number(FenaTool.self, raw(20, 140, 100, 2), "fena_percent"), 40.0 / 140, accuracy: 1e-12)
        XCTAssertEqual(word(FenaTool.self, raw(20, 140, 100, 2), "interpretation"), "prerenal")
        // UNa 60, PNa 135, UCr 30, PCr 3 → 4.44 % (intrinsic renal).
        XCTAssertEqual(number(FenaTool.self, raw(60, 135, 30, 3), "fena_percent"), 4.444444444444445, accuracy: 1e-12)
        XCTAssertEqual(word(FenaTool.self, raw(60, 135, 30, 3), "interpretation"), "intrinsic_renal")
    }

    func testBoundaries() {
        XCTAssertEqual(word(FenaTool.self, raw(100, 100, 100, 1), "interpretation"), "indeterminate")   // exactly 1
        XCTAssertEqual(word(FenaTool.self, raw(99.9, 100, 100, 1), "interpretation"), "prerenal")
        XCTAssertEqual(word(FenaTool.self, raw(100, 100, 100, 2), "interpretation"), "indeterminate")   // exactly 2
        XCTAssertEqual(word(FenaTool.self, raw(100.1, 100, 100, 2), "interpretation"), "intrinsic_renal")
    }

    func testRanges() {
        let base = raw(20, 140, 100, 2)
        assertRangeEdges(FenaTool.self, base: base, key: "urine_na", low: 0.1, high: 500)
        assertRangeEdges(FenaTool.self, base: base, key: "plasma_na", low: 80, high: 200)
        assertRangeEdges(FenaTool.self, base: base, key: "urine_cr", low: 0.01, high: 1000, step: 0.001)
        assertRangeEdges(FenaTool.self, base: base, key: "plasma_cr", low: 0.01, high: 1000, step: 0.001)
    }
}
