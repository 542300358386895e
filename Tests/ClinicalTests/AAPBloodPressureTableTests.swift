import XCTest
@testable import Clinical

/// Cells of AAP 2017 Tables 4 (boys) and 5 (girls) (Flynn JT et al., Pediatrics
/// 2017;140(3):e20171904), read from the published tables.
final class AAPBloodPressureTableTests: XCTestCase {
    var table: AAPBloodPressureTable!

    override func setUpWithError() throws {
        table = try AAPBloodPressureTable.shared.get()
    }

    func testPublishedCells() {
        // Table 4, boys age 1, 50th height percentile column (82.4 cm):
        // SBP 50th/90th/95th/95th+12 = 86/100/103/115; DBP 41/53/55/67.
        let boy1 = table.columns(.male, ageYears: 1)[3]
        XCTAssertEqual(boy1.heightPercentile, 50)
        XCTAssertEqual(boy1.heightCm, 82.4)
        XCTAssertEqual(boy1.systolic, .init(p50: 86, p90: 100, p95: 103, p95Plus12: 115))
        XCTAssertEqual(boy1.diastolic, .init(p50: 41, p90: 53, p95: 55, p95Plus12: 67))
        // Table 4, boys age 17, 5th column (163.8 cm): SBP 95th 132, DBP 95th 81.
        let boy17 = table.columns(.male, ageYears: 17)[0]
        XCTAssertEqual(boy17.heightCm, 163.8)
        XCTAssertEqual(boy17.systolic.p95, 132)
        XCTAssertEqual(boy17.diastolic.p95, 81)
        // Table 5, girls age 10, 95th column (152.8 cm): SBP 90th 116, 95th 120; DBP 90th 73, 95th 76.
        let girl10 = table.columns(.female, ageYears: 10)[6]
        XCTAssertEqual(girl10.heightPercentile, 95)
        XCTAssertEqual(girl10.heightCm, 152.8)
        XCTAssertEqual(girl10.systolic.p90, 116)
        XCTAssertEqual(girl10.systolic.p95, 120)
        XCTAssertEqual(girl10.diastolic.p90, 73)
        XCTAssertEqual(girl10.diastolic.p95, 76)
        // Table 5, girls age 1, heights of the 5th and 95th columns: 75.4 and 86.1 cm.
        XCTAssertEqual(table.columns(.female, ageYears: 1).map(\.heightCm).first, 75.4)
        XCTAssertEqual(table.columns(.female, ageYears: 1).map(\.heightCm).last, 86.1)
    }

    func testEveryAgeHasSevenColumns() {
        for sex in ReferenceSex.allCases {
            for age in AAPBloodPressureTable.ages {
                XCTAssertEqual(table.columns(sex, ageYears: age).map(\.heightPercentile), [5, 10, 25, 50, 75, 90, 95])
            }
        }
    }

    func testNearestHeightColumn() {
        // Boys age 1 heights: 77.2, 78.3, 80.2, 82.4, 84.6, 86.7, 87.9 cm.
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 82.4).heightPercentile, 50)
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 60).heightPercentile, 5)
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 95).heightPercentile, 95)
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 81.2).heightPercentile, 25)
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 81.4).heightPercentile, 50)
        // A tie between 77.2 and 78.3 (77.75) goes to the shorter column.
        XCTAssertEqual(table.nearestColumn(.male, ageYears: 1, heightCm: 77.75).heightPercentile, 5)
    }

    func testCorruptTableIsANamedError() throws {
        XCTAssertThrowsError(try AAPBloodPressureTable.parse("sex,age_years,row,p5,p10,p25,p50,p75,p90,p95\n"))
        XCTAssertThrowsError(try AAPBloodPressureTable.parse("bad header\n"))
        let empty = try refTemporaryResources([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertThrowsError(try AAPBloodPressureTable.load(from: empty)) { error in
            XCTAssertEqual((error as? ReferenceDataError)?.file, AAPBloodPressureTable.fileName)
        }
    }
}
