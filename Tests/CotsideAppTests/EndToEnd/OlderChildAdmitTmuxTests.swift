import Foundation
import XCTest

/// Admitting a 4-year-old through the real binary in tmux: gestation and birth weight left
/// empty, the admission goes in and the Dashboard shows the child's age in years; a later
/// weight typed in kg is charted in grams.
final class OlderChildAdmitTmuxTests: XCTestCase {
    func testAFourYearOldIsAdmittedFromTheScreenWithoutBirthFacts() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-olderchild-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TmuxSession.environment(home: home, term: "xterm-256color")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let born = calendar.date(byAdding: DateComponents(year: -4, month: -2), to: Date())!
        let dob = String(format: "%04d-%02d-%02d", calendar.component(.year, from: born), calendar.component(.month, from: born),
                         calendar.component(.day, from: born))

        let session = TmuxSession(prefix: "cotside-olderchild-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", home.appendingPathComponent("ward.sqlite").path], environment: environment,
                          width: 100, height: 30)
        try session.waitFor("I understand")
        try session.send("Enter")
        try session.waitFor("Who is at the keyboard?")
        try session.send("a")
        try session.waitFor("Add myself")
        try session.send("-l", "Nia Nurse")
        try session.send("Tab")
        try session.send("-l", "NN")
        try session.send("Enter")
        try session.chooseFirstPin("2468")
        try session.waitFor("User: Nia Nurse (NN)")
        try session.send("A")
        try session.waitFor("Admit patient")
        for (i, value) in ["9", "Tom", "Four", "H409", dob].enumerated() {
            if i > 0 { try session.send("Tab") }
            try session.send("-l", value)
        }
        try session.send("Tab", "1", "Tab")  // sex; gestation left empty
        try session.waitFor("optional if older")
        try session.send("Tab")               // birth weight left empty
        try session.send("Enter")
        try session.waitFor("Occupied cots 1")
        let dashboard = try session.waitFor("Tom Four")
        XCTAssertTrue(dashboard.contains { $0.contains("Tom Four") && $0.contains("4 y 2 mo") }, dashboard.joined(separator: "\n"))
        XCTAssertTrue(dashboard.contains { $0.contains("gestation and birth weight not recorded") },
                      dashboard.joined(separator: "\n"))

        try session.send("n")                 // new entry → measurement (weight first)
        try session.waitFor("New entry")
        try session.send("v")
        try session.waitFor("Weight (g or kg)")
        try session.send("Tab", "Tab")
        try session.send("-l", "16.4 kg")
        try session.send("Enter")
        try session.waitFor("Charted Weight 16400 g for bed 9")
        try session.send("q")
        try session.waitFor("[exited 0]")
    }
}
