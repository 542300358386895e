import XCTest
import Foundation
@testable import TerminalUI

final class ChartScratchTests: XCTestCase {
    func dump(_ name: String, _ b: Buffer) {
        print("// \(name)")
        print("assertScreen(buffer, lines: [")
        for l in b.lines { print("    \"" + l.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\",") }
        print("])")
    }
    func testScratch() {
        typealias F = ChartFixtures
        dump("temp 60x16 cursor", render(F.temperatureChart(cursor: ChartCursor(index: 4)), width: 60, height: 16))
        dump("temp 20x5", render(F.temperatureChart(), width: 20, height: 5))
        dump("temp 1x1", render(F.temperatureChart(), width: 1, height: 1))
        dump("temp ascii 60x12", render(F.temperatureChart(glyphs: .ascii), width: 60, height: 12))
        dump("who 50x14", render(LineChart(series: [F.weightSeries()], bands: [F.weightBand()], xAxis: .numeric(title: "age (weeks)"), yTitle: "Weight (kg)"), width: 50, height: 14))
        let single = LineSeries(name: "Weight", unit: "kg", points: [ChartPoint(x: F.day0, y: 3.42)], decimals: 2)
        dump("single 30x8", render(LineChart(series: [single], xAxis: .time(F.utc), yTitle: "Weight (kg)"), width: 30, height: 8))
        let flat = LineSeries(name: "SpO2", unit: "%", points: (0..<10).map { ChartPoint(x: F.day0 + Double($0) * F.hour, y: 98) })
        dump("flat 30x8", render(LineChart(series: [flat], xAxis: .time(F.utc), yTitle: "SpO2 (%)"), width: 30, height: 8))
        let neg = LineSeries(name: "Balance", unit: "mL", points: [-40, -120, 35, 80, -10].enumerated().map { ChartPoint(x: F.day0 + Double($0.offset) * 86_400, y: Double($0.element)) })
        dump("neg 40x10", render(LineChart(series: [neg], xAxis: .time(F.utc), yTitle: "Fluid balance (mL)"), width: 40, height: 10))
        let huge = LineSeries(name: "Events", points: [1.2e6, 3.4e6, 2.8e6, 5.1e6].enumerated().map { ChartPoint(x: F.day0 + Double($0.offset) * 7 * 86_400, y: $0.element) })
        dump("huge 40x10", render(LineChart(series: [huge], xAxis: .time(F.utc), yTitle: "Events"), width: 40, height: 10))
        let bars = BarChart(bars: F.nappyBars(), layers: F.nappyLayers, title: "Nappies per day")
        dump("bars 30x12", render(bars, width: 30, height: 12))
        dump("bars 20x5", render(bars, width: 20, height: 5))
        dump("bars 1x1", render(bars, width: 1, height: 1))
        var axis = bars; axis.barWidth = 1
        dump("bars axis 30x12", render(axis, width: 30, height: 12))
        var ascii = bars; ascii.glyphs = .ascii
        dump("bars ascii 30x12", render(ascii, width: 30, height: 12))
        var hor = bars; hor.orientation = .horizontal
        dump("bars h 30x10", render(hor, width: 30, height: 10))
        hor.glyphs = .ascii
        dump("bars h ascii 30x10", render(hor, width: 30, height: 10))
        dump("heat 40x7", render(F.doseHeatmap(), width: 40, height: 7))
        dump("heat ascii 40x7", render(F.doseHeatmap(glyphs: .ascii), width: 40, height: 7))
        dump("heat 20x5", render(F.doseHeatmap(), width: 20, height: 5))
        dump("heat 1x1", render(F.doseHeatmap(), width: 1, height: 1))
    }
}
