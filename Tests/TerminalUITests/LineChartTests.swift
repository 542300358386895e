import XCTest
@testable import TerminalUI

/// Golden screens of the line chart (checked by eye against the fixtures' numbers) and its
/// behaviour: gaps, bands, out-of-range marks and list, cursor, small areas, no data.
final class LineChartTests: XCTestCase {
    typealias F = ChartFixtures

    /// Temperature every 6 h over 66 h: goal band rows, the gap at 21 Nov 18:00 (no line between
    /// 12:00 and 22 Nov 00:00), ▲ at 38.6 (22 Nov 06:00), ▼ at 35.4 (23 Nov 00:00), both listed
    /// newest first, and the cursor (5th reading) with its readout.
    func testTemperatureWithBandGapOutOfRangeAndCursor() {
        let buffer = render(F.temperatureChart(cursor: ChartCursor(index: 4)), width: 60, height: 16)
        assertScreen(buffer, lines: [
            "Temperature (°C)                                       hours",
            "39┤                         ┊",
            "  │                       ⣀⠔▲⢆",
            "38┤                    ⢀⠤⠊  ┊ ⠱⡀",
            "  │                         ┊  ⠈⢆",
            "  │░░░░░░⢀⣀⣀⡠⠤░░░░░░░░░░░░░░┊░░░░⠱⣀⣀⡀░░░░░░░░░░░░░░░░░░░░░░░",
            "37┤⠒⠒⠊⠉⠉⠉⠁░░░░░░░░░░░░░░░░░░┊░░░░░░░⠈⠉⠉⠱⡀░░░░░░░⢀⠤⠤⠤⠒⠒⠒⠒⠒⠉⠉⠉",
            "  │                         ┊           ⠘⢄     ⡠⠃",
            "36┤                         ┊            ⠈⢢  ⢀⠜",
            "  │                         ┊              ⠱▼⠃",
            "35┤                         ┊",
            "  └┬─────────┬─────────┬──────────┬─────────┬─────────┬─────",
            "   21 Nov  12:00     22 Nov     12:00     23 Nov    12:00",
            "── Temp  ░░ goal 36.5–37.5  ▲▼ out of range",
            "22 Nov 06:00  Temp 38.6 °C",
            "▼ 35.4 °C 23 Nov 00:00  ▲ 38.6 °C 22 Nov 06:00",
        ])
        XCTAssertEqual(buffer[28, 2].role, .danger)  // the ▲ mark
        XCTAssertEqual(buffer[28, 1].role, .focus)   // the cursor column
    }

    func testGapLeavesNoDotsBetweenTheReadingsAroundIt() {
        let buffer = render(F.temperatureChart(), width: 60, height: 16)
        // Plot columns 12…19 lie strictly between 21 Nov 12:00 (column 10) and 22 Nov 00:00 (column 20).
        for y in 1...10 {
            for x in (3 + 12)...(3 + 19) {
                let g = buffer[x, y].grapheme.unicodeScalars.first!.value
                XCTAssertFalse((0x2800...0x28FF).contains(g), "dot at \(x),\(y) inside the gap")
            }
        }
    }

    func testSmallAreaKeepsPlotAndCountsOutOfRangeInTitle() {
        assertScreen(render(F.temperatureChart(), width: 20, height: 5), lines: [
            "Tempera… ▲1 ▼1  days",
            "40┤       ▲",
            "  │⣀⣀⡠⠄░░⠊⠁⠑⠤⣀░░⢀⣀⣀⣀",
            "35┤           ⠑▼⠁",
            "   21 Nov    23 Nov",
        ])
    }

    func testOneByOneDrawsOneCellWithoutCrashing() {
        assertScreen(render(F.temperatureChart(), width: 1, height: 1), lines: [
            "▲",
        ])
        assertScreen(render(F.temperatureChart(), width: 0, height: 0), lines: [])
    }

