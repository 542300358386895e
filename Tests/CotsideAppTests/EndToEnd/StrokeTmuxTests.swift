import ChildProcess
import Foundation
import XCTest

/// The stroke flow in the real binary under curses at 80×24 on a demo ward: the results page
/// scrolls with End, Home and PgDn, nothing is stored before `S`, the save names the selected
/// cot, and the assessment then shows in History and in `cotside stroke export`.
final class StrokeTmuxTests: XCTestCase {
    func testResultsScrollAndAreSavedToTheSelectedCotOnlyAfterReview() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-stroke-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = TmuxSession.environment(home: home, term: "xterm-256color")
        let database = home.appendingPathComponent("w.sqlite").path
        let demo = try ChildProcess.run(binary, ["demo", "--db", database, "--cots", "6", "--days", "10"], environment: environment)
        XCTAssertEqual(demo.status, 0, demo.stderr)
        func exported() throws -> String {
            try ChildProcess.run(binary, ["stroke", "export", "--json", "--db", database], environment: environment).stdout
        }

        let session = TmuxSession(prefix: "cotside-stroke-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", database], environment: environment, width: 80, height: 24)
        try session.waitFor("I understand")
        try session.send("Enter")
        try session.waitFor("Who is at the keyboard?")
        try session.send("-l", "LN")
        try session.send("Enter")
        try session.waitFor("Signed in as")
        try session.send("3")
        try session.send("-l", "stroke")
        try session.send("Enter")
        try session.waitFor("Is the patient comatose")
        try session.send("n", "y")
        try session.waitFor("Full module, step 1 of 2")
        try session.send("1", "2", "2", "2", "2", "Enter")
        try session.waitFor("Full module, step 2 of 2")
        try session.send("7", "0", "Down", "1", "5", "0", "Down", "9", "0", "Down", "1", "0", "0", "Enter")
        try session.waitFor("Stroke triage results — full module")
        try session.waitFor("lines 1–19 of")
        try session.waitFor("S saves it under bed 1")
        try session.send("End")
        try session.waitFor("For research use only")
        try session.waitFor("FAST-ED  +3.79")
        try session.send("Home")
        try session.waitFor("lines 1–19 of")
        try session.send("NPage")
        try session.waitFor("lines 19–37 of")
        XCTAssertEqual(try exported(), "", "nothing is stored before S")

        try session.send("S")
        try session.waitFor("Save the stroke assessment?")
        try session.send("y")
        try session.waitFor("Stroke assessment saved under bed 1")
        let line = try exported()
        XCTAssertTrue(line.contains(#""module":"full""#) && !line.contains(#""patient_id":null"#), line)
        XCTAssertTrue(line.contains(#""fast_ed_arm_weakness":2"#), line)

        try session.send("Escape")
        try session.send("Escape")
        try session.send("2")
        try session.waitFor("Stroke triage full")
        try session.send("q")
        try session.waitFor("[exited 0]")
    }
}
