import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The way out of every process (`OpenWards.closeAll`) leaves the ward file holding everything
/// written, even when the store is still alive then (the full-screen app closes while its shell
/// still holds the store): a copy of the file alone, without its log, reads the last write.
final class ClosingFoldsTheLogTests: XCTestCase {
    func testCloseAllFoldsTheLogIntoTheWardFileWhileTheStoreIsStillHeld() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ward.sqlite").path
        let store = try SQLiteWardStore(path: path)
        _ = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil)
        // The app's shape: a change watcher running, a screen's read done, the store still held.
        let changes = store.changes()
        let watching = Task { for await _ in changes {} }
        _ = try await store.activeStaff()
        try await Task.sleep(for: .milliseconds(600))

        OpenWards.shared.closeAll()

        let copy = folder.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)  // the file alone, no -wal
        let names = try await DatabaseQueue(path: copy).read { db in try String.fetchAll(db, sql: "SELECT name FROM staff") }
        XCTAssertEqual(names, ["Nia Nurse"], "the ward file itself holds the write")
        watching.cancel()
        withExtendedLifetime(store) {}
    }
}
