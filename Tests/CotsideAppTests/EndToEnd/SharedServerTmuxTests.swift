import ChildProcess
import CotsideApp
import Foundation
import WardStore
import XCTest

/// Two workstations on one ward on a PostgreSQL server: Cotside full screen in tmux, and the
/// command line as a second workstation. A nappy logged on the command line shows on the
/// screen without a key being pressed (the server's notification, not a poll); two command
/// lines racing the same as-needed dose give it exactly once.
final class SharedServerTmuxTests: XCTestCase {
    static let serverVariable = "COTSIDE_TEST_POSTGRES_URL"

    /// The test server's URL with a ward schema of this test's own (Cotside makes it).
    func wardURL() throws -> String {
        guard let base = ProcessInfo.processInfo.environment[Self.serverVariable], !base.isEmpty else {
            let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
            if ci { XCTFail("CI is set but \(Self.serverVariable) is not: the shared-server test cannot be skipped in CI") }
            throw XCTSkip("set \(Self.serverVariable) (`eval \"$(scripts/postgres-test-server start)\"`) to run the shared-server test")
        }
        let ward = "e2e_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return base + (base.contains("?") ? "&" : "?") + "ward=" + ward
    }

    func testAChangeOnAnotherWorkstationShowsAndARacedDoseIsGivenOnce() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let url = try wardURL()
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TmuxSession.environment(home: home)

        // The ward, set up as a ward admin would: a nurse, no PINs, a baby with an as-needed drug.
        let store = try await AppBootstrap.openStore(options: LaunchOptions(databasePath: url, environment: environment))
        let nurse = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil).record
        let doctor = try await store.addStaff(StaffDraft(name: "Dara Doctor", initials: "DD", role: .doctor), by: nurse.id).record
        _ = try await store.updateSettings([.requirePin: "false"], by: nurse.id)
        let admittedAt = Date().addingTimeInterval(-3600)
        let ada = try await store.admit(PatientDraft(
            bedLabel: "3", givenName: "Ada", familyName: "Lovelace", hospitalNumber: "H123",
            dateOfBirth: CalendarDay("2026-11-18")!, sex: .female, gestationalAgeWeeks: 38, gestationalAgeDays: 2,
            birthWeightGrams: 3100, admittedAt: admittedAt), by: nurse.id).record
        _ = try await store.addMedication(MedicationDraft(
            patientId: ada.id, drugName: "paracetamol", doseAmount: 45, doseUnit: .mg, route: .oral,
            schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4), startsAt: admittedAt,
            category: .antipyretic), by: doctor.id)
        await store.close()

        let screen = TmuxSession(prefix: "cotside-shared")
        defer { screen.kill() }
        try screen.start([binary, "--db", url], environment: environment, width: 120, height: 35)
        try screen.waitFor("I understand")
        try screen.send("Enter")
        try screen.waitFor("Who is at the keyboard?")
        try screen.send("-l", "NN")
        try screen.send("Enter")
        try screen.waitFor("Occupied cots 1 · changes today 0")

        // Another workstation logs a nappy: the screen shows it with no key pressed.
        let logged = try cotside(["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "NN", "--db", url], environment)
        XCTAssertEqual(logged.status, 0, logged.stderr)
        try screen.waitFor("Occupied cots 1 · changes today 1", timeout: 5)

        // Two workstations give the same as-needed dose at once: exactly one is recorded.
        let racers = (0..<2).map { _ in
            Task.detached { try Self.runCotside(binary, ["log", "dose", "--bed", "3", "--drug", "paracetamol", "--by", "NN",
                                                         "--db", url], environment) }
        }
        var outcomes: [ChildProcess.Outcome] = []
        for racer in racers { outcomes.append(try await racer.value) }
        XCTAssertEqual(outcomes.filter { $0.status == 0 }.count, 1, outcomes.map(\.stderr).joined(separator: "\n"))
        let refused = outcomes.first { $0.status != 0 }
        XCTAssertEqual(refused?.status, 2)
        XCTAssertTrue(refused?.stderr.contains("minimum interval") == true, refused?.stderr ?? "")

        try screen.send("q")
        try screen.waitFor("[exited 0]")
    }

    func cotside(_ arguments: [String], _ environment: [String: String]) throws -> ChildProcess.Outcome {
        try Self.runCotside(try TmuxSession.cotsideBinary(), arguments, environment)
    }

    static func runCotside(_ binary: String, _ arguments: [String], _ environment: [String: String]) throws -> ChildProcess.Outcome {
        var env = ProcessInfo.processInfo.environment
        // The messages read are English whatever the machine's locale.
        env["LC_ALL"] = nil
        env["LC_MESSAGES"] = nil
        env["LANG"] = "C.UTF-8"
        env.merge(environment) { _, new in new }
        return try ChildProcess.run(binary, arguments, environment: env)
    }
}
