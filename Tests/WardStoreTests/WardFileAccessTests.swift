import ChildProcess
import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The ward file as found on a real workstation: made by a newer Cotside, not writable, readable
/// by others, a URL where a path belongs, a folder that does not exist yet.
final class WardFileAccessTests: XCTestCase {
    var folder: URL!
    var path: String { folder.appendingPathComponent("ward.sqlite").path }

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Size and modification time of the ward file and its log: a write shows in them.
    func fingerprint() -> [String] {
        [path, path + "-wal"].map { file in
            let attributes = (try? FileManager.default.attributesOfItem(atPath: file)) ?? [:]
            return "\(attributes[.size] ?? "-") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
    }

    func mode(_ file: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
    }

    /// A ward a newer Cotside has migrated (a migration this build does not know, a higher
    /// schema version) opens read-only, names both versions, and refuses writes untouched.
    func testANewerWardIsViewedReadOnlyAndNeverWritten() async throws {
        var store: SQLiteWardStore? = try SQLiteWardStore(path: path)
        _ = try await store!.addStaff(StaffDraft(name: "Kept", initials: "K", role: .nurse), by: nil)
        try await store!.pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99_from_the_future')")
            try db.execute(sql: "PRAGMA user_version = 99")
        }
        await store!.close()
        store = nil
        let before = fingerprint()
        try await Task.sleep(for: .milliseconds(50))  // a write after this shows in the modification time

        let newer = try SQLiteWardStore(path: path)
        let reason = try XCTUnwrap(newer.access.readOnlyReason)
        XCTAssertTrue(reason.contains("made by a newer Cotside (ward schema 99: v99_from_the_future)"), reason)
        XCTAssertTrue(reason.contains("this Cotside writes schema \(WardDatabase.schemaVersion)"), reason)
        XCTAssertTrue(newer.openingNotices.contains { $0.hasPrefix("Opened read-only: it was made by a newer Cotside") },
                      "\(newer.openingNotices)")
        let staff = try await newer.activeStaff()
        XCTAssertEqual(staff.map(\.name), ["Kept"], "the ward can still be viewed")
        do {
            _ = try await newer.addStaff(StaffDraft(name: "Refused", initials: "R", role: .nurse), by: nil)
            XCTFail("a write to a newer ward must be refused")
        } catch let refusal as WardReadOnlyError {
            XCTAssertTrue(refusal.description.hasPrefix("the ward database is open read-only (it was made by a newer Cotside"))
        }
        await newer.close()
        XCTAssertEqual(fingerprint(), before, "opening a newer ward wrote to it")
    }

    /// A file (or folder) this user may not write is opened read-only instead of failing with
    /// "attempt to write a readonly database"; writes are refused with the reason.
    func testAFileThisUserCannotWriteOpensReadOnly() async throws {
        let store = try SQLiteWardStore(path: path)
        _ = try await store.addStaff(StaffDraft(name: "Kept", initials: "K", role: .nurse), by: nil)
        await store.close()
        let opened = try WardDatabase.open(path: path, isWritable: { $0 != self.path })
        XCTAssertEqual(opened.pool.access, .readOnly(reason: "the file \(path) is not writable by this user"))
        let names = try await opened.pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM staff") }
        XCTAssertEqual(names, ["Kept"])
        do {
            _ = try await opened.pool.write { db in try db.execute(sql: "DELETE FROM staff") }
            XCTFail("writes are refused")
        } catch let refusal as WardReadOnlyError {
            XCTAssertEqual(refusal.reason, "the file \(path) is not writable by this user")
        }
        try opened.pool.close()
        let folderLocked = try WardDatabase.open(path: path, isWritable: { $0 != self.folder.path })
        XCTAssertEqual(folderLocked.pool.access.readOnlyReason, "its folder \(folder.path) is not writable by this user")
        try folderLocked.pool.close()
    }

