import XCTest
@testable import Clinical

/// Φ and Φ⁻¹ against standard normal table values (Abramowitz & Stegun, Table 26.1;
/// e.g. Φ(1) = 0.8413447460685429, Φ(1.959963984540054) = 0.975).
final class NormalDistributionTests: XCTestCase {
    func testCdfTableValues() {
        XCTAssertEqual(NormalDistribution.cdf(0), 0.5, accuracy: 1e-15)
        XCTAssertEqual(NormalDistribution.cdf(1), 0.8413447460685429, accuracy: 1e-13)
        XCTAssertEqual(NormalDistribution.cdf(-2), 0.022750131948179195, accuracy: 1e-14)
        XCTAssertEqual(NormalDistribution.cdf(1.959963984540054), 0.975, accuracy: 1e-13)
        XCTAssertEqual(NormalDistribution.cdf(-6), 9.865876450376946e-10, accuracy: 1e-20)
    }

    func testQuantileTableValues() {
        XCTAssertEqual(NormalDistribution.quantile(0.5), 0, accuracy: 1e-14)
        XCTAssertEqual(NormalDistribution.quantile(0.975), 1.959963984540054, accuracy: 1e-12)
        XCTAssertEqual(NormalDistribution.quantile(0.03), -1.880793608151251, accuracy: 1e-12)
        XCTAssertEqual(NormalDistribution.quantile(0.97), 1.880793608151251, accuracy: 1e-12)
        XCTAssertEqual(NormalDistribution.quantile(1e-9), -5.997807015007687, accuracy: 1e-9)
    }

    func testQuantileEdges() {
        XCTAssertEqual(NormalDistribution.quantile(0), -.infinity)
        XCTAssertEqual(NormalDistribution.quantile(1), .infinity)
        XCTAssertTrue(NormalDistribution.quantile(1.5).isNaN)
        XCTAssertTrue(NormalDistribution.quantile(-0.1).isNaN)
    }

    /// Above z ≈ 5.5, p = Φ(z) is within 1e-8 of 1 and a double cannot hold it finely
    /// enough to recover z to 1e-8, so the upper tail is checked only that far.
    func testRoundTripAcrossTheRange() {
        for z in stride(from: -7.0, through: 5.5, by: 0.25) {
            XCTAssertEqual(NormalDistribution.quantile(NormalDistribution.cdf(z)), z, accuracy: 1e-8, "z \(z)")
        }
    }
}
