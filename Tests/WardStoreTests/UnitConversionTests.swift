import Foundation
import XCTest
@testable import WardStore

/// Conversions checked against textbook values.
final class UnitConversionTests: XCTestCase {
    func testGlucose() {
        // 100 mg/dL = 5.55 mmol/L; 2.6 mmol/L = 46.8 mg/dL (BAPM 2017 threshold in both units).
        XCTAssertEqual(UnitConversion.mmolPerL(fromMgPerDl: 100), 5.5499, accuracy: 0.0001)
        XCTAssertEqual(UnitConversion.mgPerDl(fromMmolPerL: 2.6), 46.85, accuracy: 0.01)
        XCTAssertEqual(UnitConversion.mgPerDl(fromMmolPerL: UnitConversion.mmolPerL(fromMgPerDl: 72)), 72, accuracy: 1e-9)
    }

    func testWeightAndTemperature() {
        XCTAssertEqual(UnitConversion.grams(fromKilograms: 3.25), 3250)
        XCTAssertEqual(UnitConversion.kilograms(fromGrams: 850), 0.85)
        XCTAssertEqual(UnitConversion.celsius(fromFahrenheit: 98.6), 37, accuracy: 1e-9)
        XCTAssertEqual(UnitConversion.celsius(fromFahrenheit: 100.4), 38, accuracy: 1e-9)
        XCTAssertEqual(UnitConversion.fahrenheit(fromCelsius: -40), -40)
    }

    func testDefaultGoalRangesByAge() {
        // APLS: infant HR 110–160, child 5–12 y 80–120; newborn 100–180 (PALS).
        XCTAssertEqual(MeasurementGoals.defaultRange(.heartRate, ageDays: 3)?.high, 180)
        XCTAssertEqual(MeasurementGoals.defaultRange(.heartRate, ageDays: 100)?.low, 110)
        XCTAssertEqual(MeasurementGoals.defaultRange(.heartRate, ageDays: 8 * 365)?.high, 120)
        XCTAssertEqual(MeasurementGoals.defaultRange(.glucose, ageDays: 1)?.low, 2.6)
        XCTAssertEqual(MeasurementGoals.defaultRange(.spo2, ageDays: 10, correctedWeeks: 32)?.high, 95)
        XCTAssertNil(MeasurementGoals.defaultRange(.weight, ageDays: 10))
        XCTAssertEqual(MeasurementGoals.defaultRange(.temperature, ageDays: 10)?.mark(38.1), .high)
        XCTAssertEqual(MeasurementGoals.defaultRange(.temperature, ageDays: 10)?.mark(36.2), .low)
        XCTAssertNil(MeasurementGoals.defaultRange(.temperature, ageDays: 10)?.mark(37.0))
    }
}
