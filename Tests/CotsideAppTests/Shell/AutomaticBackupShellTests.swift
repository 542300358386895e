import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The running app takes the ward's automatic backup from the clock's ticks (off the main
/// actor, through a command), the About screen shows the last one's time, size and place, and
/// a failed backup stays on the status line until one succeeds.
@MainActor
final class AutomaticBackupShellTests: WardTestCase {
    var backups: String { folder.appendingPathComponent(".local/state/cotside/backups").path }

    func tick(_ count: Int = AutomaticBackup.ticksBeforeFirstCheck) async {
        for _ in 0..<count {
            shell.handle(.tick)
            await shell.settle()
        }
    }

    var statusLine: String { screen().first { $0.hasPrefix(" Ward") } ?? "" }

    /// The minute check a tick makes once the clock has moved on (the test clock stands still).
    func checkAgain() async {
        shell.apply(shell.automaticBackup.check(shell.context), from: shell.front, asker: shell.automaticBackup)
        await shell.settle()
    }

    func aboutText() -> String {
        shell.apply(.shell(.about), from: shell.front)
        XCTAssertTrue(shell.front is AboutScreen)
        return (shell.front as! AboutScreen).lines(width: 300, shell.context).map(\.0).joined(separator: "\n")
    }

    func testATickTakesTheDueBackupAndAboutShowsIt() async throws {
        try await startShell()
        XCTAssertTrue(aboutText().contains("No automatic backup recorded yet."))
        shell.apply(.shell(.back), from: shell.front)
        await tick()
        let files = try FileManager.default.contentsOfDirectory(atPath: backups).filter(BackupPruning.isBackupName)
        XCTAssertEqual(files, ["ward-2026-11-21T140500Z.sqlite"], "one backup, named by the clock")
        let record = try await store.backupRecord()
        XCTAssertEqual(record.lastBackupPath, backups + "/ward-2026-11-21T140500Z.sqlite")
        let about = aboutText()
        XCTAssertTrue(about.contains("Automatic backups every 24 h, the newest 14 kept, in \(backups)"), about)
        XCTAssertTrue(about.contains("Last backup: ") && about.contains(" MB, \(backups)/ward-2026-11-21T140500Z.sqlite"), about)

        await checkAgain()
        let after = try FileManager.default.contentsOfDirectory(atPath: backups).filter(BackupPruning.isBackupName)
        XCTAssertEqual(after.count, 1, "not due again for 24 hours")
    }

    /// A ward on a PostgreSQL server has no file to copy: no backup is attempted (it used to
    /// fail on every start, "backup failed" on the status line), and About says the server is
    /// backed up with pg_dump instead of naming a schedule and a folder that do not apply.
    func testAWardOnAServerTakesNoFileBackupAndAboutSaysHowItIsBackedUp() async throws {
        guard let base = ProcessInfo.processInfo.environment["COTSIDE_TEST_POSTGRES_URL"], !base.isEmpty else {
            throw XCTSkip("set COTSIDE_TEST_POSTGRES_URL (`eval \"$(scripts/postgres-test-server start)\"`) for the server ward")
        }
        let url = base + (base.contains("?") ? "&" : "?") + "ward=backup_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        shell = try await AppBootstrap.makeWardShell(options: LaunchOptions(databasePath: url, now: Self.now, environment: environment),
                                                     terminalHasColour: false, persistPreferences: false,
                                                     assumeDisclaimerAccepted: true, askForUser: false)
        await shell.settle()
        XCTAssertEqual(shell.context.repository?.isOnServer, true)
        await tick()
        XCTAssertFalse(FileManager.default.fileExists(atPath: backups), "no file backup of a server ward")
        XCTAssertFalse(statusLine.lowercased().contains("backup"), statusLine)
        let about = aboutText()
        XCTAssertTrue(about.contains("on a PostgreSQL server") && about.contains("pg_dump"), about)
        XCTAssertFalse(about.contains("Automatic backups every"), about)
        await (shell.context.repository as? SQLiteWardStore)?.close()
    }

    func testBackupsOffTakesNoneAndAboutSaysSo() async throws {
        _ = try await store.updateSettings([.backupEveryHours: "0"], by: nil)
        try await startShell()
        await tick()
        XCTAssertFalse(FileManager.default.fileExists(atPath: backups))
        XCTAssertTrue(aboutText().contains("Automatic backups are off"))
    }

    func testAFailedBackupStaysOnTheStatusLineUntilOneSucceeds() async throws {
        // The backup folder cannot be made: a file stands where it would be.
        try FileManager.default.createDirectory(atPath: (backups as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: backups, contents: Data("not a folder".utf8)))
        try await startShell()
        await tick()
        XCTAssertTrue(statusLine.hasPrefix(" Ward · backup failed"), statusLine)
        let failed = try await store.backupRecord()
        XCTAssertNotNil(failed.standingFailure)

        try FileManager.default.removeItem(atPath: backups)
        // Another workstation succeeds: this one's next minute check reads the record.
        XCTAssertTrue(screenText(width: 300).contains("Automatic backup failed: the backup folder \(backups) is a file"), screenText(width: 300))
        _ = try await store.finishBackup(holder: "other", .succeeded(path: "/elsewhere/ward-x.sqlite", bytes: 10), at: Self.now)
        await checkAgain()
        XCTAssertFalse(statusLine.contains("backup failed"), statusLine)
        XCTAssertTrue(aboutText().contains("/elsewhere/ward-x.sqlite"))
    }
}
