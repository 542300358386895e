import XCTest
@testable import TerminalUI

/// Golden screens of the bar chart: stacked wet + dirty nappies (7+2 … 3+2 a day), vertical and
/// horizontal, Unicode and ASCII, a y axis when totals do not fit over the bars, tiny areas.
final class BarChartTests: XCTestCase {
    typealias F = ChartFixtures

    func stacked(_ glyphs: GlyphSet = .unicode) -> BarChart {
        BarChart(bars: F.nappyBars(), layers: F.nappyLayers, title: "Nappies per day", glyphs: glyphs)
    }

    /// Scale top 9 (largest total) over 8 rows: 7+2 fills all 8 rows, wet up to row 6.2 → 6 rows;
    /// 3+2 = 5 → 4.4 rows (4 full, ▄ top).
    func testVerticalStackedWithTotalsAndLegend() {
        let buffer = render(stacked(), width: 30, height: 12)
        assertScreen(buffer, lines: [
            "Nappies per day",
            " 9   9   9   9   5   5   5",
            "▒▒▒ ▒▒▒ ▒▒▒ ▒▒▒",
            "▒▒▒ ███ ▒▒▒ ▒▒▒",
            "███ ███ ▒▒▒ ███",
            "███ ███ ███ ███ ▄▄▄ ▄▄▄ ▄▄▄",
            "███ ███ ███ ███ ███ ███ ▒▒▒",
            "███ ███ ███ ███ ███ ███ ███",
            "███ ███ ███ ███ ███ ███ ███",
            "███ ███ ███ ███ ███ ███ ███",
            " 16  17  18  19  20  21  22",
            "█ wet  ▒ dirty",
        ])
        XCTAssertEqual(buffer[0, 9].role, .chartLine)  // wet at the foot of the first bar
        XCTAssertEqual(buffer[0, 2].role, .warning)    // dirty at its top
    }

    func testVerticalASCII() {
        assertScreen(render(stacked(.ascii), width: 30, height: 12), lines: [
            "Nappies per day",
            " 9   9   9   9   5   5   5",
            "%%% %%% %%% %%%",
            "%%% ### %%% %%%",
            "### ### %%% ###",
            "### ### ### ### --- --- ---",
            "### ### ### ### ### ### %%%",
            "### ### ### ### ### ### ###",
            "### ### ### ### ### ### ###",
            "### ### ### ### ### ### ###",
            " 16  17  18  19  20  21  22",
            "# wet  % dirty",
        ])
    }

    func testSmallAreaShowsTheNewestBars() {
        assertScreen(render(stacked(), width: 20, height: 5), lines: [
            "Nappies per day",
            " 9   9   5   5   5",
            "▒▒▒ ███ ▁▁▁ ▁▁▁ ▁▁▁",
            "███ ███ ███ ███ ███",
            " 18  19  20  21  22",
        ])
    }

    /// The scale follows the bars on screen: alone, the newest bar is the tallest, a full cell.
    func testOneByOneShowsTheNewestBarInOneCell() {
        assertScreen(render(stacked(), width: 1, height: 1), lines: ["█"])
        XCTAssertEqual(render(stacked(), width: 1, height: 1)[0, 0].role, .chartLine)  // 3+2: wet covers most of the cell
    }

    /// Totals wider than the bars: a y axis instead (nice ticks, k suffix, no label for the foot).
    func testAxisWhenTotalsDoNotFitAboveBars() {
        let volumes = BarChart(bars: [("Mon", 1200.0), ("Tue", 850), ("Wed", 15_400), ("Thu", 0), ("Fri", 9_999)]
                                .map { BarChart.Bar($0.0, $0.1) }, title: "Urine (mL)")
        assertScreen(render(volumes, width: 30, height: 10), lines: [
            "Urine (mL)",
            "20k┤",
            "   │        ▁▁▁",
            "15k┤        ███",
            "   │        ███",
            "10k┤        ███     ███",
            "   │        ███     ███",
            " 5k┤        ███     ███",
            "   │▄▄▄ ▃▃▃ ███     ███",
            "    Mon Tue Wed Thu Fri",
        ])
    }

    /// 23 columns for the largest total 9: 7+2 → 17.9 wet + 5.1 dirty cells; 5 → 12¾ (▊).
    func testHorizontalStackedWithEighths() {
        var chart = stacked()
        chart.orientation = .horizontal
        assertScreen(render(chart, width: 30, height: 10), lines: [
            "Nappies per day",
            "16 ██████████████████▒▒▒▒▒ 7+2",
            "17 █████████████████████▒▒ 8+1",
            "18 ███████████████▒▒▒▒▒▒▒▒ 6+3",
            "19 ██████████████████▒▒▒▒▒ 7+2",
            "20 ████████████▊ 5+0",
            "21 ██████████▒▒▊ 4+1",
            "22 ████████▒▒▒▒▊ 3+2",
            "",
            "█ wet  ▒ dirty",
        ])
    }

    func testHorizontalASCIIRoundsToWholeCells() {
        var chart = stacked(.ascii)
        chart.orientation = .horizontal
        assertScreen(render(chart, width: 30, height: 10), lines: [
            "Nappies per day",
            "16 ##################%%%%% 7+2",
            "17 ####################%%% 8+1",
            "18 ###############%%%%%%%% 6+3",
            "19 ##################%%%%% 7+2",
            "20 ############# 5+0",
            "21 ##########%%% 4+1",
            "22 ########%%%%% 3+2",
            "",
            "# wet  % dirty",
        ])
    }

    func testPlainBarsKeepTheKitInitialiser() {
        let chart = BarChart(bars: [BarChart.Bar("a", 2), BarChart.Bar("b", 4, role: .ok)], barWidth: 1)
        assertScreen(render(chart, width: 4, height: 4), lines: ["2 4", "  █", "█ █", "a b"])
        XCTAssertEqual(BarChart.Bar("x", segments: [2, .nan, -1, 3]).value, 5)
    }

    func testNoData() {
        assertScreen(render(BarChart(bars: []), width: 9, height: 1), lines: [" no data"])
        assertScreen(render(BarChart(bars: [BarChart.Bar("a", .nan)]), width: 7, height: 3), lines: ["", "no data", ""])
    }
}
