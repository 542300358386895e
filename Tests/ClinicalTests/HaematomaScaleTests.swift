import XCTest
@testable import Clinical

/// The brain picture's scaling rule: area share = (V / 1,200 mL)^(2/3), monotone, capped.
final class HaematomaScaleTests: XCTestCase {
    func testShareIsTheTwoThirdsPowerOfTheVolumeAgainstAnAdultBrain() {
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 10), 0.0411, accuracy: 0.0001)
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 30), 0.0855, accuracy: 0.0001)
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 100), 0.1908, accuracy: 0.0001)
        // Eight times the volume, four times the area.
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 80) / HaematomaScale.areaFraction(volumeMl: 10), 4, accuracy: 1e-9)
    }

    func testMonotoneZeroForNoBleedAndCappedAtOneHemisphere() {
        let shares = stride(from: 0.0, through: 2000, by: 5).map { HaematomaScale.areaFraction(volumeMl: $0) }
        XCTAssertEqual(shares, shares.sorted())
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 0), 0)
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: -3), 0)
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: .nan), 0)
        XCTAssertEqual(HaematomaScale.areaFraction(volumeMl: 5000), HaematomaScale.largestFraction)
    }

    func testEveryBleedGetsAtLeastOneCell() {
        XCTAssertEqual(HaematomaScale.cells(volumeMl: 0.01, sliceCells: 160), 1)
        XCTAssertEqual(HaematomaScale.cells(volumeMl: 0, sliceCells: 160), 0)
        XCTAssertEqual(HaematomaScale.cells(volumeMl: 30, sliceCells: 160), 14)  // 0.0855 × 160 = 13.7
    }
}
