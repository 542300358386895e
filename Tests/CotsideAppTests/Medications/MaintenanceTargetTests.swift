import Clinical
import WardStore
import XCTest
@testable import CotsideApp

/// The maintenance target every screen shows: the ward's neonatal table by day of life under
/// 28 days (default NICE NG29: birth to day 1 50–60, day 2 70–80, day 3 80–100, day 4 100–120,
/// days 5–28 120–150 mL/kg/day), Holliday–Segar from 28 days (Holliday & Segar, Pediatrics
/// 1957;19:823: 100 mL/kg/day for the first 10 kg).
final class MaintenanceTargetTests: XCTestCase {
    func testTheIssuesThreeDayOldGetsTheNeonatalTargetNotHollidaySegar() throws {
        let t = try XCTUnwrap(MaintenanceTarget.of(ageDays: 3, weightKg: 1.4, table: .nice))
        XCTAssertEqual(t.basis, .neonatal(dayOfLife: 4))
        XCTAssertEqual(t.mlPerDay(weightKg: 1.4).low, 140, accuracy: 1e-9)
        XCTAssertEqual(t.mlPerDay(weightKg: 1.4).high, 168, accuracy: 1e-9)
    }

    func testHollidaySegarFromTwentyEightDays() throws {
        let t = try XCTUnwrap(MaintenanceTarget.of(ageDays: 28, weightKg: 4, table: .nice))
        XCTAssertEqual(t.basis, .hollidaySegar)
        XCTAssertEqual(t.minMLPerKg, 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(MaintenanceTarget.of(ageDays: 400, weightKg: 15, table: .nice)).minMLPerKg, 1250.0 / 15, accuracy: 1e-9)
        XCTAssertNil(MaintenanceTarget.of(ageDays: 400, weightKg: 0, table: .nice))
    }

    func testTheWardsTableIsUsed() throws {
        let ward = try XCTUnwrap(NeonatalFluidTable(text: "1-3:60-90; 4-28:150-180"))
        XCTAssertEqual(try XCTUnwrap(MaintenanceTarget.of(ageDays: 3, weightKg: 2, table: ward)).minMLPerKg, 150)
    }

    /// The calculator's NICE guide (Clinical) and the ward table's default (WardStore) are the same rows.
    func testCalculatorGuideAndWardDefaultAgree() {
        XCTAssertEqual(NeonatalMaintenance.nice.map { [$0.firstDay, $0.lastDay, $0.minMLPerKg, $0.maxMLPerKg] },
                       NeonatalFluidTable.nice.rows.map { [$0.firstDay, $0.lastDay, $0.minMLPerKg, $0.maxMLPerKg] })
    }
}