    /// A ward file others can read (0644, say from a copy) is made 0600 with its log, and the
    /// user is told once.
    func testAWorldReadableWardIsMadePrivateOnceAndSaysSo() async throws {
        let first = try SQLiteWardStore(path: path)
        _ = try await first.addStaff(StaffDraft(name: "Kept", initials: "K", role: .nurse), by: nil)
        await first.close()
        chmod(path, 0o644)
        chmod(path + "-wal", 0o644)
        let reopened = try SQLiteWardStore(path: path)
        XCTAssertEqual(reopened.openingNotices, ["Made \(path) private (mode 644 → 600): others on this computer could read the ward's records."])
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try mode(path + "-wal"), 0o600)
        XCTAssertEqual(reopened.access, .readWrite)
        await reopened.close()
        let again = try SQLiteWardStore(path: path)
        XCTAssertEqual(again.openingNotices, [], "said once")
    }

    /// `--db postgres://…` made folders named `postgres:`; where a FILE is needed a URL is
    /// refused, nothing created; another scheme is refused everywhere, naming what is allowed.
    func testAURLIsRefusedWhereAFileIsNeededAndCreatesNothing() throws {
        let cwd = FileManager.default.currentDirectoryPath
        for url in ["postgres://nurse@ward-server/ward", "postgresql://h/db"] {
            XCTAssertThrowsError(try WardDatabaseLocation.resolve(explicitPath: url, environment: [:])) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.hasPrefix("--db \(url): that is a PostgreSQL server, and this needs a ward's SQLite file"), text)
            }
            XCTAssertEqual(try WardDatabaseLocation.address(explicit: url, environment: [:]), .server(url))
        }
        for (explicit, env) in [("file:///tmp/x.sqlite", [String: String]()), (nil, ["COTSIDE_DB": "mysql://h/db"])] {
            XCTAssertThrowsError(try WardDatabaseLocation.address(explicit: explicit, environment: env)) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains("give the path of the ward's SQLite file"), text)
                XCTAssertTrue(text.contains("or a PostgreSQL server (postgres://"), text)
            }
        }
        XCTAssertEqual(try WardDatabaseLocation.address(explicit: nil, environment: ["COTSIDE_DB": "postgres://h/db"]),
                       .server("postgres://h/db"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cwd + "/postgres:"), "no folder named after the URL")
        XCTAssertEqual(try WardDatabaseLocation.resolve(explicitPath: "/srv/a://b/ward.sqlite", environment: [:]),
                       "/srv/a://b/ward.sqlite", "a path that merely contains :// is a path")
        XCTAssertEqual(try WardDatabaseLocation.address(explicit: "/srv/a://b/ward.sqlite", environment: [:]),
                       .file("/srv/a://b/ward.sqlite"))
    }

    /// A `--db` into a folder that does not exist says a new ward is being made, and where.
    func testANewWardInANewFolderSaysWhere() async throws {
        let deep = folder.appendingPathComponent("new/place/ward.sqlite").path
        let store = try SQLiteWardStore(path: deep)
        XCTAssertEqual(store.openingNotices,
                       ["Creating a new, empty ward database at \(deep) (made the folder \(folder.path)/new/place)."])
        XCTAssertEqual(try mode(folder.appendingPathComponent("new/place").path), 0o700)
        XCTAssertEqual(try mode(deep), 0o600)
        XCTAssertThrowsError(try SQLiteWardStore(path: folder.path)) {
            XCTAssertTrue(String(describing: $0).contains("is a folder; give the path of the ward's database file"), "\($0)")
        }
    }
}

