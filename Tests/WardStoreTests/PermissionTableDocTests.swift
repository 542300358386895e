import Foundation
import XCTest
@testable import WardStore

/// The README's permission table is the code's (`WardPermission.markdownTable`), so the two
/// cannot drift apart: a change of who may do what fails here until the README says it too.
final class PermissionTableDocTests: XCTestCase {
    func testTheReadmeShowsThePermissionTableTheStoreEnforces() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = WardPermission.markdownTable()
        XCTAssertTrue(readme.contains(table), "README.md should hold, under \"Who may do what\":\n\n\(table)\n")
    }
}
