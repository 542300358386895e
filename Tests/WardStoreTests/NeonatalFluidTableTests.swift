import XCTest
@testable import WardStore

/// The ward's neonatal maintenance table. Default: NICE NG29 (Intravenous fluid therapy in
/// children and young people in hospital, 2015, updated 2020), routine maintenance for term
/// neonates: birth to day 1 50–60, day 2 70–80, day 3 80–100, day 4 100–120, days 5–28
/// 120–150 mL/kg/day. The day of birth is day 1 of life.
final class NeonatalFluidTableTests: XCTestCase {
    func testNiceDefaultByDayOfLife() {
        let t = NeonatalFluidTable.nice
        XCTAssertEqual(t.target(ageDays: 0).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [50, 60], "day of birth = day 1")
        XCTAssertEqual(t.target(ageDays: 1).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [70, 80])
        XCTAssertEqual(t.target(ageDays: 2).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [80, 100])
        XCTAssertEqual(t.target(ageDays: 3).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [100, 120], "the issue's 3-day-old: day 4")
        XCTAssertEqual(t.target(ageDays: 4).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [120, 150])
        XCTAssertEqual(t.target(ageDays: 27).map { [$0.minMLPerKg, $0.maxMLPerKg] }, [120, 150], "day 28")
        XCTAssertNil(t.target(ageDays: 28), "from 28 days old Holliday–Segar applies")
        XCTAssertTrue(t.problems.isEmpty)
    }

    func testTextRoundTripAndWardSettingsStorage() {
        XCTAssertEqual(NeonatalFluidTable.nice.text, "1:50-60; 2:70-80; 3:80-100; 4:100-120; 5-28:120-150")
        XCTAssertEqual(NeonatalFluidTable(text: NeonatalFluidTable.nice.text), .nice)
        XCTAssertEqual(NeonatalFluidTable(text: "1-2 : 60–80; 3-28: 100–150")?.rows.count, 2)
        XCTAssertNil(NeonatalFluidTable(text: "day one: lots"))
        var settings = WardSettings.defaults
        XCTAssertEqual(settings.neonatalFluidTable, .nice)
        settings.neonatalFluidTable = NeonatalFluidTable(text: "1-3:60-90; 4-28:120-160")!
        XCTAssertEqual(WardSettings(values: Dictionary(uniqueKeysWithValues: settings.storedValues.map { ($0.key.rawValue, $0.value) })).neonatalFluidTable, settings.neonatalFluidTable)
        XCTAssertEqual(WardSettings(values: ["neonatalFluidTable": "nonsense"]).neonatalFluidTable, .nice)
    }

    func testValidationNamesTheFieldAndWhatIsAllowed() {
        var settings = WardSettings.defaults
        settings.neonatalFluidTable = NeonatalFluidTable(text: "1:50-60; 3-28:120-150")!
        let gap = WardValidation.settings(settings)
        XCTAssertEqual(gap.first?.field, "neonatalFluidTable")
        XCTAssertTrue(gap.first!.message.contains("day 2"), gap.first!.message)
        settings.neonatalFluidTable = NeonatalFluidTable(text: "1-28:150-120")!
        XCTAssertTrue(WardValidation.settings(settings).contains { $0.message.contains("lower value first") })
        settings.neonatalFluidTable = NeonatalFluidTable(text: "1-20:60-150")!
        XCTAssertTrue(WardValidation.settings(settings).contains { $0.message.contains("day 28") })
        XCTAssertTrue(WardValidation.settings(.defaults).isEmpty)
    }
}
