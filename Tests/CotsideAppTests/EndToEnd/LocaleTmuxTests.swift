import Foundation
import XCTest

/// The real binary under a language's locale on a real (tmux) terminal. A German workstation's
/// `LANG=de_DE.UTF-8` names a locale many machines have not generated (this one has only C and
/// C.UTF-8): Cotside must still speak German and draw in UTF-8, not fall back to English ASCII.
final class LocaleTmuxTests: XCTestCase {
    func testAGermanLocaleShowsGermanEvenWhereThatLocaleIsNotInstalled() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = TmuxSession.environment(home: home)
        environment["LANG"] = "de_DE.UTF-8"
        let tmux = TmuxSession(prefix: "cotside-locale")
        defer { tmux.kill() }
        try tmux.start([binary, "--db", home.appendingPathComponent("ward.sqlite").path], environment: environment,
                       width: 100, height: 30)
        let screen = try tmux.waitFor("Verstanden").joined(separator: "\n")
        XCTAssertTrue(screen.contains("Übersicht"), screen)
        XCTAssertTrue(screen.contains("┌") || screen.contains("╭") || screen.contains("─"), "UTF-8 frames, not ASCII:\n" + screen)
    }
}
