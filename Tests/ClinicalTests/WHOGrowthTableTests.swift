import XCTest
@testable import Clinical

/// The shipped WHO LMS tables against WHO's published expanded z-score tables
/// (WHO Child Growth Standards 2006, "wfa/lhfa_boys/girls_z_exp": SD columns to 3 decimals).
/// Cells below are the published SD0 (median), SD2neg, SD2, SD3neg and SD3 values.
final class WHOGrowthTableTests: XCTestCase {
    var who: WHOGrowthStandard!

    override func setUpWithError() throws {
        who = try WHOGrowthStandard.shared.get()
    }

    struct Published {
        var indicator: GrowthIndicator
        var sex: ReferenceSex
        var day: Int
        var median: Double
        var minus3: Double, minus2: Double, plus2: Double, plus3: Double
    }

    // WHO expanded z-score tables, weight-for-age and length-for-age 0–2 years.
    let cells: [Published] = [
        Published(indicator: .weightForAge, sex: .male, day: 0, median: 3.3464, minus3: 2.080, minus2: 2.459, plus2: 4.419, plus3: 5.031),
        Published(indicator: .weightForAge, sex: .male, day: 183, median: 7.9389, minus3: 5.675, minus2: 6.357, plus2: 9.855, plus3: 10.956),
        Published(indicator: .weightForAge, sex: .male, day: 365, median: 9.6460, minus3: 6.926, minus2: 7.741, plus2: 11.983, plus3: 13.341),
        Published(indicator: .weightForAge, sex: .male, day: 730, median: 12.1482, minus3: 8.630, minus2: 9.670, plus2: 15.272, plus3: 17.128),
        Published(indicator: .weightForAge, sex: .female, day: 0, median: 3.2322, minus3: 2.033, minus2: 2.395, plus2: 4.230, plus3: 4.793),
        Published(indicator: .weightForAge, sex: .female, day: 183, median: 7.3016, minus3: 5.088, minus2: 5.733, plus2: 9.341, plus3: 10.585),
        Published(indicator: .weightForAge, sex: .female, day: 365, median: 8.9462, minus3: 6.273, minus2: 7.041, plus2: 11.506, plus3: 13.114),
        Published(indicator: .weightForAge, sex: .female, day: 730, median: 11.4741, minus3: 8.064, minus2: 9.033, plus2: 14.841, plus3: 17.008),
        Published(indicator: .lengthForAge, sex: .male, day: 0, median: 49.8842, minus3: 44.205, minus2: 46.098, plus2: 53.670, plus3: 55.564),
        Published(indicator: .lengthForAge, sex: .male, day: 183, median: 67.6435, minus3: 61.221, minus2: 63.362, plus2: 71.925, plus3: 74.066),
        Published(indicator: .lengthForAge, sex: .male, day: 365, median: 75.7391, minus3: 68.611, minus2: 70.987, plus2: 80.491, plus3: 82.867),
        Published(indicator: .lengthForAge, sex: .male, day: 730, median: 87.8018, minus3: 78.638, minus2: 81.693, plus2: 93.911, plus3: 96.966),
        Published(indicator: .lengthForAge, sex: .female, day: 0, median: 49.1477, minus3: 43.560, minus2: 45.422, plus2: 52.873, plus3: 54.736),
        Published(indicator: .lengthForAge, sex: .female, day: 183, median: 65.7510, minus3: 58.950, minus2: 61.217, plus2: 70.285, plus3: 72.552),
        Published(indicator: .lengthForAge, sex: .female, day: 365, median: 74.0049, minus3: 66.281, minus2: 68.856, plus2: 79.154, plus3: 81.729),
        Published(indicator: .lengthForAge, sex: .female, day: 730, median: 86.4008, minus3: 76.725, minus2: 79.950, plus2: 92.851, plus3: 96.077),
    ]

    func testMedianIsThePublishedMAndScoresZeroAtPercentile50() {
        for c in cells {
            XCTAssertEqual(who.lms(c.indicator, c.sex, day: c.day).m, c.median, accuracy: 1e-9, "\(c.indicator) \(c.sex) day \(c.day)")
            let z = who.zScore(c.indicator, c.sex, day: c.day, value: c.median)
            XCTAssertEqual(z, 0, accuracy: 1e-12)
            XCTAssertEqual(WHOGrowthStandard.percentile(z: z), 50, accuracy: 1e-10)
        }
    }

    func testPublishedTwoAndThreeSDCellsScoreTwoAndThree() {
        for c in cells {
            // The published cells are rounded to 3 decimals; 0.0005 in value is < 0.003 in z here.
            let tag = "\(c.indicator) \(c.sex) day \(c.day)"
            XCTAssertEqual(who.zScore(c.indicator, c.sex, day: c.day, value: c.minus2), -2, accuracy: 0.003, tag)
            XCTAssertEqual(who.zScore(c.indicator, c.sex, day: c.day, value: c.plus2), 2, accuracy: 0.003, tag)
            XCTAssertEqual(who.zScore(c.indicator, c.sex, day: c.day, value: c.minus3), -3, accuracy: 0.003, tag)
            XCTAssertEqual(who.zScore(c.indicator, c.sex, day: c.day, value: c.plus3), 3, accuracy: 0.003, tag)
        }
    }

