import XCTest
@testable import Clinical

/// `NumberText.rounded` writes the digits straight from the scaled integer (the batch hot
/// path); it must print exactly what the general definition prints: the shortest round-trip
/// text of (value × 10^d).rounded() / 10^d, as `plain` formats it.
final class NumberTextTests: XCTestCase {
    func reference(_ value: Double, digits: Int) -> String {
        let factor = pow(10.0, Double(digits))
        return NumberText.plain((value * factor).rounded() / factor)
    }

    func testRoundedExamples() {
        XCTAssertEqual(NumberText.rounded(8.4321, digits: 2), "8.43")
        XCTAssertEqual(NumberText.rounded(24.001, digits: 2), "24")
        XCTAssertEqual(NumberText.rounded(0.5, digits: 1), "0.5")
        XCTAssertEqual(NumberText.rounded(-1.6587406394777273, digits: 2), "-1.66")
        XCTAssertEqual(NumberText.rounded(99.28636958300696, digits: 1), "99.3")
        XCTAssertEqual(NumberText.rounded(-0.004, digits: 2), "0")
        XCTAssertEqual(NumberText.rounded(0.05, digits: 2), "0.05")
        XCTAssertEqual(NumberText.rounded(-0.0501, digits: 3), "-0.05")
        XCTAssertEqual(NumberText.rounded(1234567.891, digits: 4), "1234567.891")
    }

    func testRoundedMatchesTheShortestRoundTripText() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        for _ in 0..<200_000 {
            let magnitude = Double(Int(next() % 30) - 12)           // 1e-12 ... 1e17
            let unit = Double(next() % 1_000_000) / 1_000_000
            let value = (next() & 1 == 0 ? 1 : -1) * unit * pow(10, magnitude)
            let digits = Int(next() % 6)
            XCTAssertEqual(NumberText.rounded(value, digits: digits), reference(value, digits: digits), "\(value) to \(digits)")
        }
        for special in [Double.nan, .infinity, -.infinity, 0, -0.0, 1e15, -1e15, 999_999_999_999.99] {
            for digits in 0...4 {
                XCTAssertEqual(NumberText.rounded(special, digits: digits), reference(special, digits: digits))
            }
        }
    }
}
