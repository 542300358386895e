import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The About screen names the ward the store opened, wherever its path came from: the store
/// reports its location, so a ward found through `COTSIDE_DB` (no `--db`) is named too.
@MainActor
final class WardLocationTests: WardTestCase {
    func testAboutNamesTheWardFileFoundThroughTheEnvironment() async throws {
        var environment = self.environment
        environment["COTSIDE_DB"] = databasePath
        shell = try await AppBootstrap.makeWardShell(options: LaunchOptions(now: Self.now, environment: environment),
                                                     terminalHasColour: false, persistPreferences: false,
                                                     assumeDisclaimerAccepted: true, askForUser: false)
        await shell.settle()
        XCTAssertEqual(shell.context.paths.database, databasePath)
        await press(.char("a"))
        await press(.end)
        XCTAssertTrue(screen(width: 200, height: 30).contains { $0.contains("Ward database: \(databasePath)") },
                      screenText(width: 200, height: 30))
    }
}
