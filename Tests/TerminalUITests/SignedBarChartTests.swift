import XCTest
@testable import TerminalUI

/// Signed bars around a zero axis: negative left, positive right, each labelled with its value.
final class SignedBarChartTests: XCTestCase {
    let chart = SignedBarChart(
        bars: [SignedBarChart.Bar("FAST-ED", 2.3, text: "+2.30", role: .danger),
               SignedBarChart.Bar("GFAP", -0.52, text: "−0.52", role: .ok),
               SignedBarChart.Bar("baseline", -0.41, text: "−0.41", role: .muted)],
        leftLegend: "lowers", rightLegend: "raises")

    func testNegativeGrowsLeftPositiveRightWithLabelsAndLegend() {
        let buffer = render(chart, width: 40, height: chart.height)
        assertScreen(buffer, lines: GOLDEN_SIGNED)
        XCTAssertEqual(chart.height, 4)
    }

    func testASCIIAndANonZeroValueAlwaysGetsACell() {
        let tiny = SignedBarChart(bars: [SignedBarChart.Bar("big", 100, text: "+100"), SignedBarChart.Bar("tiny", -0.001, text: "-0.001")],
                                  glyphs: .ascii)
        assertScreen(render(tiny, width: 30, height: 2), lines: GOLDEN_TINY)
    }

    func testCellsAreMonotoneAndCapped() {
        let values = stride(from: 0.0, through: 3.0, by: 0.1).map { SignedBarChart.cells($0, top: 2, half: 10) }
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(values.last, 10)
        XCTAssertEqual(SignedBarChart.cells(0, top: 2, half: 10), 0)
    }
}

private let GOLDEN_SIGNED: [String] = [
    "FAST-ED  +2.30             │████████████",
    "GFAP     −0.52          ███│",
    "baseline −0.41           ██│",
    "                     lowers│raises",
]
private let GOLDEN_TINY: [String] = [
    "big    +100         |########",
    "tiny -0.001        #|",
]
