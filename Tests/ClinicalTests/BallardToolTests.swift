import XCTest
@testable import Clinical

/// Maturity rating of Ballard JL et al., "New Ballard Score, expanded to include extremely
/// premature infants", J Pediatr 1991;119(3):417-423: score −10 = 20 weeks, 0 = 24,
/// 10 = 28, 20 = 32, 30 = 36, 40 = 40, 50 = 44 weeks.
final class BallardToolTests: ClinicalTestCase {
    /// Sets criteria, in declaration order, to reach `total`, starting from every minimum.
    func inputs(total: Int) -> [String: RawValue] {
        var raw: [String: RawValue] = [:]
        var remaining = total
        var mins: [String: Int] = [:], maxs: [String: Int] = [:]
        for key in BallardTool.criteria {
            let values = optionValues(BallardTool.self, key)
            mins[key] = values.min()!
            maxs[key] = values.max()!
            remaining -= values.min()!
        }
        for key in BallardTool.criteria {
            let add = min(remaining, maxs[key]! - mins[key]!)
            raw[key] = n(Double(mins[key]! + add))
            remaining -= add
        }
        XCTAssertEqual(remaining, 0, "total \(total) not reachable")
        return raw
    }

    func testMaturityRatingTable() {
        let table: [(Int, Double)] = [(-10, 20), (-5, 22), (0, 24), (5, 26), (10, 28), (15, 30), (20, 32),
                                       (25, 34), (30, 36), (35, 38), (40, 40), (45, 42), (50, 44)]
        for (score, weeks) in table {
            let r = result(BallardTool.self, inputs(total: score))
            XCTAssertEqual(r?.number("score"), Double(score))
            XCTAssertEqual(r?.number("gestational_age_weeks") ?? 0, weeks, accuracy: 1e-12, "score \(score)")
            XCTAssertEqual(r?.warnings, [], "score \(score)")
        }
    }

    func testScoresBelowMinusTenAreComputedWithAWarning() {
        let r = result(BallardTool.self, inputs(total: -12))
        XCTAssertEqual(r?.number("gestational_age_weeks") ?? 0, 19.2, accuracy: 1e-12)
        XCTAssertEqual(r?.warnings.count, 1)
        XCTAssertEqual(result(BallardTool.self, inputs(total: -11))?.warnings.count, 1)
    }

    func testRangesOfEveryCriterion() {
        let expected: [String: ClosedRange<Int>] = [
            "posture": 0...4, "square_window": -1...4, "arm_recoil": 0...4, "popliteal_angle": -1...5,
            "scarf_sign": -1...4, "heel_to_ear": -1...4, "skin": -1...5, "lanugo": -1...4,
            "plantar_surface": -2...4, "breast": -1...4, "eye_ear": -2...4, "genitals": -1...4,
        ]
        for (key, range) in expected {
            XCTAssertEqual(optionValues(BallardTool.self, key), Array(range), key)
            var raw = inputs(total: 20)
            raw[key] = n(Double(range.upperBound + 1))
            XCTAssertEqual(errorFields(BallardTool.self, raw), [key])
            raw[key] = n(Double(range.lowerBound - 1))
            XCTAssertEqual(errorFields(BallardTool.self, raw), [key])
        }
    }
}
