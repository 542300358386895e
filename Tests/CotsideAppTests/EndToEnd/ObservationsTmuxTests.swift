import ChildProcess
import Foundation
import XCTest

/// Drives the real binary in tmux (the curses backend) through an obs round on a demo ward:
/// `n` then `o` on a cot, Tab between the values, a heart rate marked high as it is typed,
/// oxygen in litres, Enter saves every value at one time, and History shows the SpO2 with
/// its oxygen. Only this test's session is killed.
final class ObservationsTmuxTests: XCTestCase {
    func testAnObsRoundInTheRealTerminal() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-obs-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TmuxSession.environment(home: home)
        let ward = home.appendingPathComponent("ward.sqlite").path
        let demo = try ChildProcess.run(binary, ["demo", "--db", ward, "--cots", "2", "--days", "2"], environment: environment)
        XCTAssertEqual(demo.status, 0)

        let session = TmuxSession(prefix: "cotside-obs-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", ward], environment: environment, width: 120, height: 35)
        try session.waitFor("I understand")
        try session.send("Enter")
        try session.waitFor("Who is at the keyboard?")
        try session.send("Enter")   // the first member in the list (a demo ward has no PINs)
        try session.waitFor("User: ")
        try session.send("n")
        try session.waitFor("Observations (temp, HR, RR, SpO2, BP, glucose, pain)")
        try session.send("o")
        try session.waitFor("Chart observations")
        try session.send("Tab")
        try session.send("-l", "36.9")
        try session.send("Tab")
        try session.send("-l", "230")
        let marked = try session.waitFor("▲ high (goal").joined(separator: "\n")
        XCTAssertTrue(marked.contains("Heart rate"), marked)
        try session.send("Tab", "Tab")
        try session.send("-l", "93")
        try session.send("Tab", "3", "Tab")   // oxygen: litres per minute, then its flow
        try session.send("-l", "0.5")
        try session.send("Enter")
        try session.waitFor("Charted observations (Temperature, Heart rate, SpO2)")
        try session.send("2")
        let history = try session.waitFor("93 % on 0.5 L/min").joined(separator: "\n")
        XCTAssertTrue(history.contains("230 bpm") && history.contains("36.9 °C"), history)
        try session.send("q")
        try session.waitFor("[exited 0]")
    }
}