    func testValueAtZReproducesThePublishedCells() {
        for c in cells {
            let tag = "\(c.indicator) \(c.sex) day \(c.day)"
            XCTAssertEqual(who.value(c.indicator, c.sex, day: c.day, z: -2), c.minus2, accuracy: 0.0005, tag)
            XCTAssertEqual(who.value(c.indicator, c.sex, day: c.day, z: 2), c.plus2, accuracy: 0.0005, tag)
            XCTAssertEqual(who.value(c.indicator, c.sex, day: c.day, z: 3), c.plus3, accuracy: 0.0005, tag)
            XCTAssertEqual(who.value(c.indicator, c.sex, day: c.day, percentile: 50), c.median, accuracy: 1e-9, tag)
        }
    }

    /// WHO's restricted adjustment (WHO 2006, Methods and development, ch. 7): beyond +3 SD the
    /// distance is counted in units of the SD2–SD3 gap. Boys day 0: SD3 5.031, SD2 4.419, so a
    /// weight one gap above SD3 (5.643 kg) is z +4; SD3neg 2.080, SD2neg 2.459, so 1.701 kg is −4.
    func testWeightBeyondThreeSDUsesTheRestrictedAdjustment() {
        XCTAssertEqual(who.zScore(.weightForAge, .male, day: 0, value: 5.643), 4, accuracy: 0.005)
        XCTAssertEqual(who.zScore(.weightForAge, .male, day: 0, value: 1.701), -4, accuracy: 0.005)
        // The plain LMS z differs markedly out there (skewed distribution), so the rule matters.
        let plain = who.lms(.weightForAge, .male, day: 0).zScore(5.643)
        XCTAssertGreaterThan(abs(plain - 4), 0.05)
        let plainLow = who.lms(.weightForAge, .male, day: 0).zScore(1.701)
        XCTAssertGreaterThan(abs(plainLow + 4), 0.05)
        // value(z:) is its inverse, including the linear extension.
        for z in [-5.5, -4.0, -3.2, 3.2, 4.0, 6.0] {
            let w = who.value(.weightForAge, .female, day: 400, z: z)
            XCTAssertEqual(who.zScore(.weightForAge, .female, day: 400, value: w), z, accuracy: 1e-9)
        }
    }

    /// Length-for-age uses the plain LMS z (L = 1 there, so z = (X/M − 1)/S).
    /// Girls day 730: M 86.4008, S 0.03733 → 70 cm is z (70/86.4008 − 1)/0.03733.
    func testLengthUsesThePlainLMSZ() {
        XCTAssertEqual(who.zScore(.lengthForAge, .female, day: 730, value: 70), (70 / 86.4008 - 1) / 0.03733, accuracy: 1e-6)
    }

    /// Month conversion as the contract and WHO's anthro software: round(months × 30.4375),
    /// halves to even, so the 24-month limit stays inside the 0–730 day table.
    func testMonthsToDays() {
        XCTAssertEqual(WHOGrowthStandard.day(fromMonths: 0), 0)
        XCTAssertEqual(WHOGrowthStandard.day(fromMonths: 1), 30)
        XCTAssertEqual(WHOGrowthStandard.day(fromMonths: 6), 183)
        XCTAssertEqual(WHOGrowthStandard.day(fromMonths: 12), 365)
        XCTAssertEqual(WHOGrowthStandard.day(fromMonths: 24), 730)
    }

    func testEveryDayOfEveryTableIsPlausible() {
        for sex in ReferenceSex.allCases {
            var previousLength = 0.0
            for day in WHOGrowthStandard.days {
                let weight = who.lms(.weightForAge, sex, day: day)
                XCTAssertTrue((2.5...13).contains(weight.m), "weight median \(sex) day \(day)")
                XCTAssertTrue((0.08...0.16).contains(weight.s))
                let length = who.lms(.lengthForAge, sex, day: day)
                XCTAssertEqual(length.l, 1, "WHO length L is 1 throughout 0–730 days")
                XCTAssertGreaterThan(length.m, previousLength, "length median grows every day: \(sex) day \(day)")
                previousLength = length.m
            }
        }
    }

    func testMissingAndCorruptTablesAreNamedErrors() throws {
        let empty = try refTemporaryResources([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertThrowsError(try WHOGrowthStandard.load(from: empty)) { error in
            let e = error as? ReferenceDataError
            XCTAssertEqual(e?.file, "clinical/growth/wfa_boys.csv")
            XCTAssertEqual(e?.toolErrors.errors.first?.field, "tool")
        }
        XCTAssertThrowsError(try WHOGrowthStandard.parse("day,L,M,S\n0,1,3.3,0.1\n2,1,3.3,0.1\n", file: "x.csv"))
        XCTAssertThrowsError(try WHOGrowthStandard.parse("day,L,M\n0,1,3.3\n", file: "x.csv"))
        XCTAssertThrowsError(try WHOGrowthStandard.parse("day,L,M,S\n0,1,-3.3,0.1\n", file: "x.csv"))
    }

    /// A table that failed to load is reported by the tools under the field `tool`.
    func testLoadFailureBecomesAToolError() {
        let failed: Result<WHOGrowthStandard, ReferenceDataError> = .failure(
            ReferenceDataError(file: "clinical/growth/wfa_boys.csv", problem: "missing"))
        XCTAssertThrowsError(try failed.tableOrToolError()) { error in
            let errors = (error as? ToolErrors)?.errors
            XCTAssertEqual(errors?.first?.field, "tool")
            XCTAssertTrue(errors?.first?.message.contains("clinical/growth/wfa_boys.csv") ?? false)
        }
    }
}
