import XCTest
@testable import ReportKit

/// Report files hold patient data: 0600, never over an existing file without force, never a
/// partial file, and a refusal that says what is wrong.
final class ReportFileTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reportfile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }

    func testWritesTheBytesReadableByTheOwnerOnly() throws {
        let path = folder + "/handover.txt"
        try ReportFile.write(Array("hello".utf8), to: path, force: false)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "hello")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(try leftovers(), [])
    }

    func testRefusesAnExistingFileUnlessForced() throws {
        let path = folder + "/handover.txt"
        try ReportFile.write(Array("old".utf8), to: path, force: false)
        XCTAssertThrowsError(try ReportFile.write(Array("new".utf8), to: path, force: false)) { error in
            XCTAssertEqual((error as? ReportFileError)?.reason, .exists)
            XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
            XCTAssertTrue("\(error)".contains("--force"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        try ReportFile.write(Array("new".utf8), to: path, force: true)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try leftovers(), [])
    }

    func testSaysTheFolderIsMissing() {
        XCTAssertThrowsError(try ReportFile.write([1], to: folder + "/no-such/handover.pdf", force: false)) { error in
            XCTAssertEqual((error as? ReportFileError)?.reason, .folderMissing)
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
    }

    func testSaysTheFolderIsNotWritableAndLeavesNothing() throws {
        guard getuid() != 0 else { throw XCTSkip("root may write in a read-only folder; run as a normal user to check this") }
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        XCTAssertThrowsError(try ReportFile.write([1], to: locked + "/handover.pdf", force: false)) { error in
            XCTAssertEqual((error as? ReportFileError)?.reason, .notWritable)
            XCTAssertTrue("\(error)".contains("cannot write"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [])
    }

    func testRefusesAFolderAsTheTarget() {
        XCTAssertThrowsError(try ReportFile.write([1], to: folder, force: true)) { error in
            XCTAssertEqual((error as? ReportFileError)?.reason, .exists)
        }
    }
}
