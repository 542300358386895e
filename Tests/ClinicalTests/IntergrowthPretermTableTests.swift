import XCTest
@testable import Clinical

/// The shipped INTERGROWTH-21st preterm postnatal coefficients against the project's published
/// tables (INTERGROWTH-21st, "Postnatal growth standards for preterm infants", centile and
/// z-score tables by postmenstrual age 27–64 weeks, intergrowth21.tghn.org; the standard is
/// Villar J et al., Lancet Glob Health 2015;3:e681–e691). Weight is tabulated to 0.01 kg and
/// length to 0.1 cm; the centile tables were computed at z = ±1.28, ±1.645, ±1.88 (checked:
/// with those z every weight cell of both sexes, 27–64 weeks, is reproduced exactly).
final class IntergrowthPretermTableTests: XCTestCase {
    var ig: IntergrowthPretermStandard!

    override func setUpWithError() throws {
        ig = try IntergrowthPretermStandard.shared.get()
    }

    /// The z at which the published centile tables were computed (3rd, 5th, 10th, 50th, 90th, 95th, 97th).
    let centileZ = [-1.88, -1.645, -1.28, 0, 1.28, 1.645, 1.88]

    func assertRow(_ indicator: GrowthIndicator, _ sex: ReferenceSex, weeks: Int, zs: [Double], _ published: [Double],
                   tolerance: Double, line: UInt = #line) {
        for (z, value) in zip(zs, published) {
            let ours = ig.value(indicator, sex, postmenstrualDays: weeks * 7, z: z)
            XCTAssertEqual(ours, value, accuracy: tolerance, "\(indicator) \(sex) \(weeks) wk z \(z)", line: line)
            XCTAssertEqual(ig.zScore(indicator, sex, postmenstrualDays: weeks * 7, value: ours), z, accuracy: 1e-9, line: line)
        }
    }

    /// Weight-for-age centile tables (boys and girls), P3 P5 P10 P50 P90 P95 P97 in kg.
    func testWeightCentilesMatchThePublishedTables() {
        let half = 0.005 + 1e-9
        assertRow(.weightForAge, .male, weeks: 27, zs: centileZ, [0.45, 0.48, 0.51, 0.67, 0.88, 0.95, 0.99], tolerance: half)
        assertRow(.weightForAge, .male, weeks: 31, zs: centileZ, [1.00, 1.04, 1.11, 1.39, 1.73, 1.84, 1.92], tolerance: half)
        assertRow(.weightForAge, .male, weeks: 40, zs: centileZ, [2.64, 2.73, 2.87, 3.43, 4.11, 4.32, 4.47], tolerance: half)
        assertRow(.weightForAge, .male, weeks: 52, zs: centileZ, [4.67, 4.82, 5.05, 5.96, 7.03, 7.37, 7.60], tolerance: half)
        assertRow(.weightForAge, .male, weeks: 64, zs: centileZ, [6.12, 6.31, 6.61, 7.79, 9.18, 9.62, 9.91], tolerance: half)
        assertRow(.weightForAge, .female, weeks: 27, zs: centileZ, [0.41, 0.44, 0.47, 0.61, 0.80, 0.86, 0.91], tolerance: half)
        assertRow(.weightForAge, .female, weeks: 31, zs: centileZ, [0.91, 0.95, 1.01, 1.27, 1.58, 1.68, 1.75], tolerance: half)
        assertRow(.weightForAge, .female, weeks: 40, zs: centileZ, [2.41, 2.49, 2.62, 3.13, 3.75, 3.95, 4.08], tolerance: half)
        assertRow(.weightForAge, .female, weeks: 64, zs: centileZ, [5.58, 5.76, 6.03, 7.11, 8.38, 8.78, 9.05], tolerance: half)
    }

    /// Length-for-age: the girls' z-score table (−3…+3 SD, cm) and the boys' centile table.
    func testLengthMatchesThePublishedTables() {
        let zs: [Double] = [-3, -2, -1, 0, 1, 2, 3]
        assertRow(.lengthForAge, .female, weeks: 27, zs: zs, [25.8, 27.6, 29.6, 31.7, 34.0, 36.4, 39.0], tolerance: 0.05 + 1e-9)
        assertRow(.lengthForAge, .female, weeks: 40, zs: zs, [44.2, 45.8, 47.6, 49.3, 51.2, 53.1, 55.1], tolerance: 0.05 + 1e-9)
        assertRow(.lengthForAge, .female, weeks: 64, zs: zs, [58.3, 60.3, 62.5, 64.7, 67.0, 69.4, 71.8], tolerance: 0.05 + 1e-9)
        // The boys' centile table rounds a few cells up by 0.1 cm (e.g. 32 wk P10 38.7 where
        // the equation gives 38.65), so one table unit of tolerance.
        assertRow(.lengthForAge, .male, weeks: 27, zs: centileZ, [28.7, 29.2, 29.9, 32.7, 35.7, 36.7, 37.3], tolerance: 0.1)
        assertRow(.lengthForAge, .male, weeks: 40, zs: centileZ, [47.5, 47.9, 48.6, 50.9, 53.4, 54.1, 54.6], tolerance: 0.1)
        assertRow(.lengthForAge, .male, weeks: 64, zs: centileZ, [62.5, 63.0, 63.8, 66.8, 69.8, 70.7, 71.3], tolerance: 0.1)
    }

    func testCoversTwentySevenToSixtyFourWeeks() {
        XCTAssertEqual(IntergrowthPretermStandard.postmenstrualDays, 189...448)
    }

    func testAMissingFileIsReportedByName() {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-ig-\(UUID().uuidString)")
        XCTAssertThrowsError(try IntergrowthPretermStandard.load(from: empty)) { error in
            XCTAssertTrue("\(error)".contains("intergrowth_preterm_postnatal.csv"), "\(error)")
        }
    }
}
