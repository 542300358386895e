import XCTest
@testable import TerminalUI

final class ChartTests: XCTestCase {
    func testSparklineUsesEighthBlocksNewestOnTheRight() {
        let line = Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7])
        assertScreen(render(line, width: 10, height: 1), lines: ["  ▁▂▃▄▅▆▇█"])
        assertScreen(render(line, width: 3, height: 1), lines: ["▆▇█"])  // oldest dropped
    }

    func testSparklineASCIIRampAndGaps() {
        let line = Sparkline(values: [0, nil, 7], glyphs: .ascii)
        assertScreen(render(line, width: 3, height: 1), lines: ["_ #"])
    }

    func testSparklineSaysNoDataHonestly() {
        assertScreen(render(Sparkline(values: []), width: 10, height: 1), lines: ["no data"])
        assertScreen(render(Sparkline(values: [nil, nil]), width: 10, height: 1), lines: ["no data"])
        assertScreen(render(Sparkline(values: [1]), width: 0, height: 0), lines: [])
    }

    func testSparklineFixedRangeAndFlatData() {
        // 5 on a 0…10 scale: step round(0.5 × 7) = 4 → "▅".
        assertScreen(render(Sparkline(values: [5], range: 0...10), width: 1, height: 1), lines: ["▅"])
        // All equal: drawn mid-height rather than hidden.
        assertScreen(render(Sparkline(values: [3, 3]), width: 2, height: 1), lines: ["▅▅"])
    }

    func testBarChartFullBlocksAndEighthTop() {
        // Scale top 3.5; 4 plot rows × 8 eighths = 32 units: 2 → round(18.3) = 18 units
        // (2 full rows + 2 eighths ▂), 3.5 → 32 units (4 full rows). "3.5" does not fit 2 columns.
        let chart = BarChart(bars: [.init("Mo", 2), .init("Tu", 3.5)], barWidth: 2)
        assertScreen(render(chart, width: 10, height: 6), lines: [
            "2",
            "   ██",
            "▂▂ ██",
            "██ ██",
            "██ ██",
            "Mo Tu",
        ])
    }

    func testBarChartNoDataAndTinySizes() {
        assertScreen(render(BarChart(bars: []), width: 9, height: 3), lines: ["", " no data", ""])
        assertScreen(render(BarChart(bars: [.init("a", 1)]), width: 1, height: 1), lines: [""])
        assertScreen(render(BarChart(bars: [.init("a", 1)]), width: 0, height: 0), lines: [])
    }
}
