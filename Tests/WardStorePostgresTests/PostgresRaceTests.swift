import Foundation
import WardSQL
import WardStorePostgres
import XCTest

/// Two workstations (two `PostgresSQLDatabase` objects, two connections) run the same
/// check-then-insert rule at once — "give an as-needed dose unless one was given within 60
/// minutes" — and exactly one dose is given each time: SERIALIZABLE makes the later commit fail
/// with 40001, and its body, run again, sees the other's dose and refuses.
final class PostgresRaceTests: XCTestCase {
    static let minimumInterval: Int64 = 60 * 60 * 1000

    /// The rule as the store writes it: read, decide, write, with nothing in between.
    static func giveUnlessRecent(at: Int64, by workstation: Int, connection: any SQLConnection, afterCheck: () -> Void) throws -> Bool {
        let recent = try connection.fetchValue("""
            SELECT count(*) FROM dose
            WHERE givenAt > \(at - minimumInterval) AND givenAt < \(at + minimumInterval)
            """, as: Int64.self) ?? 0
        afterCheck()
        guard recent == 0 else { return false }
        try connection.execute("INSERT INTO dose (givenAt, workstation) VALUES (\(at), \(workstation))")
        return true
    }

    func testTwoWorkstationsRacingTheSameDoseGiveItOnce() async throws {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let (first, drop) = try await PostgresTestServer.freshSchema(at: location)
        let second = try await PostgresSQLDatabase.open(first.location, applicationName: "cotside-test-second")
        do {
            _ = try await first.write {
                try $0.execute("CREATE TABLE dose (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, givenAt BIGINT NOT NULL, workstation INT NOT NULL)")
            }
            let workstations = [first, second]
            let hour: Int64 = 60 * 60 * 1000
            // Forced: both check before either inserts (a barrier on each body's first run);
            // then free-running, as two nurses at two carts would.
            for (rounds, forced) in [(20, true), (40, false)] {
                for round in 0..<rounds {
                    let at = Int64(round) * 3 * hour + (forced ? 0 : 1_000 * hour)
                    let barrier = Barrier(parties: 2)
                    let runs = [Counter(), Counter()]
                    let given = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                        for (index, database) in workstations.enumerated() {
                            group.addTask {
                                let gave = try await database.write { connection in
                                    runs[index].increment()
                                    let firstRun = runs[index].value == 1
                                    return try Self.giveUnlessRecent(at: at, by: index, connection: connection) {
                                        if forced && firstRun { barrier.arriveAndWait() }
                                    }
                                }
                                return (index, gave)
                            }
                        }
                        var given: [Int: Bool] = [:]
                        for try await (index, gave) in group { given[index] = gave }
                        return given
                    }
                    XCTAssertEqual(given.values.filter { $0 }.count, 1, "round \(round) (forced: \(forced)): \(given)")
                    if forced, let loser = given.first(where: { !$0.value })?.key {
                        XCTAssertGreaterThanOrEqual(runs[loser].value, 2, "round \(round): the loser's body ran again before refusing")
                    }
                    XCTAssertFalse(barrier.timedOut, "round \(round): a body never reached the barrier")
                }
            }
            let doses = try await first.read { try $0.fetchValue("SELECT count(*) FROM dose", as: Int64.self) }
            XCTAssertEqual(doses, 60, "one dose per round")
        } catch {
            await second.close()
            try? await drop()
            throw error
        }
        await second.close()
        try await drop()
    }
}

/// Holds each party until all have arrived (or 10 seconds have passed), so two bodies each
/// check before either writes.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0
    private(set) var timedOut = false

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= parties {
            condition.broadcast()
            return
        }
        let deadline = Date(timeIntervalSinceNow: 10)
        while arrived < parties {
            if !condition.wait(until: deadline) {
                timedOut = true
                return
            }
        }
    }
}
