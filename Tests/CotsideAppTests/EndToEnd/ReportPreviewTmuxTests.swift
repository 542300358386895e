import ChildProcess
import Foundation
import XCTest

/// The real binary in tmux on a demo ward: `H` on the Dashboard opens the shift handover, `]`
/// moves to the next cot, `w` saves it as PDF (the suggested name follows the format) into a file
/// only its owner may read, and `p` without CUPS says where the file went and that nothing printed.
final class ReportPreviewTmuxTests: XCTestCase {
    func testTheHandoverIsPreviewedSavedAsPDFAndPrintingWithoutCUPSSaysWhereItWent() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-report-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let ward = home.appendingPathComponent("w.sqlite").path
        var environment = TmuxSession.environment(home: home)
        // No lp on this PATH, whatever the machine has: printing must say so.
        environment["PATH"] = "/nonexistent"
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.merge(TmuxSession.environment(home: home)) { _, new in new }
        let demo = try ChildProcess.run(binary, ["demo", "--db", ward, "--cots", "6", "--days", "10"], environment: processEnvironment)
        XCTAssertEqual(demo.status, 0, demo.stderr)

        let tmux = TmuxSession(prefix: "cotside-report-e2e")
        defer { tmux.kill() }
        try tmux.start([binary, "--db", ward], environment: environment, width: 100, height: 30)
        try tmux.waitFor("I understand")
        try tmux.send("Enter")
        try tmux.waitFor("Who is at the keyboard?")
        try tmux.send("-l", "AA")
        try tmux.send("Enter")
        try tmux.waitFor("User: Aisha Ahmed (AA)")

        try tmux.send("H")
        try tmux.waitFor("Shift handover")
        try tmux.waitFor("Patient: Bed 1 ")
        try tmux.send("]")                                  // the first cot's section, from the report's heading
        try tmux.waitFor("Intake and output", without: ["Shift handover"])
        try tmux.send("]")
        try tmux.waitFor("Patient: Bed 2 ", without: ["Patient: Bed 1 "])

        try tmux.send("w")
        try tmux.waitFor("Save the handover")
        try tmux.send("Tab", "Right", "Right")              // format: text → html → pdf
        try tmux.waitFor(".pdf")
        try tmux.send("Enter")
        try tmux.waitFor("Handover saved to")
        // Suggested in the home folder, named for the report and ending as the format chosen.
        let saved = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("handover-") }
        XCTAssertEqual(saved.count, 1, "\(saved)")
        let name = try XCTUnwrap(saved.first)
        XCTAssertTrue(name.hasSuffix(".pdf"), name)
        let path = home.appendingPathComponent(name).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "patient data is readable by its owner only")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(String(decoding: bytes.prefix(8), as: UTF8.self), "%PDF-1.4")

        try tmux.send("p")
        try tmux.waitFor("Print the report")
        try tmux.waitFor("-2.pdf")                          // not the name just saved
        try tmux.send("Enter")
        try tmux.waitFor("not printed: CUPS' lp is not installed")
    }
}
