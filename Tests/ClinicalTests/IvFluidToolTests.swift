import XCTest
@testable import Clinical

/// Holliday MA, Segar WE, Pediatrics 1957;19(5):823-832: 100 mL/kg/day for the first 10 kg,
/// 50 for the next 10, 20 beyond (4-2-1 mL/kg/h). Worked values: 10 kg 1000 mL/day 40 mL/h;
/// 20 kg 1500 mL/day 60 mL/h; 25 kg 1600 mL/day 65 mL/h.
final class IvFluidToolTests: ClinicalTestCase {
    func day(_ kg: Double) -> Double { number(IvFluidTool.self, ["weight_kg": n(kg)], "ml_per_day") }
    func hour(_ kg: Double) -> Double { number(IvFluidTool.self, ["weight_kg": n(kg)], "ml_per_hour") }

    func testWorkedExamples() {
        XCTAssertEqual(day(5), 500, accuracy: 1e-9);  XCTAssertEqual(hour(5), 20, accuracy: 1e-9)
        XCTAssertEqual(day(10), 1000, accuracy: 1e-9); XCTAssertEqual(hour(10), 40, accuracy: 1e-9)
        XCTAssertEqual(day(15), 1250, accuracy: 1e-9); XCTAssertEqual(hour(15), 50, accuracy: 1e-9)
        XCTAssertEqual(day(20), 1500, accuracy: 1e-9); XCTAssertEqual(hour(20), 60, accuracy: 1e-9)
        XCTAssertEqual(day(25), 1600, accuracy: 1e-9); XCTAssertEqual(hour(25), 65, accuracy: 1e-9)
        XCTAssertEqual(day(70), 2500, accuracy: 1e-9); XCTAssertEqual(hour(70), 110, accuracy: 1e-9)
    }

    func testWarningAboveTwoThousandFourHundredNoCap() {
        XCTAssertEqual(result(IvFluidTool.self, ["weight_kg": n(65)])?.warnings, [], "2400 mL/day is not above")
        let big = result(IvFluidTool.self, ["weight_kg": n(65.1)])
        XCTAssertEqual(big?.warnings.count, 1)
        XCTAssertGreaterThan(big?.number("ml_per_day") ?? 0, 2400, "never capped")
    }

    func testMonotonicInWeight() {
        var previous = (day: -1.0, hour: -1.0)
        var kg = 0.1
        while kg <= 300 {
            let now = (day: HollidaySegar.mlPerDay(weightKg: kg), hour: HollidaySegar.mlPerHour(weightKg: kg))
            XCTAssertGreaterThan(now.day, previous.day, "\(kg) kg")
            XCTAssertGreaterThan(now.hour, previous.hour, "\(kg) kg")
            previous = now
            kg += 0.37
        }
    }

    func testRange() {
        assertRangeEdges(IvFluidTool.self, base: [:], key: "weight_kg", low: 0.1, high: 300)
        XCTAssertEqual(errorMessages(IvFluidTool.self, ["weight_kg": n(0)]), ["0 kg is outside 0.1–300 kg"])
    }
}
