import Foundation
import XCTest
@testable import WardStore

/// Minimum interval and 24 h maximum of as-needed doses, pure and through the store.
final class AsNeededRulesTests: WardStoreTestCase {
    func at(_ hhmm: String, day: Int = 10) -> Date { date("2026-03-\(day)T\(hhmm):00Z") }

    func testMinimumIntervalIsCheckedOnBothSides() {
        let others = [at("08:00")]
        XCTAssertTrue(AsNeededRules.check(at: at("12:00"), otherDoses: others, minimumIntervalMinutes: 240, maxDosesPer24h: 4).isEmpty,
                      "exactly 4 h later is allowed")
        let early = AsNeededRules.check(at: at("11:59"), otherDoses: others, minimumIntervalMinutes: 240, maxDosesPer24h: 4)
        XCTAssertEqual(early, [.tooSoon(previousAt: at("08:00"), minimumIntervalMinutes: 240, allowedFrom: at("12:00"))])
        // A backdated entry 1 h before an existing dose is refused too.
        let backdated = AsNeededRules.check(at: at("07:00"), otherDoses: others, minimumIntervalMinutes: 240, maxDosesPer24h: 4)
        XCTAssertEqual(backdated.count, 1)
    }

    func testMaximumPer24HoursCountsEveryWindowHoldingTheDose() {
        let four = [at("00:00"), at("06:00"), at("12:00"), at("18:00")]
        let fifth = AsNeededRules.check(at: at("23:00"), otherDoses: four, minimumIntervalMinutes: 240, maxDosesPer24h: 4)
        XCTAssertEqual(fifth, [.dailyMaximum(dosesIn24h: 5, maximum: 4)])
        // 24 h after the first dose the window has moved on: allowed.
        XCTAssertTrue(AsNeededRules.check(at: at("00:00", day: 11), otherDoses: four, minimumIntervalMinutes: 240,
                                          maxDosesPer24h: 4).isEmpty)
        // Both rules at once.
        XCTAssertEqual(AsNeededRules.check(at: at("19:00"), otherDoses: four, minimumIntervalMinutes: 240, maxDosesPer24h: 4).count, 2)
    }

    func testStoreRefusesWithoutOverrideAndStoresTheOverrideReason() async throws {
        let patient = try await admit()
        let prn = try await addMedication(patient: patient, name: "paracetamol",
                                          schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4),
                                          category: .antipyretic)
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T09:00:00Z")), by: nil)
        do {
            _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T11:00:00Z")), by: nil)
            XCTFail("2 h after a dose with a 4 h minimum must be refused")
        } catch let error as AsNeededRefusalError {
            XCTAssertTrue(error.description.contains("minimum interval 4 h"), error.description)
        }
        let count = try await store.asNeededDoses(medicationId: prn.id, from: .distantPast, to: .distantFuture).count
        XCTAssertEqual(count, 1, "nothing stored on refusal")
        await assertValidationFails(field: "overrideReason", messageContains: "empty") {
            _ = try await self.store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: self.date("2026-03-10T11:00:00Z"),
                                                                        overrideReason: "  "), by: nil)
        }
        let overridden = try await store.logAsNeededDose(
            AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T11:00:00Z"), overrideReason: "fever 39.5, registrar agreed"),
            by: nil).record
        XCTAssertEqual(overridden.overrideReason, "fever 39.5, registrar agreed")
        XCTAssertEqual(overridden.doseAmount, 5, "the prescribed dose by default")
        let fine = try await store.logAsNeededDose(
            AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T05:00:00Z"),
                              overrideReason: "not needed"), by: nil).record
        XCTAssertNil(fine.overrideReason, "an override reason is only kept when a rule was broken")
    }

    func testScheduledMedicationsHaveNoAsNeededDoses() async throws {
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00")))
        do {
            _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: med.id, givenAt: clock.now), by: nil)
            XCTFail("expected a refusal")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("not as needed"), error.description)
        }
    }
}
