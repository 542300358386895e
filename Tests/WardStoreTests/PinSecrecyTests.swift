import Foundation
import GRDB
import XCTest
@testable import WardStore

/// Every PIN event is audited (set, reset, each wrong try, the lock-out, the sign-in and unlock
/// it allows), and no audit row, staff row or export holds the PIN or its hash, in any encoding.
/// The messages about a bad PIN never repeat it.
final class PinSecrecyTests: WardStoreTestCase {
    let pins = ["735194", "correct horse 81", "Zebra-4455"]

    func testEveryPinEventIsAuditedAndNoneHoldsThePinOrItsHash() async throws {
        try await requirePins(true)
        let admin = try await addDoctor("DR")
        let nurse = try await addNurse("AB")
        let patient = try await admit(by: nurse.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nurse.id)

        let set = try await store.setPin(staffId: nurse.id, newPin: pins[0], currentPin: nil, by: nurse.id)
        for purpose in [PinPurpose.signIn, .unlock, .commandLine] {
            let result = try await store.checkPin(staffId: nurse.id, pin: pins[0], purpose: purpose)
            XCTAssertEqual(result, .accepted, "\(purpose)")
        }
        let changed = try await store.setPin(staffId: nurse.id, newPin: pins[1], currentPin: pins[0], by: nurse.id)
        for _ in 0..<5 { _ = try await store.checkPin(staffId: nurse.id, pin: pins[0], purpose: .signIn) }
        _ = try await store.checkPin(staffId: nurse.id, pin: pins[1], purpose: .signIn)  // during the lock-out
        let reset = try await store.setPin(staffId: nurse.id, newPin: pins[2], currentPin: nil, by: admin.id)
        let afterReset = try await store.checkPin(staffId: nurse.id, pin: pins[2], purpose: .signIn)
        XCTAssertEqual(afterReset, .accepted, "a reset clears the lock-out")

        let trail = try await store.auditEntries(entity: .staff, entityId: nurse.id).filter { !$0.action.changesRecord }
        XCTAssertEqual(trail.map(\.action), [.pinSet, .signIn, .unlock, .pinSet, .pinFailed, .pinFailed, .pinFailed, .pinFailed,
                                             .lockedOut, .lockedOut, .pinReset, .signIn])
        XCTAssertEqual(trail.filter { $0.action == .pinSet }.map(\.id), [set, changed])
        XCTAssertEqual(trail.first { $0.action == .pinReset }?.id, reset)
        XCTAssertEqual(trail.first { $0.action == .pinReset }?.staffId, admin.id, "a reset is the admin's entry")
        XCTAssertTrue(trail.filter { [.pinSet, .pinReset, .signIn, .unlock].contains($0.action) }
            .allSatisfy { $0.beforeJSON == nil && $0.afterJSON == nil }, "no images at all")

        let hashes = try await sql { db in try Data.fetchAll(db, sql: "SELECT hash FROM staff_credential") }
        XCTAssertEqual(hashes.count, 1)
        var secrets = pins + pins.map { Data($0.utf8).base64EncodedString() }
        for hash in hashes {
            secrets += [hash.map { String(format: "%02x", $0) }.joined(), hash.map { String(format: "%02X", $0) }.joined(),
                        hash.base64EncodedString()]
        }
        let texts = try await sql { db in
            try String.fetchAll(db, sql: """
                SELECT coalesce(action, '') || ' ' || coalesce(beforeJSON, '') || ' ' || coalesce(afterJSON, '') FROM audit_entry
                UNION ALL SELECT quote(id) || name || initials || role || quote(isWardAdmin) FROM staff
                UNION ALL SELECT key || value FROM ward_setting
                """)
        }
        for text in texts {
            for secret in secrets { XCTAssertFalse(text.contains(secret), "\(text) holds a secret") }
        }

        for format in WardExportFormat.allCases {
            let out = folder.appendingPathComponent("export-\(format.rawValue)")
            _ = try await store.exportWard(WardExportRequest(folder: out.path, format: format, cotsideVersion: "test", exportedAt: clock.now),
                                     progress: { _ in })
            for file in try FileManager.default.contentsOfDirectory(atPath: out.path) {
                let data = try Data(contentsOf: out.appendingPathComponent(file))
                let text = String(decoding: data, as: UTF8.self)
                XCTAssertFalse(text.isEmpty)
                for secret in secrets { XCTAssertFalse(text.contains(secret), "\(format) \(file) holds a secret") }
                for hash in hashes { XCTAssertNil(data.range(of: hash), "\(file) holds the raw hash") }
                XCTAssertFalse(text.contains("staff_credential"), "\(file) names credentials")
            }
        }
    }

    func testPinRuleMessagesNeverRepeatThePin() {
        let cases: [(String, String)] = [
            ("", "the PIN is empty; it must be 4 to 64 characters"),
            ("739", "the PIN has 3 characters; it must be 4 to 64"),
            (String(repeating: "8", count: 65), "the PIN has 65 characters; it must be 4 to 64"),
            ("12\u{7}34", "the PIN holds a control character; use letters, digits and symbols"),
            ("1234\n", "the PIN holds a control character; use letters, digits and symbols"),
            ("\t9876", "the PIN holds a control character; use letters, digits and symbols"),
        ]
        for (pin, message) in cases {
            let issues = PinRules.issues(pin)
            XCTAssertEqual(issues.map(\.message), [message], pin.debugDescription)
            XCTAssertEqual(issues.map(\.field), ["pin"])
            let visible = pin.filter { !$0.isWhitespace && $0.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControl } }
            if visible.count >= 3 {
                XCTAssertFalse(issues.contains { $0.message.contains(visible) }, "the message repeats \(pin.debugDescription)")
            }
        }
        for good in ["1234", "0000", String(repeating: "x", count: 64), "pass phrase with spaces", "café-42"] {
            XCTAssertEqual(PinRules.issues(good), [], good)
        }
    }

    func testABadNewPinIsRefusedNamingTheFieldAndStoresNothing() async throws {
        let nurse = try await addNurse("AB")
        let before = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry")! }
        for pin in ["", "12", "12\u{1B}34"] {
            do {
                try await store.setPin(staffId: nurse.id, newPin: pin, currentPin: nil, by: nurse.id)
                XCTFail("stored \(pin.debugDescription)")
            } catch let error as WardValidationError {
                XCTAssertEqual(error.issues.map(\.field), ["pin"])
            }
        }
        let after = try await sql { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry")!, try Int.fetchOne(db, sql: "SELECT count(*) FROM staff_credential")!)
        }
        XCTAssertEqual(after.0, before)
        XCTAssertEqual(after.1, 0)
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control }
}