/// The reported case for real: `chmod 0400 ward.sqlite; cotside patients` as a non-root user
/// (root may write any file, so under root the binary runs as `nobody` through setpriv).
final class ReadOnlyWardCommandLineTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "the file's permissions make the ward read-only" }

    func run(_ arguments: [String]) throws -> ChildProcess.Outcome {
        var command = [try cotsideBinaryForOtherUsers()] + arguments + ["--db", dbPath, "--now", "2026-03-10T12:00:00Z"]
        if geteuid() == 0 { command = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command }
        let outcome = try ChildProcess.run(command[0], Array(command.dropFirst()),
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "TZ": "Europe/London"])
        XCTAssertFalse(outcome.timedOut)
        return outcome
    }

    func testA0400WardIsListedReadOnlyAndRefusesWrites() async throws {
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else { throw XCTSkip("no built cotside") }
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3", given: "Ava")
        await store.close()
        store = nil
        if geteuid() == 0 {
            for file in [folder.path, dbPath, dbPath + "-wal", dbPath + "-shm"] { _ = file.withCString { chown($0, 65534, 65534) } }
            chmod(folder.path, 0o755)
        }
        chmod(dbPath, 0o400)
        let list = try run(["patients"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("Ava Smith"), list.stdout)
        XCTAssertTrue(list.stderr.contains("Opened read-only: the file \(dbPath) is not writable by this user"), list.stderr)
        let admit = try run(["admit", "--bed", "4", "--given", "Bo", "--family", "Brown", "--hospital-number", "H2",
                             "--dob", "2026-03-09", "--sex", "male", "--ga", "39+0", "--birth-weight-g", "3300", "--by", "AB"])
        XCTAssertEqual(admit.status, 2, admit.stderr)
        XCTAssertTrue(admit.stderr.contains("the ward database is open read-only (the file \(dbPath) is not writable by this user); nothing was saved"),
                      admit.stderr)
    }
}

/// A ward file copied alone (no -wal, no -shm) into a folder the user may not write: SQLite cannot
/// read a WAL-mode file there, and the message says why and what to do instead of "attempt to
/// write a readonly database". Needs a user who cannot write the folder: run as nobody via setpriv.
final class ReadOnlyFolderCommandLineTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "the folder's permissions make the ward read-only" }

    func testAWardCopiedAloneIntoAReadOnlyFolderSaysWhatToDo() async throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to run the check as another user") }
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else { throw XCTSkip("no built cotside") }
        _ = try await admit(bed: "3", given: "Ava")
        await store.close()
        store = nil
        OpenWards.shared.closeAll()
        let alone = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("ward.sqlite").path
        try FileManager.default.copyItem(atPath: dbPath, toPath: copy)
        chmod(folder.path, 0o755)
        chmod(alone.path, 0o755)
        chmod(copy, 0o444)
        let outcome = try ChildProcess.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                                 try cotsideBinaryForOtherUsers(), "patients", "--db", copy],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp"])
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("its folder \(alone.path) is not writable and no \(copy)-shm lies beside it; "
                                              + "copy the file to a folder you can write"), outcome.stderr)
    }
}

/// A ward is fast to open whatever the last process left: a bulk write's log is folded in.
final class WriteAheadLogTests: XCTestCase {
    var folder: URL!
    var path: String { folder.appendingPathComponent("ward.sqlite").path }

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func walSize() -> Int { (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1 }

    /// Closing the process's wards (every exit path calls this) truncates a large log, and
    /// leaves an everyday one alone (an empty log would make the next read-only start write).
    func testClosingTruncatesALargeLogOnly() async throws {
        var store: SQLiteWardStore? = try SQLiteWardStore(path: path)
        try await store!.pool.write { db in
            try db.execute(sql: "CREATE TABLE bulk (data BLOB)")
            for _ in 0..<24 { try db.execute(sql: "INSERT INTO bulk VALUES (randomblob(1048576))") }
        }
        XCTAssertGreaterThan(walSize(), WardDatabase.walCheckpointThresholdBytes)
        OpenWards.shared.closeAll()
        XCTAssertEqual(walSize(), 0, "a bulk write's log is checkpointed and truncated at exit")
        store = nil

        let small = try SQLiteWardStore(path: path)
        _ = try await small.addStaff(StaffDraft(name: "Kept", initials: "K", role: .nurse), by: nil)
        let everyday = walSize()
        XCTAssertGreaterThan(everyday, 0)
        OpenWards.shared.closeAll()
        XCTAssertEqual(walSize(), everyday, "an everyday log is left as it is")
    }
}
