import Foundation
@testable import TerminalUI

/// Series shared by the chart tests, built from plain numbers so each golden can be checked by eye.
enum ChartFixtures {
    static let utc = TimeZone(identifier: "UTC")!
    /// Sat 21 Nov 2026 00:00 UTC.
    static let day0 = 1_795_219_200.0
    static let hour = 3_600.0

    /// Temperature every 6 h from 21 Nov 00:00, with a gap (nil) at 18:00, a high (38.6) and a low (35.4).
    static let temperatures: [Double?] = [36.8, 37.0, 37.2, nil, 37.9, 38.6, 37.1, 36.9, 35.4, 36.7, 36.8, 37.0]

    static func temperatureSeries() -> LineSeries {
        LineSeries(name: "Temp", unit: "°C",
                   points: temperatures.enumerated().map { ChartPoint(x: day0 + Double($0.offset) * 6 * hour, y: $0.element) },
                   limits: 36.0...38.0, decimals: 1)
    }

    static func temperatureChart(glyphs: GlyphSet = .unicode, cursor: ChartCursor = ChartCursor()) -> LineChart {
        LineChart(series: [temperatureSeries()], bands: [.constant(name: "goal 36.5–37.5", range: 36.5...37.5)],
                  xAxis: .time(utc), yTitle: "Temperature (°C)", cursor: cursor, glyphs: glyphs)
    }

    /// A WHO-like weight band by age in weeks: 3rd 2.5→10.9 kg, 97th 4.3→16.3 kg, 50th 3.3→13.5 kg over 0–12 weeks
    /// (straight lines, not the real table: the widget only interpolates what it is given).
    static func weightBand() -> ChartBand {
        ChartBand(name: "3rd–97th", middleName: "50th",
                  points: [BandPoint(x: 0, low: 2.5, high: 4.3, middle: 3.3), BandPoint(x: 12, low: 10.9, high: 16.3, middle: 13.5)])
    }

    static func weightSeries() -> LineSeries {
        LineSeries(name: "Weight", unit: "kg",
                   points: [ChartPoint(x: 0, y: 3.1), ChartPoint(x: 2, y: 4.6), ChartPoint(x: 5, y: 6.9), ChartPoint(x: 8, y: 7.6)],
                   decimals: 2)
    }

    /// Wet + dirty nappies a day, 16–22 Nov: wet falls 7 → 3.
    static let nappyDays = ["16", "17", "18", "19", "20", "21", "22"]
    static let wet: [Double] = [7, 8, 6, 7, 5, 4, 3]
    static let dirty: [Double] = [2, 1, 3, 2, 0, 1, 2]

    static func nappyBars() -> [BarChart.Bar] {
        nappyDays.indices.map { BarChart.Bar(nappyDays[$0], segments: [wet[$0], dirty[$0]]) }
    }

    static let nappyLayers = [BarChart.Layer("wet", role: .chartLine), BarChart.Layer("dirty", role: .warning)]

    /// Doses by slot (rows) and day (columns): 0 given, 1 withheld, 2 missed, nil none due.
    static func doseHeatmap(glyphs: GlyphSet = .unicode) -> Heatmap {
        Heatmap(rowLabels: ["08:00", "14:00", "20:00"], columnLabels: nappyDays,
                cells: [[0, 0, 1, 0, 2, 0, nil], [0, 1, 0, 0, 0, 2, 0], [0, 0, 0, nil, 0, 0, 0]],
                levels: [.init("given", shade: 3), .init("withheld", shade: 1, role: .warning),
                         .init("missed", shade: 0, role: .danger)],
                title: "Paracetamol doses", cellWidth: 3, glyphs: glyphs)
    }
}
