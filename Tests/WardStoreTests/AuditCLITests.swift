import Foundation
import XCTest
@testable import WardStore

/// `cotside audit`: the trail newest first as text (a line per entry, the fields that changed)
/// or JSON (the images as objects), filtered and paged with the exact command for the next page;
/// bad input exits 2 naming what is allowed. A read: it names no author and writes nothing.
final class AuditCLITests: WardStoreTestCase {
    var doctor: Staff!
    var nurse: Staff!
    var leaver: Staff!
    var patient: Patient!

    override func setUp() async throws {
        try await super.setUp()
        doctor = try await addDoctor("DR")
        nurse = try await addNurse("AB")
        leaver = try await addNurse("LV")
        clock.now = noon.addingTimeInterval(-3 * 3600)  // 09:00 London
        patient = try await store.admit(patientDraft(bed: "3", given: "Ava", family: "Smith"), by: nurse.id).record
        clock.advance(minutes: 30)
        let nappy = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: leaver.id).record
        clock.advance(minutes: 30)
        var draft = nappy.draft
        draft.kind = .dry
        _ = try await store.updateNappyChange(id: nappy.id, draft, by: nurse.id)
        clock.advance(minutes: 30)
        try await store.recordRefusal(.changeSettings, staffId: nurse.id)
        _ = try await store.updateSettings([.wardName: "Puffin"], by: doctor.id)
        _ = try await store.deactivateStaff(id: leaver.id, by: doctor.id)
        clock.now = noon
    }

    func testTheTrailNewestFirstWithTheFieldsThatChanged() throws {
        let outcome = try runCotside(["audit"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let entries = lines.filter { $0.hasPrefix("#") }
        XCTAssertEqual(entries.count, 9, outcome.stdout)
        let ids = entries.map { Int($0.dropFirst().prefix { $0.isNumber })! }
        XCTAssertEqual(ids, ids.sorted(by: >), "newest first")
        XCTAssertTrue(entries.contains("#6  2026-03-10 10:00:00  AB  update  nappyChange 1  bed 3 Ava Smith"), outcome.stdout)
        XCTAssertTrue(lines.contains("    kind: wet → dry"), outcome.stdout)
        XCTAssertTrue(lines.contains("    bedLabel: — → 3"), "a created record's fields: \(outcome.stdout)")
        XCTAssertTrue(lines.contains("    occurredAt: — → 2026-03-10 09:30:00"), "times in ward time: \(outcome.stdout)")
        XCTAssertTrue(lines.contains(#"    notes: — → """#), "an empty text shown as such: \(outcome.stdout)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("    updatedAt:") || $0.hasPrefix("    id:") }, "bookkeeping left out")
        XCTAssertTrue(entries.contains("#7  2026-03-10 10:30:00  AB  refused  staff 2"), outcome.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("    wardName: ") && $0.hasSuffix(" → Puffin") }, outcome.stdout)
        XCTAssertFalse(outcome.stdout.contains("more:"), "one page holds them all")
        XCTAssertEqual(outcome.stderr, "")
    }

    func testJSONHoldsTheImagesAsObjects() throws {
        let outcome = try runCotside(["audit", "--json", "--bed", "3"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["action"] as? String }, ["update", "create", "create"])
        let update = entries[0]
        XCTAssertEqual(update["at"] as? String, "2026-03-10T10:00:00Z")
        XCTAssertEqual((update["before"] as? [String: Any])?["kind"] as? String, "wet")
        XCTAssertEqual((update["after"] as? [String: Any])?["kind"] as? String, "dry")
        XCTAssertEqual(update["by"] as? [String: String], ["initials": "AB", "name": "Nurse AB"])
        XCTAssertEqual((update["patient"] as? [String: Any])?["bed"] as? String, "3")
        XCTAssertEqual((update["patient"] as? [String: Any])?["name"] as? String, "Ava Smith")
        XCTAssertTrue(entries[2]["before"] is NSNull, "a create has no before-image")
        XCTAssertEqual(entries[1]["by"] as? [String: String], ["initials": "LV", "name": "Nurse LV"], "an inactive member still named")
        XCTAssertEqual(Set(update.keys), ["action", "after", "at", "before", "by", "entity", "entityId", "id", "patient"])
    }

    func testFilters() throws {
        func ids(_ arguments: [String]) throws -> [Int] {
            let outcome = try runCotside(["audit"] + arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.stderr)")
            return outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Int($0.dropFirst().prefix { $0.isNumber })! }
        }
        XCTAssertEqual(try ids(["--by", "lv"]), [5, 3], "an inactive member's entries (her staff record's creation is hers)")
        XCTAssertEqual(try ids(["--by", "AB", "--action", "update", "refused"]), [7, 6])
        XCTAssertEqual(try ids(["--action", "update,refused", "create", "--bed", "3"]), [6, 5, 4])
        XCTAssertEqual(try ids(["--since", "2026-03-10 09:30", "--until", "2026-03-10 10:30"]), [6, 5])
        XCTAssertEqual(try ids(["--since", "-2h"]), [9, 8, 7, 6, 3, 2, 1], "the staff were added at noon, before the clock was set back")
        XCTAssertEqual(try ids(["--by", "DR", "--since", "today 13:00"]), [])
        let none = try runCotside(["audit", "--by", "DR", "--since", "today 13:00"])
        XCTAssertEqual(none.stdout, "No audit entries match.\n")
    }

    func testPagesEndWithTheCommandForTheNextPage() throws {
        var arguments = ["audit", "--limit", "2", "--since", "yesterday 00:00"]
        var seen: [String] = []
        for page in 0..<10 {
            let outcome = try runCotside(arguments)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            var lines = outcome.stdout.split(separator: "\n").map(String.init)
            seen += lines.filter { $0.hasPrefix("#") }
            guard let last = lines.last, last.hasPrefix("more: cotside ") else { break }
            lines.removeLast()
            XCTAssertLessThan(page, 5)
            // The continuation repeats every argument given (quoted where the shell needs it).
            // A server's URL holds `?` and `&`, so the shell needs it quoted.
            let db = serverWard == nil ? dbPath : "'\(wardAddress)'"
            XCTAssertTrue(last.contains("--limit 2 --since 'yesterday 00:00' --db \(db) --now 2026-03-10T12:00:00Z --older-than "), last)
            let olderThan = String(last.split(separator: " ").last!)
            arguments = ["audit", "--limit", "2", "--since", "yesterday 00:00", "--older-than", olderThan]
        }
        let all = try runCotside(["audit"]).stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") }
        XCTAssertEqual(seen, all, "the pages together are the whole trail, once each")
        let json = try runCotside(["audit", "--json", "--limit", "3"])
        XCTAssertTrue(json.stderr.hasPrefix("more: cotside audit --json --limit 3 --db "), json.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count, 3)
    }

    func testBadInputExits2NamingWhatIsAllowed() async throws {
        let before = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry")! }
        let cases: [([String], String)] = [
            (["--bed", "9"], "--bed 9: no patient has been in that bed; beds: 3"),
            (["--by", "QQ"], "--by QQ: no staff member has these initials; known: AB, DR, LV"),
            (["--since", "half past"], "--since: "),
            (["--until", "2026-13-40"], "--until: "),
            (["--since", "10:00", "--until", "09:00"], "--since 10:00 is after --until 09:00; give the earlier time to --since"),
            (["--action", "edit"], "--action edit is not allowed; use one of: create, update, delete, restore, discharge, revert, demo-generate, erase, imported, sign-in, sign-out, lock, unlock, pin-failed, locked-out, pin-set, pin-reset, refused"),
            (["--limit", "0"], "--limit 0 is out of range; use 1 to 1000"),
            (["--limit", "1001"], "--limit 1001 is out of range; use 1 to 1000"),
            (["--older-than", "0"], "--older-than 0: an audit entry id is 1 or more"),
        ]
        for (arguments, message) in cases {
            let outcome = try runCotside(["audit"] + arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stdout)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stdout, "", "\(arguments)")
        }
        let byIsAFilter = try runCotside(["audit", "--by", "DR"])
        XCTAssertEqual(byIsAFilter.status, 0, "no PIN asked: a read")
        let after = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry")! }
        XCTAssertEqual(after, before, "reading the trail writes nothing")
    }
}
