import Foundation
import TerminalUI

/// Chart rendering benchmarks: a 730-day series drawn into a 140×20 area, as the Trends screen
/// does for "all" on a two-year stay. Prints the median and 90th percentile of many runs.
/// Only rendering is timed (the data is built once); the query side is in the store benchmarks.
func runChartBenchmarks(runs: Int = 201) {
    let zone = TimeZone(identifier: "UTC")!
    let end = 1_795_219_200.0  // 2026-11-21 00:00 UTC
    let start = end - 730 * 86_400
    var random = SystemRandomNumberGenerator()
    func noise(_ spread: Double) -> Double { Double.random(in: -spread...spread, using: &random) }

    // 730 daily weights with WHO-like band, every 50th day missing (gaps).
    let dailyWeight = (0..<730).map { d -> ChartPoint in
        ChartPoint(x: start + Double(d) * 86_400, y: d % 50 == 49 ? nil : 3.2 + Double(d) * 0.012 + noise(0.15))
    }
    let band = ChartBand(name: "3rd–97th", middleName: "50th", points: stride(from: 0, through: 730, by: 30).map { d in
        let base = 3.3 + Double(d) * 0.012
        return BandPoint(x: start + Double(d) * 86_400, low: base * 0.8, high: base * 1.25, middle: base)
    })
    let weight = LineChart(series: [LineSeries(name: "Weight", unit: "kg", points: dailyWeight, decimals: 2)],
                           bands: [band], xAxis: .time(zone), yTitle: "Weight (kg)", cursor: ChartCursor(index: 400))

    // 730 days of hourly heart rate (17 520 readings) with a normal range, so marks and list are exercised.
    let hourly = (0..<(730 * 24)).map { h -> ChartPoint in
        ChartPoint(x: start + Double(h) * 3_600, y: 140 + 25 * sin(Double(h) / 9) + noise(20))
    }
    let heartRate = LineChart(series: [LineSeries(name: "HR", unit: "/min", points: hourly, limits: 100...180)],
                              bands: [.constant(name: "normal", range: 100...180)], xAxis: .time(zone), yTitle: "Heart rate (/min)")

    // 730 stacked days of nappies, and 730 days × 4 slots of doses.
    let bars = BarChart(bars: (0..<730).map { BarChart.Bar("\($0 % 31 + 1)", segments: [Double(5 + $0 % 4), Double($0 % 3)]) },
                        layers: [.init("wet"), .init("dirty", role: .warning)], barWidth: 1, gap: 0, title: "Nappies per day")
    let heat = Heatmap(rowLabels: ["06:00", "12:00", "18:00", "24:00"], columnLabels: (0..<730).map { "\($0 % 31 + 1)" },
                       cells: (0..<4).map { r in (0..<730).map { ($0 + r) % 11 == 0 ? 2 : ($0 + r) % 7 == 0 ? 1 : 0 } },
                       levels: [.init("given", shade: 3), .init("withheld", shade: 1), .init("missed", shade: 0)],
                       title: "Doses")

    print("Chart benchmarks: 730 days into 140×20 (median and p90 of \(runs) runs)")
    let cases: [(String, any Widget)] = [("line, 730 daily points + band + cursor", weight),
                                         ("line, 17 520 hourly points + range marks", heartRate),
                                         ("stacked bars, 730 days", bars),
                                         ("heatmap, 730 days × 4 slots", heat)]
    for (name, widget) in cases {
        var samples: [Double] = []
        for _ in 0..<runs {
            var buffer = Buffer(width: 140, height: 20)
            let clock = ContinuousClock()
            let elapsed = clock.measure { widget.render(in: buffer.area, into: &buffer) }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        samples.sort()
        let median = samples[samples.count / 2], p90 = samples[samples.count * 9 / 10]
        print(String(format: "  %-44@ median %7.3f ms   p90 %7.3f ms", name as NSString, median, p90))
    }
}
