import Clinical
import Foundation
import XCTest
@testable import WardStore

/// The ward's texts write numbers with the calculators' one formatter (`NumberText.rounded`):
/// a value exactly halfway rounds up as typed, never "-0", and never a locale's separators.
/// The old `%.3f` trimming rounded the binary value instead (0.0045 mg printed "0.004").
final class WardNumberTextTests: XCTestCase {
    func dose(_ amount: Double) -> String {
        let start = Date(timeIntervalSince1970: 0)
        return Medication(id: 1, patientId: 1, drugName: "morphine", doseAmount: amount, doseUnit: .mg, route: .oral,
                          schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4), startsAt: start, isPaused: false,
                          category: .other, notes: "", createdAt: start, updatedAt: start, isDemo: false).doseText
    }

    func testDoseTextRoundsAHalfAsTyped() {
        XCTAssertEqual(dose(5), "morphine 5 mg oral")
        XCTAssertEqual(dose(0.25), "morphine 0.25 mg oral")
        XCTAssertEqual(dose(0.0045), "morphine 0.005 mg oral")
        XCTAssertEqual(dose(0.0125), "morphine 0.013 mg oral")
        XCTAssertEqual(dose(1250), "morphine 1250 mg oral")
        for k in 1...20_000 {
            let amount = Double(k) / 10_000
            XCTAssertEqual(dose(amount), "morphine \(NumberText.rounded(amount, digits: 3)) mg oral")
        }
    }

    func testReadingTextRoundsAHalfAsTyped() {
        XCTAssertEqual(MeasurementText.value(kind: .temperature, value: 36.25, diastolic: nil), "36.3 °C")
        XCTAssertEqual(MeasurementText.value(kind: .temperature, value: 37.0, diastolic: nil), "37 °C")
        XCTAssertEqual(MeasurementText.value(kind: .bloodPressure, value: 72, diastolic: 40.5), "72/40.5 mmHg")
    }
}
