import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The PIN's key derivation is standard PBKDF2-HMAC-SHA256, proven by the published vectors;
/// new hashes use today's cost and a fresh salt; an older, cheaper hash is re-made at the next
/// right PIN; and the comparison looks at every byte whatever the first difference.
final class PinHashTests: WardStoreTestCase {
    /// RFC 7914 (scrypt), section 11 "Test Vectors for PBKDF2 with HMAC-SHA-256"
    /// (https://www.rfc-editor.org/rfc/rfc7914.txt): the octets as printed there; checked
    /// against Python's hashlib.pbkdf2_hmac as well when written.
    static let rfc7914Vectors: [(password: String, salt: String, iterations: Int, hex: String)] = [
        ("passwd", "salt", 1, """
            55 ac 04 6e 56 e3 08 9f ec 16 91 c2 25 44 b6 05
            f9 41 85 21 6d de 04 65 e6 8b 9d 57 c2 0d ac bc
            49 ca 9c cc f1 79 b6 45 99 16 64 b3 9d 77 ef 31
            7c 71 b8 45 b1 e3 0b d5 09 11 20 41 d3 a1 97 83
            """),
        ("Password", "NaCl", 80000, """
            4d dc d8 f6 0b 98 be 21 83 0c ee 5e f2 27 01 f9
            64 1a 44 18 d0 4c 04 14 ae ff 08 87 6b 34 ab 56
            a1 d4 25 a1 22 58 33 54 9a db 84 1b 51 c9 b3 17
            6a 27 2b de bb a1 d0 78 47 8f 62 b3 97 f3 3c 8d
            """),
    ]

    static func bytes(_ hex: String) -> Data {
        let digits = Array(hex.filter(\.isHexDigit))
        return Data(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! })
    }

    func testDeriveGivesTheRFC7914Vectors() throws {
        for vector in Self.rfc7914Vectors {
            let expected = Self.bytes(vector.hex)
            XCTAssertEqual(expected.count, 64)
            let derived = try PinHash.derive(pin: vector.password, salt: Data(vector.salt.utf8), iterations: vector.iterations, byteCount: 64)
            XCTAssertEqual(derived, expected, "PBKDF2-HMAC-SHA256(\(vector.password), \(vector.salt), \(vector.iterations))")
            // The stored length is a prefix of the same stream (PBKDF2's first block).
            let short = try PinHash.derive(pin: vector.password, salt: Data(vector.salt.utf8), iterations: vector.iterations, byteCount: 32)
            XCTAssertEqual(short, expected.prefix(32))
        }
    }

    func testANewHashUsesTodaysCostAndAFreshSixteenByteSalt() throws {
        let first = try PinHash.make(pin: "2468")
        let second = try PinHash.make(pin: "2468")
        for hash in [first, second] {
            XCTAssertEqual(hash.kdf, "pbkdf2-sha256")
            XCTAssertGreaterThanOrEqual(hash.iterations, 600_000)
            XCTAssertEqual(hash.salt.count, 16)
            XCTAssertEqual(hash.hash.count, 32)
            XCTAssertFalse(hash.isWeakerThanToday)
            XCTAssertEqual(hash.hash, try PinHash.derive(pin: "2468", salt: hash.salt, iterations: hash.iterations, byteCount: 32))
        }
        XCTAssertNotEqual(first.salt, second.salt, "a fresh salt each time")
        XCTAssertNotEqual(first.hash, second.hash, "so the same PIN never hashes alike twice")
        XCTAssertTrue(try first.matches("2468"))
        XCTAssertFalse(try first.matches("2469"))
        XCTAssertFalse(try first.matches("02468"))
    }

    func testTheSamePinInAnotherUnicodeFormMatches() throws {
        let hash = try PinHash.make(pin: "caf\u{00E9}1")
        XCTAssertTrue(try hash.matches("cafe\u{0301}1"), "NFC before deriving")
    }

    func testConstantTimeEqualComparesEveryByte() {
        let a = Data([1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertTrue(PinHash.constantTimeEqual(a, a))
        XCTAssertTrue(PinHash.constantTimeEqual(Data(), Data()))
        for index in a.indices {
            var b = a
            b[index] ^= 0x80
            XCTAssertFalse(PinHash.constantTimeEqual(a, b), "differs at byte \(index)")
        }
        XCTAssertFalse(PinHash.constantTimeEqual(a, a.prefix(7)), "a prefix is not equal")
        XCTAssertFalse(PinHash.constantTimeEqual(a, a + [0]), "nor a longer value")
    }

    /// A hash made when the cost was lower (planted past the table's check, as an older version
    /// would have stored it) is re-made at today's cost by the next right PIN, and still works.
    func testACheaperHashIsRemadeAtTheNextRightPin() async throws {
        let nurse = try await addNurse("AB")
        let salt = Data(repeating: 7, count: 16)
        let old = PinHash(kdf: PinHash.pbkdf2SHA256, iterations: 1000, salt: salt,
                          hash: try PinHash.derive(pin: "4321", salt: salt, iterations: 1000, byteCount: 32))
        XCTAssertTrue(old.isWeakerThanToday)
        let now = clock.now
        try await filePool.write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
            try SQLiteWardStore.storeCredential(old, staffId: nurse.id, now: now, db)
        }
        let wrong = try await store.checkPin(staffId: nurse.id, pin: "1234", purpose: .signIn)
        XCTAssertEqual(wrong, .wrong(remaining: 4))
        let kept = try await storedCredential(nurse.id)
        XCTAssertEqual(kept.iterations, 1000, "a wrong PIN re-makes nothing")

        let right = try await store.checkPin(staffId: nurse.id, pin: "4321", purpose: .signIn)
        XCTAssertEqual(right, .accepted)
        let remade = try await storedCredential(nurse.id)
        XCTAssertEqual(remade.iterations, PinHash.iterations)
        XCTAssertNotEqual(remade.salt, salt, "a fresh salt too")
        XCTAssertEqual(remade.failures, 0)
        let again = try await store.checkPin(staffId: nurse.id, pin: "4321", purpose: .unlock)
        XCTAssertEqual(again, .accepted, "the re-made hash still takes the PIN")
    }

    func storedCredential(_ staffId: Int64) async throws -> (iterations: Int, salt: Data, failures: Int) {
        try await sql { db in
            let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT * FROM staff_credential WHERE staffId = ?", arguments: [staffId]))
            return (row["iterations"], row["salt"], row["failedAttempts"])
        }
    }
}
