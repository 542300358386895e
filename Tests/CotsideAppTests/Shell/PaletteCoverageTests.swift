import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Every action the palette offers is handled: run by id on each tab (with and without a
/// selected patient), none ends in "is not available here". The palette lists every bound key
/// of the screen, so this is the check that no bound action is left without a case.
@MainActor
final class PaletteCoverageTests: WardTestCase {
    func testEveryPaletteItemOnEveryTabRunsSomething() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(nurse)
        try await runEveryItem(ada)
    }

    /// A student may do the least: what is not theirs is listed greyed (with why), never hidden,
    /// and running it says why rather than "not available".
    func testAMemberWithoutTheRightsIsOfferedTheSameItemsGreyed() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let student = try await store.addStaff(StaffDraft(name: "Sam Student", initials: "SS", role: .student), by: nurse.id).record
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(nurse)
        let asAdmin = try await itemsOffered(on: .dashboard, patient: ada).map(\.action)
        await signIn(student)
        let asStudent = try await itemsOffered(on: .dashboard, patient: ada)
        XCTAssertEqual(asStudent.map(\.action), asAdmin, "nothing hidden")
        XCTAssertEqual(Set(asStudent.filter { $0.disabledReason != nil }.map(\.action)),
                       ["shell.erase_patient", "shell.restore_backup"])
        try await runEveryItem(ada)
    }

    private func runEveryItem(_ ada: Patient) async throws {
        for patient in [nil, ada] {
            for tab in Tab.allCases {
                let items = try await itemsOffered(on: tab, patient: patient)
                XCTAssertFalse(items.isEmpty)
                for item in items {
                    try await restore(tab, patient: patient)
                    shell.perform(item.action)
                    await shell.settle()
                    XCTAssertNotEqual(shell.message?.text, shell.context.t("message.action_unavailable", item.action),
                                      "“\(item.title)” (\(item.action)) on \(tab) with \(patient == nil ? "no patient" : "a patient")")
                }
            }
        }
    }

    /// The palette's items on `tab` at the top level, as `:` would list them.
    private func itemsOffered(on tab: Tab, patient: Patient?) async throws -> [PaletteItem] {
        try await restore(tab, patient: patient)
        return shell.paletteItems(for: shell.front)
    }

    /// Back to `tab` at the top level with `patient` chosen and the message line clear.
    private func restore(_ tab: Tab, patient: Patient?) async throws {
        shell.stack.removeAll()
        shell.apply(.session(.selectedPatient(patient)), from: shell.front)
        shell.perform(.tab(tab))
        await shell.settle()
        shell.stack.removeAll()
        shell.show(nil)
    }
}
