import Foundation
import WardSQL
@testable import WardStore
import WardStorePostgres
import XCTest

/// Live updates and losing the server, on the test server (`COTSIDE_TEST_POSTGRES_URL`): another
/// workstation's commit arrives as an event within a second, this process's own writes and
/// rolled-back ones never do, a dropped listener says lost → restored → anything-may-have-changed
/// once, and while the server is away reads and writes are refused at once, nothing queued. The
/// server is "lost" by killing backends or through a `TCPProxy`, never by stopping it.
final class PostgresChangeFeedTests: XCTestCase {
    /// Quick enough for tests: a ping every 200 ms, lost after 500 ms unanswered, retries from 100 ms.
    static let quick = PostgresFeedTiming(pingInterval: .milliseconds(200), pingTimeout: .milliseconds(500),
                                          firstRetryDelay: .milliseconds(100), maxRetryDelay: .milliseconds(400))

    struct Ward {
        let location: PostgresLocation
        let drop: @Sendable () async throws -> Void
    }

    /// A fresh schema (migrated when `migrated`), or a skip naming the variable (a failure in CI).
    func freshWard(migrated: Bool = true) async throws -> Ward? {
        guard let server = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return nil }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let (database, drop) = try await PostgresTestServer.freshSchema(at: server)
        if migrated { try await WardMigrations.postgresRunner.migrate(database) }
        let schema = try await database.read { try $0.fetchValue("SELECT current_schema()::text", as: String.self) }
        return Ward(location: try server.with(ward: try XCTUnwrap(schema)), drop: drop)
    }

    /// Another workstation: its own `application_name`, so its writes are not this process's.
    func workstation(_ location: PostgresLocation, timing: PostgresFeedTiming = PostgresFeedTiming()) async throws -> PostgresSQLDatabase {
        try await PostgresSQLDatabase.open(location, applicationName: "cotside-test-\(UUID().uuidString.prefix(8))",
                                           feedTiming: timing)
    }

    func testAnotherWorkstationsInsertArrivesWithinASecond() async throws {
        guard let ward = try await freshWard() else { return }
        let here = try await workstation(ward.location)
        let there = try await workstation(ward.location)
        let recorder = ChangeEventRecorder(here.events())
        let listening = await here.waitUntilListening()
        XCTAssertTrue(listening)
        var fromCommit: [Double] = []
        var fromStart: [Double] = []
        for i in 0..<20 {
            let start = ContinuousClock.now
            let seen = recorder.events.count
            _ = try await there.write { try $0.execute("INSERT INTO ward_setting (key, value) VALUES (\("k\(i)"), 'v')") }
            let committed = ContinuousClock.now
            let arrived = await recorder.first(from: seen, within: .seconds(1)) { $0 == .tablesChanged(["ward_setting"]) }
            guard let arrived else {
                XCTFail("insert \(i) was not reported within 1 s; events: \(recorder.events.map(\.shape))")
                break
            }
            fromCommit.append((arrived.at - committed).inMilliseconds)
            fromStart.append((arrived.at - start).inMilliseconds)
        }
        let report = { (name: String, values: [Double]) in
            let sorted = values.sorted()
            return "\(name): median \(sorted[sorted.count / 2].fixed(2)) ms, max \(sorted.last!.fixed(2)) ms"
        }
        if !fromCommit.isEmpty {
            print("change feed latency over \(fromCommit.count) inserts — \(report("after COMMIT returned", fromCommit)); "
                  + report("from the write's start", fromStart))
            XCTAssertLessThan(fromStart.max()!, 1000)
        }
        XCTAssertEqual(Set(recorder.events.map(\.shape)), ["tables ward_setting"], "nothing but the inserts")
        recorder.stop()
        await here.close()
        await there.close()
        try await ward.drop()
    }

    /// This process's own writes, a rolled-back write, another ward's notice and a stranger's
    /// NOTIFY all say nothing: the first event is the marker written after them.
    func testOwnWritesRollbacksAndOtherWardsAreNotReported() async throws {
        guard let ward = try await freshWard() else { return }
        let here = try await workstation(ward.location)
        let there = try await workstation(ward.location)
        let recorder = ChangeEventRecorder(here.events())
        let listening = await here.waitUntilListening()
        XCTAssertTrue(listening)

        _ = try await here.write { db in
            try db.execute("INSERT INTO staff (name, initials, role, createdAt, updatedAt) VALUES ('Ann', 'AN', 'nurse', 0, 0)")
        }
        do {
            try await there.write { db in
                try db.execute("UPDATE ward_identity SET createdAt = 1")
                throw CancellationError()
            }
            XCTFail("the write was meant to roll back")
        } catch is CancellationError {}
        try await there.write { db in
            _ = try db.fetchAll("SELECT pg_notify('cotside_changes', '{\"schema\":\"another_ward\",\"table\":\"patient\",\"application\":\"x\"}')")
            _ = try db.fetchAll("SELECT pg_notify('cotside_changes', 'not a cotside notice')")
        }
        _ = try await there.write { try $0.execute("INSERT INTO ward_setting (key, value) VALUES ('marker', 'v')") }

        let marker = await recorder.first(within: .seconds(2)) { _ in true }
        XCTAssertEqual(marker?.index, 0)
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(recorder.events, [.tablesChanged(["ward_setting"])])
        recorder.stop()
        await here.close()
        await there.close()
        try await ward.drop()
    }

    /// One transaction writing several tables is one event naming them all.
    func testOneTransactionIsOneEventNamingItsTables() async throws {
        guard let ward = try await freshWard() else { return }
        let here = try await workstation(ward.location)
        let there = try await workstation(ward.location)
        let recorder = ChangeEventRecorder(here.events())
        _ = await here.waitUntilListening()
        try await there.write { db in
            try db.execute("INSERT INTO staff (name, initials, role, createdAt, updatedAt) VALUES ('Ann', 'AN', 'nurse', 0, 0)")
            try db.execute("INSERT INTO ward_setting (key, value) VALUES ('a', 'b')")
            try db.execute("UPDATE staff SET name = 'Anne'")
        }
        let event = await recorder.first(within: .seconds(1)) { _ in true }
        XCTAssertNotNil(event)
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(recorder.events, [.tablesChanged(["staff", "ward_setting"])])
        recorder.stop()
        await here.close()
        await there.close()
        try await ward.drop()
    }

    /// The listener's backend ended by an administrator: lost, restored, anything-may-have-changed,
    /// each once; then the feed reports changes again and the reads and writes never stopped.
    func testAKilledListenerReportsLostRestoredAndAnythingOnce() async throws {
        guard let ward = try await freshWard() else { return }
        let here = try await workstation(ward.location, timing: Self.quick)
        let there = try await workstation(ward.location)
        let recorder = ChangeEventRecorder(here.events())
        _ = await here.waitUntilListening()
        let lanePids = [try await here.read { try $0.fetchValue("SELECT pg_backend_pid()", as: Int64.self) },
                        try await here.write { try $0.fetchValue("SELECT pg_backend_pid()", as: Int64.self) }].compactMap { $0 }
        let lanes = "{" + lanePids.map(String.init).joined(separator: ",") + "}"
        let killed = try await there.write { db in
            try db.fetchValue("""
                SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE application_name = \(here.applicationName) AND pid <> ALL(\(lanes)::text::bigint[])) AS ended
                """, as: Int64.self)
        }
        XCTAssertEqual(killed, 1, "the listener's backend")
        let restored = await recorder.first(within: .seconds(3)) { $0 == .anythingMayHaveChanged }
        XCTAssertNotNil(restored, "events: \(recorder.events.map(\.shape))")
        try await Task.sleep(for: .milliseconds(600))
        XCTAssertEqual(recorder.events.map(\.shape), ["lost", "restored", "anything"])

        _ = try await there.write { try $0.execute("INSERT INTO ward_setting (key, value) VALUES ('after', 'v')") }
        let after = await recorder.first(from: 3, within: .seconds(1)) { $0 == .tablesChanged(["ward_setting"]) }
        XCTAssertNotNil(after, "changes are reported again after the reconnect")
        _ = try await here.write { try $0.execute("INSERT INTO ward_setting (key, value) VALUES ('mine', 'v')") }
        recorder.stop()
        await here.close()
        await there.close()
        try await ward.drop()
    }

    /// The server gone (its port closed, every connection reset): the feed says lost; then a write
    /// and a read are refused at once with `.connectionLost` saying nothing was saved or read; the
    /// server back, the feed reconnects by itself (restored, then anything-may-have-changed once)
    /// and writes work again. A database with no feed running refuses as fast (connection refused).
    func testDuringAnOutageWritesAndReadsFailFastAndTheFeedReconnects() async throws {
        guard let ward = try await freshWard(migrated: false) else { return }
        let proxy = try TCPProxy(toLocalPort: ward.location.port)
        let proxied = try PostgresLocation(user: ward.location.user, host: "127.0.0.1", port: Int(proxy.port),
                                           database: ward.location.database, tls: ward.location.tls, ward: ward.location.ward)
        let here = try await workstation(proxied, timing: Self.quick)
        let unwatched = try await workstation(proxied)
        _ = try await here.write { try $0.execute("CREATE TABLE note (x bigint)") }
        let recorder = ChangeEventRecorder(here.events())
        _ = await here.waitUntilListening()

        proxy.stop()
        let lost = await recorder.first(within: .seconds(2)) { $0.isLost }
        XCTAssertNotNil(lost, "the feed noticed; events: \(recorder.events.map(\.shape))")
        for database in [here, unwatched] {
            let start = ContinuousClock.now
            do {
                _ = try await database.write { try $0.execute("INSERT INTO note (x) VALUES (1)") }
                XCTFail("a write with the server away must be refused")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .connectionLost)
                XCTAssertFalse(error.isCommitOutcomeUnknown)
                XCTAssertTrue(error.message.contains("nothing was saved"), error.message)
            }
            let readStart = ContinuousClock.now
            do {
                _ = try await database.read { try $0.fetchAll("SELECT x FROM note") }
                XCTFail("a read with the server away must be refused")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .connectionLost)
                XCTAssertTrue(error.message.contains("nothing was read"), error.message)
            }
            let writeTook = (readStart - start).inMilliseconds, readTook = (ContinuousClock.now - readStart).inMilliseconds
            print("refused during an outage (\(database === here ? "feed running" : "no feed")): write in "
                  + "\(writeTook.fixed(2)) ms, read in \(readTook.fixed(2)) ms")
            XCTAssertLessThan(writeTook, 500)
            XCTAssertLessThan(readTook, 500)
        }

        try proxy.start()
        let back = await recorder.first(within: .seconds(3)) { $0 == .anythingMayHaveChanged }
        XCTAssertNotNil(back, "the feed reconnected by itself; events: \(recorder.events.map(\.shape))")
        XCTAssertEqual(recorder.events.map(\.shape), ["lost", "restored", "anything"])
        _ = try await here.write { try $0.execute("INSERT INTO note (x) VALUES (2)") }
        let count = try await unwatched.read { try $0.fetchValue("SELECT count(*) FROM note", as: Int64.self) }
        XCTAssertEqual(count, 1, "nothing written during the outage was queued")
        recorder.stop()
        await here.close()
        await unwatched.close()
        proxy.stop()
        try await ward.drop()
    }

    /// A server that stops answering with its sockets open (a pulled cable): the ping goes
    /// unanswered, the feed says lost and a write waiting on the server fails within about a
    /// second instead of hanging in TCP's retries.
    func testAServerThatStopsAnsweringFailsAWaitingWrite() async throws {
        guard let ward = try await freshWard(migrated: false) else { return }
        let proxy = try TCPProxy(toLocalPort: ward.location.port)
        let proxied = try PostgresLocation(user: ward.location.user, host: "127.0.0.1", port: Int(proxy.port),
                                           database: ward.location.database, tls: ward.location.tls, ward: ward.location.ward)
        let here = try await workstation(proxied, timing: Self.quick)
        _ = try await here.write { try $0.execute("CREATE TABLE note (x bigint)") }
        let recorder = ChangeEventRecorder(here.events())
        _ = await here.waitUntilListening()

        proxy.freeze()
        // Were the write left waiting, the test would not hang: the cable comes back after 4 s.
        let thawing = Task {
            try await Task.sleep(for: .seconds(4))
            proxy.thaw()
        }
        let start = ContinuousClock.now
        do {
            _ = try await here.write { try $0.execute("INSERT INTO note (x) VALUES (1)") }
            XCTFail("a write to a server that does not answer must fail")
        } catch let error as SQLEngineError {
            XCTAssertEqual(error.kind, .connectionLost, "\(error)")
        }
        let took = (ContinuousClock.now - start).inMilliseconds
        XCTAssertLessThan(took, 2000)
        // The loss reaches listeners through the event stream, which may land just after the
        // write's error (it did under a loaded full run): wait for it rather than race it.
        _ = await recorder.first(within: .seconds(1)) { _ in true }
        XCTAssertEqual(recorder.events.first?.shape, "lost")
        // The next write does not try the silent server (a connection attempt could wait 10 s).
        let again = ContinuousClock.now
        do {
            _ = try await here.read { try $0.fetchAll("SELECT x FROM note") }
            XCTFail("a read with the server silent must be refused")
        } catch let error as SQLEngineError {
            XCTAssertEqual(error.kind, .connectionLost, "\(error)")
            XCTAssertTrue(error.message.contains("has not answered for"), error.message)
        }
        let refusedIn = (ContinuousClock.now - again).inMilliseconds
        print("a silent server: the waiting write failed after \(took.fixed(0)) ms, the next read was refused in \(refusedIn.fixed(2)) ms")
        XCTAssertLessThan(refusedIn, 100)
        thawing.cancel()
        proxy.thaw()
        recorder.stop()
        await here.close()
        proxy.stop()
        try await ward.drop()
    }

    /// The connection cut while COMMIT is on its way (a deferred trigger keeps the COMMIT busy
    /// while an administrator ends the backend): reported as maybe saved, never as not saved.
    func testACommitCutOffIsReportedAsMaybeSaved() async throws {
        guard let ward = try await freshWard(migrated: false) else { return }
        let here = try await workstation(ward.location)
        let admin = try await workstation(ward.location)
        try await here.write { db in
            try db.execute("CREATE TABLE slow (x bigint)")
            try db.execute("""
                CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$
                """)
            try db.execute("""
                CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON slow DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW EXECUTE FUNCTION slow_commit()
                """)
        }
        let name = here.applicationName
        let killer = Task {
            for _ in 0..<200 {
                try await Task.sleep(for: .milliseconds(20))
                let ended = try await admin.write { db in
                    try db.fetchValue("""
                        SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                            WHERE application_name = \(name) AND state = 'active' AND query = 'COMMIT') AS ended
                        """, as: Int64.self)
                }
                if ended == 1 { return true }
            }
            return false
        }
        do {
            _ = try await here.write { try $0.execute("INSERT INTO slow (x) VALUES (1)") }
            XCTFail("the COMMIT was cut off")
        } catch let error as SQLEngineError {
            XCTAssertTrue(error.isCommitOutcomeUnknown, "\(error)")
            XCTAssertEqual(error.kind, .connectionLost)
            XCTAssertTrue(error.message.contains("may not have been saved — check before recording it again"), error.message)
        }
        let killed = try await killer.value
        XCTAssertTrue(killed)
        _ = try await here.write { try $0.execute("INSERT INTO slow (x) VALUES (2)") }
        await here.close()
        await admin.close()
        try await ward.drop()
    }
}

extension Duration {
    var inMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension Double {
    func fixed(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}
