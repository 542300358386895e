import XCTest
@testable import TerminalUI

/// The risk ring: filled clockwise from twelve o'clock in proportion, by glyph as well as role;
/// no value draws it empty with the reason in the middle.
final class RingGaugeTests: XCTestCase {
    func testThreeQuartersFillsClockwiseFromTheTop() {
        let gauge = RingGauge(fraction: 0.75, value: "75 %", title: "LVO probability", detail: "✖ very high risk", role: .danger)
        let buffer = render(gauge, width: 20, height: RingGauge.height)
        assertScreen(buffer, lines: GOLDEN_THREE_QUARTERS)
        XCTAssertEqual(buffer[10, 0].role, .danger)   // just right of twelve o'clock: filled
        XCTAssertEqual(buffer[5, 0].role, .muted)     // just left of it: the last quarter, empty
    }

    func testNoValueDrawsAnEmptyRingWithTheReason() {
        let gauge = RingGauge(fraction: nil, value: "n/a", title: "ICH probability", detail: "not available offline", glyphs: .ascii)
        assertScreen(render(gauge, width: 24, height: RingGauge.height), lines: GOLDEN_EMPTY_ASCII)
    }

    func testMoreValueFillsMoreCells() {
        func filled(_ f: Double) -> Int {
            let buffer = render(RingGauge(fraction: f, value: "", title: "", role: .danger), width: 20, height: RingGauge.height)
            return buffer.cells.filter { $0.grapheme == "█" }.count
        }
        let counts = stride(from: 0.0, through: 1.0, by: 0.05).map(filled)
        XCTAssertEqual(counts.first, 0)
        XCTAssertEqual(counts, counts.sorted(), "monotone: \(counts)")
        XCTAssertEqual(counts.last, RingGauge.ring(columns: 13, rows: RingGauge.ringRows).count)
    }
}

private let GOLDEN_THREE_QUARTERS: [String] = [
    "     ░░░░█████",
    "   ░░░       ███",
    "   █   75 %    █",
    "   ███       ███",
    "     █████████",
    "  LVO probability",
    "  ✖ very high risk",
]
private let GOLDEN_EMPTY_ASCII: [String] = [
    "       .........",
    "     ...       ...",
    "     .    n/a    .",
    "     ...       ...",
    "       .........",
    "    ICH probability",
    " not available offline",
]
