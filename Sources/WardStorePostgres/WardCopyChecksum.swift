import Crypto
import Foundation
import WardSQL

/// A table's checksum as both engines' rows give it: SHA-256 over every row in key order, each
/// value in one canonical form whatever engine read it — integers as 8 bytes, booleans as the
/// integers 0 and 1 (SQLite stores flags as 0/1, PostgreSQL as boolean), reals by their IEEE bit
/// pattern (exact), text as UTF-8 and blobs as bytes, each with its length, NULL as a tag of its
/// own. Computed in Swift, so no engine's text form of a number or its collation takes part.
struct WardCopyChecksum {
    private var hasher = SHA256()
    private(set) var rows = 0

    /// Adds one row; `columns` are the positions of the compared columns, in the order both sides use.
    mutating func add(_ row: SQLRow, columns: [Int]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(columns.count * 12)
        for position in columns { Self.append(row.values[position], to: &bytes) }
        bytes.append(0x0A)
        hasher.update(data: bytes)
        rows += 1
    }

    /// The first 16 hex digits of the digest: ample to tell two copies apart, short enough to print.
    func finish() -> String {
        hasher.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    static func append(_ value: SQLValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(UInt8(ascii: "N"))
        case .integer(let i):
            bytes.append(UInt8(ascii: "I"))
            appendBigEndian(UInt64(bitPattern: i), to: &bytes)
        case .boolean(let b):
            bytes.append(UInt8(ascii: "I"))
            appendBigEndian(b ? 1 : 0, to: &bytes)
        case .real(let d):
            bytes.append(UInt8(ascii: "R"))
            appendBigEndian(d.bitPattern, to: &bytes)
        case .text(let s):
            bytes.append(UInt8(ascii: "T"))
            let utf8 = Array(s.utf8)
            appendBigEndian(UInt64(utf8.count), to: &bytes)
            bytes += utf8
        case .blob(let blob):
            bytes.append(UInt8(ascii: "B"))
            appendBigEndian(UInt64(blob.count), to: &bytes)
            bytes += blob
        }
    }

    private static func appendBigEndian(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}

/// One table as one side of a copy read it: its rows counted two ways (`count(*)` in the same
/// transaction, and the rows the checksum went over) and its checksum.
public struct WardCopyTableSummary: Sendable, Equatable {
    public let table: String
    /// `count(*)` in the same transaction as the rows were read.
    public let counted: Int
    /// The rows read in key order (and checksummed).
    public let rows: Int
    public let checksum: String
}
