import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `restore`: a checked backup replaces the ward atomically with the old ward kept aside; every
/// bad file is refused by name with the current ward byte for byte as it was.
final class RestoreTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "a restore replaces the ward file" }

    var staffId: Int64 = 0

    override func setUp() async throws {
        try await super.setUp()
        staffId = try await addNurse("AB").id
    }

    /// The ward file and its log, to prove a refusal left them alone.
    func wardBytes() -> [Data] {
        [dbPath, dbPath + "-wal"].map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
    }

    func backupPath(_ name: String = "backup.sqlite") -> String { folder.appendingPathComponent(name).path }

    func assertRefused(_ kind: WardRestoreRefusal.Kind, _ file: String, saying words: String,
                       line: UInt = #line) async throws {
        let before = wardBytes()
        do {
            _ = try await store.restore(from: file, by: staffId)
            XCTFail("restoring \(file) was not refused", line: line)
        } catch let refusal as WardRestoreRefusal {
            XCTAssertEqual(refusal.kind, kind, refusal.description, line: line)
            XCTAssertTrue(refusal.description.contains(words), refusal.description, line: line)
            XCTAssertTrue(refusal.description.hasSuffix("nothing was restored, the current ward is unchanged"), line: line)
        }
        XCTAssertEqual(wardBytes(), before, "the ward file and its log are byte for byte as before", line: line)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("before-restore") || $0.hasPrefix(".") }
        XCTAssertEqual(aside, [], "no copy kept aside and no temporary file left", line: line)
        let admitted = try await store.admittedPatients().count
        XCTAssertEqual(admitted, 1, "the ward still opens and reads", line: line)
    }

    func testRestoreReplacesTheWardAndKeepsTheOldOneAside() async throws {
        try await admit(bed: "1", given: "Backed", hospitalNumber: "B1")
        _ = try store.backup(to: backupPath())
        try await admit(bed: "2", given: "Later", hospitalNumber: "L1")

        let report = try await store.restore(from: backupPath(), by: staffId)

        XCTAssertEqual(report.keptAside, dbPath + ".before-restore-20260310T120000Z")
        XCTAssertEqual(report.patients, 1)
        XCTAssertEqual(report.fromSchema, WardDatabase.schemaVersion)
        let names = try await store.admittedPatients().map(\.givenName)
        XCTAssertEqual(names, ["Backed"], "this store works on the restored file at once")
        let restored = try await store.auditTrail(AuditFilter(actions: [.wardRestored]), olderThan: nil, limit: 5)
        XCTAssertEqual(restored.count, 1, "the restored ward's trail says it was restored")
        XCTAssertEqual(restored.first?.entry.staffId, staffId, "by the member with the same initials in the backup")
        let note = try XCTUnwrap(restored.first?.entry.afterJSON)
        XCTAssertTrue(note.contains("keptAside") && note.contains("before-restore-20260310T120000Z"), note)
        let logged = try await store.logNappyChange(NappyChangeDraft(patientId: try await store.admittedPatients()[0].id,
                                                                     occurredAt: noon, kind: .wet), by: staffId)
        XCTAssertGreaterThan(logged.record.id, 0, "and writes to it")

        let kept = try DatabaseQueue(path: report.keptAside)
        let keptNames = try await kept.read { db in try String.fetchAll(db, sql: "SELECT givenName FROM patient ORDER BY id") }
        XCTAssertEqual(keptNames, ["Backed", "Later"], "the ward as it was just before, every commit in it")
        for file in [dbPath, report.keptAside] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, file)
        }
        let reopened = try SQLiteWardStore(path: dbPath)
        let reopenedNames = try await reopened.admittedPatients().map(\.givenName)
        XCTAssertEqual(reopenedNames, ["Backed"], "a fresh process opens the restored ward, no stale log applied")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }

    func testAnOlderSchemaIsMigratedOnTheCopyNeverOnTheFileGiven() async throws {
        try await admit()
        let old = backupPath("old.sqlite")
        let queue = try DatabaseQueue(path: old)
        try WardMigrations.migrator.migrate(queue, upTo: "v7_notes_search")
        try await queue.write { db in
            try db.execute(sql: "PRAGMA user_version = 7")
            try db.execute(sql: "INSERT INTO staff (name, initials, role, createdAt, updatedAt) VALUES ('Old Timer', 'OT', 'nurse', 0, 0)")
        }
        try queue.close()
        let given = try Data(contentsOf: URL(fileURLWithPath: old))

        let report = try await store.restore(from: old, by: staffId)

        XCTAssertEqual(report.fromSchema, 7)
        XCTAssertEqual(report.schema, WardDatabase.schemaVersion)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: old)), given, "the file given is only read")
        let staff = try await store.activeStaff().map(\.initials)
        XCTAssertEqual(staff, ["OT"])
        let applied = try await sql { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        XCTAssertEqual(applied, WardMigrations.migrator.migrations)
    }

    func testBadFilesAreRefusedByNameAndTheWardIsUntouched() async throws {
        try await admit()
        try await assertRefused(.missing, backupPath("nowhere.sqlite"), saying: "does not exist")
        try await assertRefused(.directory, NSTemporaryDirectory(), saying: "is a folder")
        try await assertRefused(.isTheWard, dbPath, saying: "is the ward file itself")

        let text = backupPath("notes.txt")
        try Data("Not a database at all, only some text that is long enough.".utf8).write(to: URL(fileURLWithPath: text))
        try await assertRefused(.notSQLite, text, saying: "is not an SQLite database")
        let empty = backupPath("empty.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        try await assertRefused(.notSQLite, empty, saying: "it is empty")

        let other = backupPath("other-app.sqlite")
        let queue = try DatabaseQueue(path: other)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO recipe VALUES (1, 'soup')") }
        try queue.close()
        try await assertRefused(.notCotside, other, saying: "another application, not a Cotside ward (tables recipe")

        _ = try store.backup(to: backupPath())
        let whole = try Data(contentsOf: URL(fileURLWithPath: backupPath()))
        let truncated = backupPath("truncated.sqlite")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        try await assertRefused(.damaged, truncated, saying: "is damaged (truncated or corrupt)")
        var scribbled = whole
        // Page 1's b-tree (the schema) and the start of every later page: the header stays SQLite's.
        for offset in stride(from: 100, to: whole.count - 700, by: 4096) {
            scribbled.replaceSubrange(offset..<offset + 600, with: Data(repeating: 0x5A, count: 600))
        }
        let corrupt = backupPath("corrupt.sqlite")
        try scribbled.write(to: URL(fileURLWithPath: corrupt))
        try await assertRefused(.damaged, corrupt, saying: "is damaged (truncated or corrupt)")

        let newer = backupPath("newer.sqlite")
        try FileManager.default.copyItem(atPath: backupPath(), toPath: newer)
        let future = try DatabaseQueue(path: newer)
        // One migration more than this Cotside knows, whatever the current schema is.
        let futureVersion = WardDatabase.schemaVersion + 1
        try await future.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v\(futureVersion)_from_the_future')")
            try db.execute(sql: "PRAGMA user_version = \(futureVersion)")
        }
        try future.close()
        try await assertRefused(.newerSchema, newer, saying: "made by a newer Cotside: ward schema \(futureVersion); this Cotside reads schema \(WardDatabase.schemaVersion) and older")

        if getuid() != 0 {
            let locked = backupPath("locked.sqlite")
            try FileManager.default.copyItem(atPath: backupPath(), toPath: locked)
            chmod(locked, 0)
            try await assertRefused(.unreadable, locked, saying: "cannot read")
        }
    }

    func testARestoreByNobodyActiveIsRefused() async throws {
        _ = try store.backup(to: backupPath())
        do {
            _ = try await store.restore(from: backupPath(), by: 999)
            XCTFail("restored without an active staff member")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("not an active staff member"), error.description)
        }
    }

    /// The old pool of a process that has not noticed the restore yet must not commit into the
    /// replaced file: its commit is refused, telling the user to restart.
    func testAPoolOnTheReplacedFileIsRefusedEveryCommit() async throws {
        try await admit()
        _ = try store.backup(to: backupPath())
        let opened = try WardDatabase.open(path: dbPath).pool
        _ = try await store.restore(from: backupPath(), by: staffId)
        do {
            try await opened.write { db in try db.execute(sql: "INSERT INTO ward_setting (key, value) VALUES ('late', 'write')") }
            XCTFail("a commit reached the replaced file")
        } catch let error as WardReadOnlyError {
            XCTAssertTrue(error.reason.contains("was replaced (restored from a backup)"), error.reason)
            XCTAssertTrue(error.reason.contains("restart Cotside"), error.reason)
        }
        let settings = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM ward_setting WHERE key = 'late'") }
        XCTAssertEqual(settings, 0)
        try opened.close()
    }

    /// Another store on the same file (as another workstation holds it) notices within its
    /// watch interval, says the ward was replaced, and reads and writes the restored file.
    func testAnotherStoreOnTheFileReopensTheRestoredWardAndSaysSo() async throws {
        try await admit(bed: "1", given: "Backed", hospitalNumber: "B1")
        _ = try store.backup(to: backupPath())
        try await admit(bed: "2", given: "Later", hospitalNumber: "L1")
        let other = try SQLiteWardStore(path: dbPath)
        var changes = other.changes().makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(100))  // the watcher has read the file's state

        _ = try await store.restore(from: backupPath(), by: staffId)

        let change = await changes.next()
        XCTAssertEqual(change?.wardReplaced, true)
        XCTAssertEqual(change?.isFromAnotherProcess, true)
        let names = try await other.admittedPatients().map(\.givenName)
        XCTAssertEqual(names, ["Backed"])
        XCTAssertEqual(other.access, .readWrite)
        let added = try await other.addStaff(StaffDraft(name: "Second Desk", initials: "SD", role: .nurse), by: nil)
        let seen = try await store.staff(initials: "SD")
        XCTAssertEqual(seen?.id, added.record.id, "its write is in the restored file")
        await other.close()
    }

    /// A ward opened through a symbolic link: the file it names is replaced and the link stays.
    func testAWardBehindASymbolicLinkIsReplacedWhereTheLinkPoints() async throws {
        try await admit(bed: "1", given: "Backed", hospitalNumber: "B1")
        _ = try store.backup(to: backupPath())
        try await admit(bed: "2", given: "Later", hospitalNumber: "L1")
        let link = folder.appendingPathComponent("ward-link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dbPath)
        let linked = try SQLiteWardStore(path: link, clock: { [clock] in clock!.now }, timeZone: london)

        let report = try await linked.restore(from: backupPath(), by: staffId)

        XCTAssertEqual(report.keptAside, dbPath + ".before-restore-20260310T120000Z")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), dbPath, "the link is kept")
        let names = try await SQLiteWardStore(path: dbPath).admittedPatients().map(\.givenName)
        XCTAssertEqual(names, ["Backed"])
        await linked.close()
    }
}
