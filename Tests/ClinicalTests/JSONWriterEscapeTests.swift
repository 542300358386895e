import XCTest
@testable import Clinical

/// The writer's eight-bytes-at-a-time escape check must find a quote, a backslash or a
/// control character at any position, and must not flag any other byte (UTF-8 included).
final class JSONWriterEscapeTests: XCTestCase {
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
}