    func testASCIIFallbackUsesOnlyASCII() {
        let buffer = render(F.temperatureChart(glyphs: .ascii), width: 60, height: 12)
        assertScreen(buffer, lines: [
            "Temperature (°C)                                       hours",
            "39+                         ^",
            "  |                     .--' |.",
            "38+                    '       |.",
            "  |:::::::..--:::::::::::::::::::|...:::::::::::::::::::::::",
            "37+---'''':::::::::::::::::::::::::::'''|:::::::.--------'''",
            "36+                                      |.    |'",
            "  |                                       '| |'",
            "35+                                         v",
            "   21 Nov  12:00     22 Nov     12:00     23 Nov    12:00",
            "-- Temp  :: goal 36.5–37.5  ^v out of range",
            "v 35.4 °C 23 Nov 00:00  ^ 38.6 °C 22 Nov 06:00",
        ])
        // Only the title and legend (user text with °C and an en dash) may leave ASCII.
        for line in buffer.lines where !line.contains("°C") && !line.contains("–") {
            XCTAssertTrue(line.unicodeScalars.allSatisfy(\.isASCII), line)
        }
    }

    /// A WHO-style 3rd–97th band widening with age, its 50th dashed, on a numeric x axis in weeks.
    func testCentileBandWithMiddleLineOnNumericAxis() {
        let chart = LineChart(series: [F.weightSeries()], bands: [F.weightBand()], xAxis: .numeric(title: "age (weeks)"),
                              yTitle: "Weight (kg)")
        assertScreen(render(chart, width: 50, height: 14), lines: [
            "Weight (kg)                            age (weeks)",
            "12.5┤                                           ░░",
            "    │                                     ░░░░░░░░",
            "10.0┤                               ░░░░░░░░░░░⣀░⠔",
            "    │                         ░░░░░░░░░⢀░⠤░⠒░⠉░░░░",
            "    │                    ░░░░░░░░⣀░⠤░⠒░⠁░░░░░░░⣀⣀⣀",
            " 7.5┤              ░░░░░░░░⡠░⠔⢀⣉⡠⠤⠤⠤⠒⠒⠒⠒⠒⠊⠉⠉⠉⠉⠉",
            "    │        ░░░░░░⢀░⠤░⣒⡠⠭⠔⠒⠊⠉⠁░░",
            " 5.0┤   ░░░░░⣀░⢤⣀⠮⠤⠓⠒⠉⠉░░",
            "    │░░⡠⣀⣒⠤⠝⠒⠊⠉⠁░",
            " 2.5┤⠛⠉⠉░",
            "    └┬──────────┬──────────┬──────────┬──────────┬",
            "     0          2          4          6          8",
            "── Weight  ░░ 3rd–97th  ┄┄ 50th",
        ])
    }

    func testSinglePointIsDrawnOnAPaddedAxis() {
        let single = LineSeries(name: "Weight", unit: "kg", points: [ChartPoint(x: F.day0, y: 3.42)], decimals: 2)
        assertScreen(render(LineChart(series: [single], xAxis: .time(F.utc), yTitle: "Weight (kg)"), width: 30, height: 8), lines: [
            "Weight (kg)              hours",
            "4.0┤",
            "   │",
            "3.5┤             ⡀",
            "   │",
            "3.0┤",
            "    12:00      21 Nov    12:00",
            "── Weight",
        ])
    }

    func testAllValuesEqualStillGetAScale() {
        let flat = LineSeries(name: "SpO2", unit: "%", points: (0..<10).map { ChartPoint(x: F.day0 + Double($0) * F.hour, y: 98) })
        assertScreen(render(LineChart(series: [flat], xAxis: .time(F.utc), yTitle: "SpO2 (%)"), width: 30, height: 8), lines: [
            "SpO2 (%)                 hours",
            "120┤",
            "   │",
            "100┤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤",
            "   │",
            " 80┤",
            "    21 Nov         06:00",
            "── SpO2",
        ])
    }

