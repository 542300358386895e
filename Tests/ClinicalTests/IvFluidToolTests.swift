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

    /// 20 kg: 1500 mL/day is 62.5 mL/h over 24 h, the 4-2-1 rule gives 60 mL/h; the result
    /// says which is which (the two differ at every weight: 4 mL/kg/h against 100 mL/kg/day ÷ 24
    /// = 4.17 for the first 10 kg).
    func testTheHourlyRateSaysWhyItDiffersFromTheDailyVolume() {
        let twenty = result(IvFluidTool.self, ["weight_kg": n(20)])?.interpretation ?? ""
        XCTAssertTrue(twenty.hasPrefix("Maintenance 1500 mL/day, 60 mL/h (the hourly 4-2-1 rule; the daily volume over 24 h is 62.5 mL/h); "),
                      twenty)
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

/// Holliday–Segar is not for the first 28 days of life (NICE NG29, Intravenous fluid therapy in
/// children and young people in hospital, 2015, updated 2020: term neonates have their own
/// volumes by age, birth to day 1 50–60, day 2 70–80, day 3 80–100, day 4 100–120, days 5–28
/// 120–150 mL/kg/day). Given an age under 28 days the calculator refuses and names the
/// neonatal target instead; from 28 days it computes as before.
final class IvFluidNeonateTests: ClinicalTestCase {
    func testRefusesUnderTwentyEightDaysNamingTheNeonatalTarget() {
        // The baby: 3 days old (day 4 of life), 1.4 kg → 140–168 mL/day.
        let errors = refErrors(IvFluidTool.self, ["weight_kg": RefRaw.n(1.4), "age_days": RefRaw.n(3)])
        XCTAssertEqual(errors.first?.field, "age_days")
        let message = errors.first?.message ?? ""
        XCTAssertTrue(message.contains("day 4 of life"), message)
        XCTAssertTrue(message.contains("100–120 mL/kg/day"), message)
        XCTAssertTrue(message.contains("140–168 mL/day"), message)
        XCTAssertTrue(message.contains("NICE NG29"), message)
        let dayOne = refErrors(IvFluidTool.self, ["weight_kg": RefRaw.n(3.5), "age_days": RefRaw.n(0)])
        XCTAssertTrue(dayOne.first!.message.contains("50–60 mL/kg/day"), dayOne.first!.message)
        let dayTwentyEight = refErrors(IvFluidTool.self, ["weight_kg": RefRaw.n(4), "age_days": RefRaw.n(27)])
        XCTAssertTrue(dayTwentyEight.first!.message.contains("120–150 mL/kg/day"), dayTwentyEight.first!.message)
    }

    func testFromTwentyEightDaysOrWithoutAnAgeItComputes() {
        XCTAssertEqual(number(IvFluidTool.self, ["weight_kg": n(4), "age_days": n(28)], "ml_per_day"), 400, accuracy: 1e-9)
        XCTAssertEqual(number(IvFluidTool.self, ["weight_kg": n(4)], "ml_per_day"), 400, accuracy: 1e-9)
    }

    func testTheNeonatalGuideIsNICEs() {
        XCTAssertEqual(NeonatalMaintenance.nice.map { [$0.firstDay, $0.lastDay, $0.minMLPerKg, $0.maxMLPerKg] },
                       [[1, 1, 50, 60], [2, 2, 70, 80], [3, 3, 80, 100], [4, 4, 100, 120], [5, 28, 120, 150]])
    }
}

/// Holliday & Segar's maintenance electrolytes as the MSD Manual Professional states them:
/// sodium 3 mmol and potassium 2 mmol per 100 mL of maintenance water per 24 hours. 3 kg
/// (300 mL) → Na 9, K 6 mmol/day (3 and 2 mmol/kg/day); 10 kg (1000 mL) → 30 and 20; 25 kg
/// (1600 mL) → 48 and 32 (1.92 and 1.28 mmol/kg/day). NICE NG29's isotonic fluid is named.
final class IvFluidElectrolyteTests: ClinicalTestCase {
    func values(_ kg: Double) -> [Double] {
        ["sodium_mmol_day", "potassium_mmol_day", "sodium_mmol_kg_day", "potassium_mmol_kg_day"].map {
            number(IvFluidTool.self, ["weight_kg": n(kg)], $0)
        }
    }

    func testSodiumAndPotassiumFor3And10And25Kilograms() {
        for (kg, expected) in [(3.0, [9.0, 6, 3, 2]), (10, [30, 20, 3, 2]), (25, [48, 32, 1.92, 1.28])] {
            for (got, want) in zip(values(kg), expected) { XCTAssertEqual(got, want, accuracy: 1e-9, "\(kg) kg") }
        }
    }

    func testNamesTheIsotonicFluidAndTheChecks() throws {
        let r = try XCTUnwrap(result(IvFluidTool.self, ["weight_kg": n(10)]))
        XCTAssertEqual(r.word("fluid"), "0.9% sodium chloride with 5% glucose")
        XCTAssertTrue(r.interpretation.contains("Check plasma electrolytes and blood glucose"))
        XCTAssertTrue(r.interpretation.contains("154 mmol sodium"), r.interpretation) // 1000 mL × 154 mmol/L
    }
}
