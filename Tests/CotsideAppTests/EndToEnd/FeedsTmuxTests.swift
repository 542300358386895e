import ChildProcess
import Foundation
import XCTest

/// The real binary in tmux on a demo ward: an infusion charted from the command line shows in
/// the cot's intake (mL and mL/kg), a vomit logged in the feed form shows as output, and `S` in
/// History stops the infusion.
final class FeedsTmuxTests: XCTestCase {
    func testAnInfusionChartedStoppedAndAVomitAsOutputInTmux() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-feeds-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let ward = home.appendingPathComponent("w.sqlite").path
        let environment = TmuxSession.environment(home: home)
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.merge(environment) { _, new in new }
        let demo = try ChildProcess.run(binary, ["demo", "--db", ward, "--cots", "6", "--days", "10"], environment: processEnvironment)
        XCTAssertEqual(demo.status, 0, demo.stderr)
        let infusion = try ChildProcess.run(binary, ["log", "feed", "--db", ward, "--bed", "2", "--kind", "iv", "--fluid", "10% glucose",
                                                     "--rate-ml-h", "6", "--at", "-3h", "--notes", "long line trial", "--by", "AA"],
                                            environment: processEnvironment)
        XCTAssertEqual(infusion.status, 0, infusion.stderr)
        XCTAssertTrue(infusion.stdout.contains("IV 10% glucose 6 mL/h from"), infusion.stdout)

        let tmux = TmuxSession(prefix: "cotside-feeds-e2e")
        defer { tmux.kill() }
        try tmux.start([binary, "--db", ward], environment: environment, width: 120, height: 30)
        try tmux.waitFor("I understand")
        try tmux.send("Enter")
        try tmux.waitFor("Who is at the keyboard?")
        try tmux.send("-l", "AA")
        try tmux.send("Enter")
        try tmux.waitFor("User: Aisha Ahmed (AA)")
        try tmux.send("j")                                  // bed 2
        try tmux.waitFor("Bed 2 · ")
        try tmux.waitFor("mL/kg")                           // the intake line gives mL/kg of the latest weight

        // A vomit in the feed form: time, kind (9th), amount, notes.
        try tmux.send("f")
        try tmux.waitFor("Log a feed")
        try tmux.send("Tab", "9", "Tab")
        try tmux.waitFor("Output mL")
        try tmux.send("C-u")
        try tmux.send("-l", "6")
        try tmux.send("Enter")
        try tmux.waitFor("Logged vomit (output) 6 mL for bed 2")
        try tmux.waitFor("· output 6 mL (")

        // History of bed 2: find the infusion by its notes and stop it with S.
        try tmux.send("Enter")
        try tmux.waitFor("Bed 2 ")
        try tmux.send("/")
        try tmux.waitFor("Search notes")
        try tmux.send("-l", "trial")
        try tmux.send("Enter")
        // The search's own rows, not the whole History still on screen (the vomit was newest there).
        var screen = try tmux.waitFor("10% glucose · 6 mL/h · running", without: ["vomit"])
        try tmux.send("S")
        try tmux.waitFor("Stop the infusion?")
        try tmux.send("y")
        try tmux.waitFor("Stopped the infusion for bed 2")
        screen = try tmux.waitFor("10% glucose · 6 mL/h · stopped")
        XCTAssertFalse(screen.contains { $0.contains("running") }, screen.joined(separator: "\n"))
    }
}