    func testNegativeValues() {
        let balance = LineSeries(name: "Balance", unit: "mL", points: [-40, -120, 35, 80, -10].enumerated().map {
            ChartPoint(x: F.day0 + Double($0.offset) * 86_400, y: Double($0.element))
        })
        assertScreen(render(LineChart(series: [balance], xAxis: .time(F.utc), yTitle: "Fluid balance (mL)"), width: 40, height: 10), lines: [
            "Fluid balance (mL)                  days",
            " 100┤                      ⣀⣀⣀⠤⠤⣀⡀",
            "    │                ⡠⠔⠒⠉⠉⠉      ⠈⠉⠒⠤⢄⣀",
            "   0┤⣀            ⡠⠔⠉                  ⠉",
            "-100┤ ⠉⠑⠒⠤⣀⡀   ⡠⠔⠉",
            "    │      ⠈⠉⠒⠉",
            "-200┤",
            "    └┬────────────────┬────────────────┬",
            "     21 Nov         23 Nov        25 Nov",
            "── Balance",
        ])
    }

    func testHugeValuesUseSuffixedLabelsAndWeeklyTicksOnMondays() {
        let events = LineSeries(name: "Events", points: [1.2e6, 3.4e6, 2.8e6, 5.1e6].enumerated().map {
            ChartPoint(x: F.day0 + Double($0.offset) * 7 * 86_400, y: $0.element)
        })
        assertScreen(render(LineChart(series: [events], xAxis: .time(F.utc), yTitle: "Events"), width: 40, height: 10), lines: [
            "Events                             weeks",
            "6M┤                                    ⣀",
            "  │                              ⢀⣀⠤⠔⠊⠉",
            "4M┤          ⣀⡠⠤⠤⠤⢄⣀⣀⣀⣀⣀⡀   ⢀⡠⠤⠒⠊⠁",
            "2M┤    ⣀⡠⠤⠒⠊⠉           ⠈⠉⠉⠉⠁",
            "  │⠤⠒⠊⠉",
            " 0┤",
            "  └───┬───────────┬────────────┬────────",
            "    23 Nov      30 Nov       7 Dec",
            "── Events",
        ])
    }

    /// Two series told apart by shape (solid, dashed) and named in the list; one list row with "+1 more".
    func testTwoSeriesAndTruncatedOutOfRangeList() {
        var chart = F.temperatureChart()
        chart.series.append(LineSeries(name: "Skin", unit: "°C",
                                       points: [ChartPoint(x: F.day0, y: 36.0), ChartPoint(x: F.day0 + 66 * F.hour, y: 36.4)],
                                       style: .dashed, role: .info, limits: 35.5...37.5, decimals: 1))
        chart.maxOutOfRangeRows = 1
        assertScreen(render(chart, width: 40, height: 20), lines: [
            "Temperature (°C)                    days",
            "39┤",
            "  │                ▲",
            "  │               ⡰⠁⢇",
            "38┤              ⡜  ⠘⡄",
            "  │             ⠈    ⢱",
            "  │░░░░░░░░░░░░░░░░░░⠈⡆░░░░░░░░░░░░░░░░░",
            "  │░░░░░░⣀░░░░░░░░░░░░⠸⡀░░░░░░░░░░░░░░░░",
            "37┤░⣀⣀⠤⠒⠉░░░░░░░░░░░░░░⠑⠢⢄⡀░░░░░░░░░░⣀⣀⠤",
            "  │⠉░░░░░░░░░░░░░░░░░░░░░░⢱░░░░░░⡤⠒⠊⠉░░░",
            "  │                        ⢇   ⣀⡸⣀ ⣀ ⠤ ⠤",
            "  │    ⣀ ⣀ ⣀ ⠤ ⠤ ⠤ ⠒ ⠒ ⠒ ⠉ ⠙⡄⠉ ⢰⠁",
            "36┤⠉ ⠉                      ⢣ ⢀⠇",
            "  │                         ⠈⡆⡎",
            "  │                          ▼",
            "35┤",
            "  └┬────────────┬────────────┬──────────",
            "   21 Nov     22 Nov       23 Nov",
            "── Temp  ┄┄ Skin  ░░ goal 36.5–37.5  ▲▼…",
            "▼ Temp 35.4 °C 23 Nov 00:00  +1 more",
        ])
    }

