import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// Settings changed elsewhere (another workstation, `cotside settings set`) reach this
/// workstation whatever tab is in front: the idle lock and the PIN rule follow at once, not at
/// the next restart or the next time the Dashboard happens to load.
@MainActor
final class WardSettingsWatchTests: WardTestCase {
    func testAnotherProcessesSettingsChangeReachesTheShellWithTheDashboardHidden() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await press(.char("4"))
        XCTAssertEqual(shell.context.wardSettings.idleLockMinutes, 5)
        _ = try await store.updateSettings([.idleLockMinutes: "1", .wardName: "Puffin"], by: nurse.id)
        shell.storeDidChange(WardChange(entities: [], isFromAnotherProcess: true))
        await shell.settle()
        XCTAssertEqual(shell.context.wardSettings.idleLockMinutes, 1)
        XCTAssertEqual(shell.context.wardName, "Puffin")
        XCTAssertFalse(shell.activeTab == Tab.dashboard.rawValue, "read with the Dashboard hidden")
    }
}
