import Clinical
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// `P` on the dosage form: the pharmacist confirms and the ward's sign-off is stored (audited)
/// and shown on the result at once; anyone else is refused before the store is asked.
final class DrugTableSignOffScreenTests: WardTestCase {
    func openDosage() async {
        await press(.char("3"))
        await type("dosage")
        await press(.enter, .right, .down)
        await type("12")
    }

    func testAPharmacistSignsOffFromTheDosageForm() async throws {
        _ = try await addStaff("Nia Nurse", "NN") // the ward's first member (its admin)
        let pharmacist = try await store.addStaff(StaffDraft(name: "Priya Shah", initials: "PS", role: .pharmacist), by: nil).record
        try await startShell()
        await signIn(pharmacist)
        await openDosage()
        XCTAssertTrue(screenText().contains("Needs local pharmacist review (drug table"), screenText())
        await press(.char("P"))
        XCTAssertTrue(screenText().contains("Pharmacist sign-off"), screenText())
        await press(.char("y"))
        let table = try DrugFormulary.shared.get()
        let stored = try await store.drugTableSignOff()
        XCTAssertEqual(stored?.staffId, pharmacist.id)
        XCTAssertTrue(stored?.covers(version: table.version, checksum: table.checksum) ?? false)
        XCTAssertEqual(messageText, "Drug table \(table.version) signed off for this ward")
        XCTAssertTrue(screenText().contains("✔ Reviewed by Priya Shah on "), screenText())
    }

    func testANurseIsRefused() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await openDosage()
        await press(.char("P"), .char("y"))
        let stored = try await store.drugTableSignOff()
        XCTAssertNil(stored)
        XCTAssertTrue(messageText?.contains("only a pharmacist may sign off the ward's drug table") ?? false, messageText ?? "")
    }
}