    func testNoDataAndNotEnoughDataAreSaidInWords() {
        let empty = LineChart(series: [LineSeries(name: "HR", points: [ChartPoint(x: 0, y: nil)])], xAxis: .time(F.utc))
        assertScreen(render(empty, width: 20, height: 3), lines: ["", "      no data", ""])
        assertScreen(render(LineChart(series: [], xAxis: .time(F.utc)), width: 7, height: 1), lines: ["no data"])
        var few = F.temperatureChart()
        few.minimumPoints = 12  // 11 readings (one is a gap)
        assertScreen(render(few, width: 20, height: 3), lines: ["", "  not enough data", ""])
        var window = F.temperatureChart()
        window.xRange = (F.day0 + 100 * F.hour)...(F.day0 + 200 * F.hour)  // after the last reading
        assertScreen(render(window, width: 20, height: 1), lines: ["      no data"])
    }

    func testOutOfRangeIncludesReadingsBeyondAFixedScale() {
        var chart = F.temperatureChart()
        chart.series[0].limits = nil
        chart.yRange = 36...38
        let marks = chart.outOfRangePoints
        XCTAssertEqual(marks.map(\.y), [35.4, 38.6])
        XCTAssertEqual(marks.map(\.isHigh), [false, true])
    }

    func testLegendNamesOutOfRangeOnlyWhenThereIsSome() {
        var calm = F.temperatureChart()
        calm.series[0].limits = 30...45
        let text = render(calm, width: 60, height: 16).lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("── Temp  ░░ goal 36.5–37.5"))
        XCTAssertFalse(text.contains("out of range"))
        XCTAssertFalse(text.contains("▲"))
    }

    func testCursorStepsThroughReadingsAndReadsThemOut() {
        var chart = F.temperatureChart()
        XCTAssertEqual(chart.cursorStops.count, 11)
        XCTAssertNil(chart.readout())
        XCTAssertTrue(chart.cursor.handle(.left, stopCount: chart.cursorStops.count))  // first press: newest
        XCTAssertEqual(chart.readout(), "23 Nov 18:00  Temp 37.0 °C")
        XCTAssertTrue(chart.cursor.handle(.left, stopCount: 11))
        XCTAssertEqual(chart.readout(), "23 Nov 12:00  Temp 36.8 °C")
        XCTAssertTrue(chart.cursor.handle(.home, stopCount: 11))
        XCTAssertTrue(chart.cursor.handle(.left, stopCount: 11))
        XCTAssertEqual(chart.cursor.index, 0)
        XCTAssertEqual(chart.readout(), "21 Nov 00:00  Temp 36.8 °C")
        XCTAssertFalse(chart.cursor.handle(.char("x"), stopCount: 11))
        XCTAssertTrue(chart.cursor.handle(.escape, stopCount: 11))
        XCTAssertNil(chart.readout())
        XCTAssertFalse(chart.cursor.handle(.escape, stopCount: 11))
    }

    func testReadoutMarksASeriesWithoutAReadingThere() {
        var chart = F.temperatureChart(cursor: ChartCursor(index: 1))
        chart.series.append(LineSeries(name: "Skin", unit: "°C", points: [ChartPoint(x: F.day0, y: 36.0)], decimals: 1))
        XCTAssertEqual(chart.readout(), "21 Nov 06:00  Temp 37.0 °C  Skin –")
    }
}
