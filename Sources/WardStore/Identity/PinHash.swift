import Crypto
import CryptoExtras
import Foundation

/// A staff PIN as stored: never the PIN, only a salted PBKDF2-HMAC-SHA256 hash with the
/// parameters beside it, so the cost can be raised later (a hash made with fewer iterations than
/// `PinHash.iterations` is re-made at the next successful sign-in). Pure values; deriving takes
/// about a quarter of a second by design, so callers run it off the main actor.
public struct PinHash: Sendable, Hashable {
    /// The key derivation function's name as stored.
    public static let pbkdf2SHA256 = "pbkdf2-sha256"
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256 (Password Storage Cheat Sheet).
    public static let iterations = 600_000
    public static let saltBytes = 16
    public static let hashBytes = 32

    public let kdf: String
    public let iterations: Int
    public let salt: Data
    public let hash: Data

    public init(kdf: String, iterations: Int, salt: Data, hash: Data) {
        self.kdf = kdf
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// A new hash of `pin` with a fresh random salt and today's cost.
    public static func make(pin: String) throws -> PinHash {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<saltBytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return PinHash(kdf: pbkdf2SHA256, iterations: iterations, salt: salt,
                       hash: try derive(pin: pin, salt: salt, iterations: iterations, byteCount: hashBytes))
    }

    /// True when `pin` derives to this hash. The comparison takes the same time wherever the
    /// first differing byte is.
    public func matches(_ pin: String) throws -> Bool {
        guard kdf == Self.pbkdf2SHA256 else { throw WardStoreError("unknown PIN hash function \(kdf)") }
        let candidate = try Self.derive(pin: pin, salt: salt, iterations: iterations, byteCount: hash.count)
        return Self.constantTimeEqual(candidate, hash)
    }

    /// True when this hash was made with less than today's cost.
    public var isWeakerThanToday: Bool { kdf != Self.pbkdf2SHA256 || iterations < Self.iterations }

    /// PBKDF2-HMAC-SHA256 of the PIN's UTF-8 bytes in Unicode normal form C (so the same PIN
    /// typed on another terminal derives the same key).
    public static func derive(pin: String, salt: Data, iterations: Int, byteCount: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(pin.precomposedStringWithCanonicalMapping.utf8),
                                                    salt: salt, using: .sha256, outputByteCount: byteCount,
                                                    unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Data($0) }
    }

    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
