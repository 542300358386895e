import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// History rows say what they are: a dose names the drug, amount, unit and route whole
/// ("Dose given: ibuprofen 6 mg oral"), never "Dose given:… as needed · 6", at 80 and 100 columns.
@MainActor
final class HistoryDoseRowsTests: WardTestCase {
    func testDoseRowsNameDrugDoseAndRouteWhole() async throws {
        let seed = try await seedMedications()
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: seed.ibuprofen.id, givenAt: Self.now.addingTimeInterval(-600),
                                                              doseAmount: 6), by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"))
        for width in [80, 100] {
            let lines = screen(width: width, height: 24)
            let text = lines.joined(separator: "\n")
            for what in ["Dose given: ibuprofen 6 mg oral", "Dose given: vitamin D 400 units oral", "Dose given: gentamicin 7 mg IV"] {
                XCTAssertTrue(lines.contains { $0.contains(what) }, "\(width) columns show “\(what)”:\n\(text)")
            }
        }
        // With room to spare the details follow: this dose was an as-needed one.
        XCTAssertTrue(screen(width: 100, height: 24).contains { $0.contains("ibuprofen 6 mg oral") && $0.contains("as needed") })
    }

    /// A long note (a correction's reason, say) gives way before the patient's name: who the
    /// entry is about stays readable at 120 columns.
    func testLongDetailsShortenBeforeThePatientsName() async throws {
        let seed = try await seedMedications()
        let note = String(repeating: "charted on the wrong cot and corrected after the round; ", count: 3)
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: seed.ibuprofen.id, givenAt: Self.now.addingTimeInterval(-600),
                                                              doseAmount: 6, notes: note), by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"))
        let lines = screen(width: 120, height: 24)
        let row = try XCTUnwrap(lines.first { $0.contains("ibuprofen 6 mg oral") }, lines.joined(separator: "\n"))
        XCTAssertTrue(row.contains("Bo Preterm "), row)
    }
}
