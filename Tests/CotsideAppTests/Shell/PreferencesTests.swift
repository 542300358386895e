import WardStore
import XCTest
@testable import CotsideApp

/// Workstation preferences: where they live, how they are written, and what a bad file does.
final class PreferencesTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testStandardLocationFollowsXDGConfigHomeThenHome() {
        XCTAssertEqual(PreferencesFile.standard(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]).url.path, "/x/cfg/cotside/preferences.json")
        XCTAssertEqual(PreferencesFile.standard(environment: ["HOME": "/h"]).url.path, "/h/.config/cotside/preferences.json")
        // A relative XDG value is ignored, as the XDG spec requires.
        XCTAssertEqual(PreferencesFile.standard(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]).url.path, "/h/.config/cotside/preferences.json")
    }

    func testSaveThenLoadRoundTripsWithPrivateModes() throws {
        let file = PreferencesFile(url: folder.appendingPathComponent("cotside/preferences.json"))
        var prefs = Preferences()
        prefs.theme = "light"
        prefs.language = "en"
        prefs.signedInUsers["0123456789abcdef0123456789abcdef"] = RememberedUser(staffId: 42, initials: "AO", name: "Ama Owusu")
        prefs.disclaimerAcceptedVersion = 1
        try file.save(prefs)
        let (loaded, outcome) = file.load()
        XCTAssertEqual(outcome, .loaded)
        XCTAssertEqual(loaded, prefs)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: file.url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        XCTAssertEqual(fileMode, 0o600)
        XCTAssertEqual(folderMode, 0o700)
    }

    func testMissingFileGivesDefaults() {
        let (prefs, outcome) = PreferencesFile(url: folder.appendingPathComponent("none.json")).load()
        XCTAssertEqual(outcome, .missing)
        XCTAssertEqual(prefs, Preferences())
        XCTAssertFalse(prefs.disclaimerAccepted)
    }

    func testCorruptFileIsMovedAsideNotOverwritten() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("preferences.json")
        try Data("{not json".utf8).write(to: url)
        let (prefs, outcome) = PreferencesFile(url: url).load()
        XCTAssertEqual(prefs, Preferences())
        guard case .corrupt(let aside, let problem) = outcome else { return XCTFail("expected corrupt, got \(outcome)") }
        XCTAssertEqual(problem, "is not valid preferences JSON")
        XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), "{not json", "the user's file is kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    /// The shift's defect: a preferences file that could not be read (mode 000 for its user) was
    /// taken as missing and rewritten with defaults. A folder in its place cannot be read even
    /// by root, so it stands in for the unreadable file here.
    func testAnUnreadableFileIsMovedAsideAndSaid() throws {
        let url = folder.appendingPathComponent("preferences.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let (prefs, outcome) = PreferencesFile(url: url).load()
        XCTAssertEqual(prefs, Preferences())
        guard case .corrupt(let aside, let problem) = outcome else { return XCTFail("expected corrupt, got \(outcome)") }
        XCTAssertEqual(problem, "cannot be read (is a directory)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside), "kept, moved aside")
        XCTAssertEqual(outcome.message(path: url.path),
                       "The preferences file \(url.path) cannot be read (is a directory); it was moved to \(aside) and defaults are in use.")
        XCTAssertTrue(outcome.allowsSaving, "the name is free again")
    }

    /// When it cannot be moved either (a folder the user may not write), it is kept and never
    /// saved over.
    func testAnUnreadableFileThatCannotBeMovedIsKeptAndNotSavedOver() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("preferences.json")
        try Data("{not json".utf8).write(to: url)
        var file = PreferencesFile(url: url)
        file.moveAside = { _, _ in throw POSIXError(.EACCES) }
        let (_, outcome) = file.load()
        XCTAssertEqual(outcome, .keptUnreadable(problem: "is not valid preferences JSON"))
        XCTAssertFalse(outcome.allowsSaving)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "{not json")
    }

    func testOlderFilesWithMissingKeysStillLoad() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("preferences.json")
        try Data(#"{"theme":"monochrome","futureSetting":3}"#.utf8).write(to: url)
        let (prefs, outcome) = PreferencesFile(url: url).load()
        XCTAssertEqual(outcome, .loaded)
        XCTAssertEqual(prefs.theme, "monochrome")
        XCTAssertEqual(prefs.language, Catalogues.system, "a file without a language follows the locale")
        XCTAssertTrue(prefs.bellOnOverdue)
    }
}
