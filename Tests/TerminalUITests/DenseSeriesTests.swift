import XCTest
@testable import TerminalUI

/// The per-column shortcut for dense series must set exactly the dots that drawing every
/// reading-to-reading line sets.
final class DenseSeriesTests: XCTestCase {
    func testDenseDrawingMatchesLineByLineDrawing() {
        var generator = SplitMix(seed: 7)
        var value = 50.0
        let points = (0..<3_000).map { i -> ChartPoint in
            value += Double(generator.next() % 21) - 10
            return ChartPoint(x: Double(i), y: i % 700 == 699 ? nil : value)  // a few gaps
        }
        let chart = LineChart(series: [LineSeries(name: "x", points: points)], xAxis: .numeric(title: "t"))
        let ys = points.compactMap(\.y)
        for braille in [true, false] {
            let mapping = PlotMapping(plot: Rect(x: 0, y: 0, width: 37, height: 9), braille: braille, xLow: 0, xHigh: 2_999,
                                      scale: NiceScale.scale(low: ys.min()!, high: ys.max()!, maxTicks: 5))
            var dense = DotCanvas(columns: 37, rows: 9, braille: braille)
            chart.drawDenseSeries(points, dashed: false, role: .chartLine, priority: 1, mapping: mapping, canvas: &dense)
            var lines = DotCanvas(columns: 37, rows: 9, braille: braille)
            var previous: (Int, Int)?
            for p in points {
                guard let y = p.y else { previous = nil; continue }
                let dot = mapping.dot(x: p.x, y: y)
                if let previous { lines.line(from: previous, to: dot, role: .chartLine, priority: 1, dashed: false) }
                else { lines.set(dot.0, dot.1, role: .chartLine, priority: 1) }
                previous = dot
            }
            XCTAssertEqual(dense.bits, lines.bits, "braille: \(braille)")
            XCTAssertTrue(dense.bits.contains { $0 != 0 })
        }
    }
}

/// A tiny deterministic generator so the walk is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
