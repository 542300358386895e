import XCTest
@testable import CalcContract
import Clinical

/// The writer's fast paths must write what the plain definitions would: the escape check
/// finds a quote, backslash or control character anywhere and flags no other byte.
final class JSONWriterTests: XCTestCase {
    func needsEscape(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) }
    }

    func testFindsEveryEscapedByteAtEveryPosition() {
        let special: [UInt8] = Array(0..<0x20) + [0x22, 0x5C]
        for length in 1...19 {
            for position in 0..<length {
                for b in special {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = b
                    XCTAssertTrue(needsEscape(bytes), "byte \(b) at \(position) of \(length)")
                }
            }
        }
    }

    func testPassesEveryOtherByte() {
        for b in UInt8(0x20)...UInt8(0xFF) where b != 0x22 && b != 0x5C {
            for length in [1, 7, 8, 9, 16, 17] {
                XCTAssertFalse(needsEscape([UInt8](repeating: b, count: length)), "byte \(b) × \(length)")
            }
        }
        XCTAssertFalse(needsEscape(Array("Weight-for-age z -1.66 (percentile 4.9) at day 540, é ± male.".utf8)))
    }

    func testEscapedOutputIsUnchanged() {
        var w = JSONWriter()
        w.string("tab\there \"quoted\" back\\slash\u{1}é")
        XCTAssertEqual(w.text, #""tab\there \"quoted\" back\\slash\u0001é""#)
    }

    /// Numbers go through `Double.write(to:)` into the buffer; the text must be the double's
    /// `description` (the shortest round-trip form) for every non-integral finite double.
    func testNumbersAreTheShortestRoundTripText() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var checked = 0
        while checked < 100_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let v = Double(bitPattern: state)
            guard v.isFinite, v != v.rounded() || abs(v) >= 1e15 else { continue }
            var w = JSONWriter()
            w.number(v)
            XCTAssertEqual(w.text, v.description)
            XCTAssertEqual(Double(w.text), v)
            checked += 1
        }
        var w = JSONWriter()
        w.number(-1.6587406394777273)
        XCTAssertEqual(w.text, "-1.6587406394777273")
    }
}
