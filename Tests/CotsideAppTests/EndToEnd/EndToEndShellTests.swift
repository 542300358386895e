import XCTest

/// The real binary on a real (tmux) terminal: disclaimer, tab switching by key and by mouse,
/// help, resize below the minimum, and a clean quit that gives the terminal back.
final class EndToEndShellTests: XCTestCase {
    func testTabsHelpMouseResizeAndCleanQuitInTmux() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start([binary, "--db", home.appendingPathComponent("ward.sqlite").path], environment: [
            "LANG": "C.UTF-8", "TERM": "screen", "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        ], width: 100, height: 30)

        try tmux.waitFor("I understand")
        try tmux.send("Enter")
        // A new ward: the staff picker comes next; add yourself (`a`, name, Tab, initials, Enter)
        // and choose your PIN (a new ward requires PINs).
        try tmux.waitFor("Who is at the keyboard?")
        try tmux.send("a")
        try tmux.waitFor("Add myself")
        for key in ["T", "e", "s", "t", "Tab", "T", "T", "Enter"] { try tmux.send(key) }
        try tmux.chooseFirstPin("2468")
        try tmux.waitFor("? Help")

        try tmux.send("2")
        try tmux.waitFor("No entries yet")

        try tmux.send("?")
        try tmux.waitFor("Keys: History")
        // The overlay's rows can land in more than one write: wait for the row itself rather than
        // read it from the screen that first showed the title (it failed so under load).
        try tmux.waitFor("Go to Tools")
        try tmux.send("Escape")
        try tmux.waitFor("No entries yet")

        // A mouse click on the "Medications" tab title.
        let tabRow = try tmux.capture()[0]
        let column = tabRow.distance(from: tabRow.startIndex, to: tabRow.range(of: "Medications")!.lowerBound)
        try tmux.click(x: column, y: 0)
        try tmux.waitFor("Nothing is due on the ward now")

        _ = try TmuxSession.run(["resize-window", "-t", tmux.name, "-x", "70", "-y", "20"])
        try tmux.waitFor("Enlarge the window to at least 80×24")
        _ = try TmuxSession.run(["resize-window", "-t", tmux.name, "-x", "100", "-y", "30"])
        try tmux.waitFor("Nothing is due on the ward now")

        try tmux.send("q")
        let screen = try tmux.waitFor("[exited 0]")
        // endwin() gave the screen back: the app's frame is gone from the shell's view.
        XCTAssertFalse(screen.contains { $0.contains("? Help") }, screen.joined(separator: "\n"))
    }
}
