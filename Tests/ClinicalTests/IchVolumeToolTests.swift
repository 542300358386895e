import XCTest
import Foundation
@testable import Clinical

/// iGFAP design (seed 002) and the calculator contract: log10 V = 0.0192 + 0.4533 · log10 GFAP.
/// The contract's recomputed values: 100 → 8.43, 500 → 17.48, 1000 → 23.94, 5000 → 49.65 mL
/// (the design's own table, 11.2/24.8/35.1/77.9, does not follow its formula).
/// Severity < 10 small, 10–<20 moderate, 20–<30 large, ≥ 30 critical; mortality bands from
/// Broderick JP et al., Stroke 1993;24:987-993 as banded in the design.
final class IchVolumeToolTests: ClinicalTestCase {
    func volume(_ gfap: Double) -> Double { number(IchVolumeTool.self, ["gfap_pg_ml": n(gfap)], "volume_ml") }

    func testContractValues() {
        XCTAssertEqual(volume(100), 8.43, accuracy: 0.005)
        XCTAssertEqual(volume(500), 17.48, accuracy: 0.005)
        XCTAssertEqual(volume(1000), 23.94, accuracy: 0.005)
        XCTAssertEqual(volume(5000), 49.65, accuracy: 0.005)
        XCTAssertEqual(word(IchVolumeTool.self, ["gfap_pg_ml": n(5000)], "mortality_range"), "19-44%")
        XCTAssertEqual(word(IchVolumeTool.self, ["gfap_pg_ml": n(1000)], "severity"), "large")
    }

    /// GFAP that gives exactly `volume` mL, from inverting the published formula.
    func gfap(forVolume v: Double) -> Double { pow(10, (log10(v) - 0.0192) / 0.4533) }

    func testSeverityBandEdges() {
        let edges: [(Double, String, String)] = [(10, "small", "moderate"), (20, "moderate", "large"), (30, "large", "critical")]
        for (edge, below, atOrAbove) in edges {
            XCTAssertEqual(word(IchVolumeTool.self, ["gfap_pg_ml": n(gfap(forVolume: edge) * 0.999)], "severity"), below)
            XCTAssertEqual(word(IchVolumeTool.self, ["gfap_pg_ml": n(gfap(forVolume: edge) * 1.001)], "severity"), atOrAbove)
            XCTAssertEqual(IchVolumeTool.severity(edge).word, atOrAbove, "lower edge included")
        }
    }

    func testMortalityBandEdges() {
        let bands: [(Double, String)] = [(9.99, "5-10%"), (10, "10-19%"), (29.99, "10-19%"), (30, "19-44%"),
                                          (49.99, "19-44%"), (50, "44-91%"), (59.99, "44-91%"), (60, "91-100%")]
        for (v, word) in bands { XCTAssertEqual(IchVolumeTool.mortality(v).word, word, "\(v) mL") }
        XCTAssertEqual(word(IchVolumeTool.self, ["gfap_pg_ml": n(gfap(forVolume: 60) * 1.001)], "mortality_range"), "91-100%")
    }

    func testWarningsOutsideTheModelRange() {
        XCTAssertEqual(result(IchVolumeTool.self, ["gfap_pg_ml": n(29)])?.warnings, [])
        XCTAssertEqual(result(IchVolumeTool.self, ["gfap_pg_ml": n(10001)])?.warnings, [])
        XCTAssertEqual(result(IchVolumeTool.self, ["gfap_pg_ml": n(28.9)])?.warnings.count, 1)
        XCTAssertEqual(result(IchVolumeTool.self, ["gfap_pg_ml": n(10002)])?.warnings.count, 1)
        assertRangeEdges(IchVolumeTool.self, base: [:], key: "gfap_pg_ml", low: 0.1, high: 100_000)
    }
}
