import XCTest
@testable import CotsideApp
import TerminalUI

/// Base for app tests: a temporary config/data home per test, a fixed clock, and helpers to
/// drive a shell headlessly and compare the screen with expected lines.
class ShellTestCase: XCTestCase {
    /// 2026-11-21 14:05 UTC, a Saturday.
    static let fixedNow = Date(timeIntervalSince1970: 1_795_269_900)
    var home: URL!

    override func setUp() async throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: home)
    }

    /// Environment that keeps the test away from the user's files.
    var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
        ]
    }

    var preferencesFile: PreferencesFile { PreferencesFile.standard(environment: environment) }

    @MainActor func makeShell(acceptDisclaimer: Bool = true, persist: Bool = true, extraEnvironment: [String: String] = [:],
                   noColour: Bool = false, catalogues: URL? = nil, language: String? = nil) throws -> AppShell {
        var options = LaunchOptions(noColour: noColour, language: language, now: Self.fixedNow,
                                    environment: environment.merging(extraEnvironment) { $1 })
        if let catalogues { options.catalogueDirectory = catalogues }
        return try AppBootstrap.makeShell(options: options, terminalHasColour: true, persistPreferences: persist,
                                          assumeDisclaimerAccepted: acceptDisclaimer).shell
    }

    /// Feeds `keys` (the `--keys` syntax) and returns the frame as text lines.
    @MainActor func screen(_ shell: AppShell, keys: String = "", width: Int = 80, height: Int = 24) -> [String] {
        let parsed = (try? KeySequence.parse(keys).get()) ?? []
        for key in parsed { shell.handle(.key(key)) }
        return shell.render(width: width, height: height).lines
    }

    /// Compares whole lines (trailing spaces ignored) and shows both screens on failure.
    func assertScreen(_ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let trim = { (s: String) in String(s.reversed().drop { $0 == " " }.reversed()) }
        let a = actual.map(trim), e = expected.map(trim)
        if a != e {
            XCTFail("screen differs\n--- expected\n\(e.joined(separator: "\n"))\n--- actual\n\(a.joined(separator: "\n"))", file: file, line: line)
        }
    }

    /// True when some line contains `text`.
    func assertShows(_ lines: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(lines.contains { $0.contains(text) }, "screen does not show “\(text)”:\n\(lines.joined(separator: "\n"))", file: file, line: line)
    }

    func assertDoesNotShow(_ lines: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.contains { $0.contains(text) }, "screen shows “\(text)” but should not:\n\(lines.joined(separator: "\n"))", file: file, line: line)
    }
}
