import XCTest

/// The real binary in tmux: sign in, admit a patient and select it, open Tools, filter to
/// "bsa", type the height (the weight comes from the chart), read the live result, press S,
/// confirm the review, and find the saved result in the patient's History.
final class ToolsEndToEndTests: XCTestCase {
    func testBsaSavedToTheChartAndFoundInHistoryInTmux() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-tools-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = TmuxSession(prefix: "cotside-tools-e2e")
        defer { tmux.kill() }
        try tmux.start([binary, "--db", home.appendingPathComponent("ward.sqlite").path], environment: [
            "LANG": "C.UTF-8", "TZ": "UTC", "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        ], width: 120, height: 35)

        try tmux.waitFor("I understand")
        try tmux.send("Enter")
        try tmux.waitFor("Who is at the keyboard?")
        try tmux.send("a")
        try tmux.waitFor("Add myself")
        try tmux.send("-l", "Nia Nurse")
        try tmux.send("Tab")
        try tmux.send("-l", "NN")
        try tmux.send("Enter")
        try tmux.chooseFirstPin("2468")  // a new ward requires PINs
        try tmux.waitFor("User: Nia Nurse (NN)")
        try tmux.send("A")
        try tmux.waitFor("Admit patient")
        for (i, value) in ["3", "Ada", "Lovelace", "H123", "2026-11-18"].enumerated() {
            if i > 0 { try tmux.send("Tab") }
            try tmux.send("-l", value)
        }
        try tmux.send("Tab", "2", "Tab")
        try tmux.send("-l", "38+2")
        try tmux.send("Tab")
        try tmux.send("-l", "3100")
        try tmux.send("Enter")
        try tmux.waitFor("Admitted bed 3: Ada Lovelace")
        try tmux.send("Enter")                      // select the row: History of bed 3
        try tmux.waitFor("Bed 3 Ada Lovelace")

        try tmux.send("3")
        try tmux.waitFor("Scores & assessment")
        try tmux.send("b", "s", "a")
        try tmux.waitFor("Filter: bsa_")
        try tmux.send("Enter")
        try tmux.waitFor("Body surface area (Mosteller) — BSA")
        try tmux.waitFor("from chart")
        try tmux.send("5", "0")
        // Mosteller √(50 cm × 3.1 kg / 3600) = 0.2075…, shown to 3 decimals.
        var screen = try tmux.waitFor("Body surface area 0.207 m²")
        XCTAssertFalse(screen.contains { $0.contains("✖") }, screen.joined(separator: "\n"))
        try tmux.send("S")
        try tmux.waitFor("I have reviewed this result")
        try tmux.send("Space")
        try tmux.waitFor("[✔] I have reviewed this result")
        try tmux.send("Enter")
        try tmux.waitFor("saved to the chart of bed 3 (Ada Lovelace)")
        try tmux.send("Escape")
        // Opening the tool left the filter: the whole list is back, on BSA, and 2 is a tab key.
        try tmux.waitFor("▶ Body surface area (Mosteller)")
        try tmux.send("2")
        screen = try tmux.waitFor("Body surface area 0.207 m²")
        let row = screen.first { $0.contains("Body surface area 0.207 m²") } ?? ""
        XCTAssertTrue(row.contains("NN"), screen.joined(separator: "\n"))
        XCTAssertTrue(row.contains("Ada Lovelace"), row)
    }
}
