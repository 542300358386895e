/// A reading outside its series' limits or beyond a fixed scale: marked ▲/▼ in the plot and
/// listed with value and time under it, so it is never shown by colour alone.
public struct OutOfRangePoint: Hashable, Sendable {
    public var seriesIndex: Int
    public var x: Double
    public var y: Double
    /// True above the range, false below.
    public var isHigh: Bool
}

/// The data side of a line chart, independent of the area: what is visible, its extents, the
/// out-of-range readings and the cursor stops. Shared by rendering and the screen's cursor keys.
struct LineChartData {
    /// Per series, the visible points sorted by x (gaps kept).
    let series: [[ChartPoint]]
    let finiteCount: Int
    let xLow: Double
    let xHigh: Double
    let yLow: Double
    let yHigh: Double
    /// Distinct x of finite readings, ascending; empty unless asked for (a cursor is shown).
    let stops: [Double]

    init(chart: LineChart, withStops: Bool = true) {
        var all: [[ChartPoint]] = []
        var finite = 0
        var xs: [Double] = []
        var yLo = Double.infinity, yHi = -Double.infinity
        for s in chart.series {
            var pts = s.points.filter { $0.x.isFinite }
            if let r = chart.xRange { pts = pts.filter { r.contains($0.x) } }
            if zip(pts, pts.dropFirst()).contains(where: { $0.x > $1.x }) { pts.sort { $0.x < $1.x } }
            for p in pts {
                guard let y = p.y, y.isFinite else { continue }
                finite += 1
                xs.append(p.x)
                yLo = min(yLo, y)
                yHi = max(yHi, y)
            }
            all.append(pts)
        }
        series = all
        finiteCount = finite
        stops = withStops ? Array(Set(xs)).sorted() : []
        var lo = chart.xRange?.lowerBound ?? xs.min() ?? 0
        var hi = chart.xRange?.upperBound ?? xs.max() ?? 1
        if hi <= lo {
            let pad: Double
            if case .time = chart.xAxis { pad = 43_200 } else { pad = 0.5 }
            lo -= pad
            hi += pad
        }
        xLow = lo
        xHigh = hi
        // Bands count towards the scale, so a goal range or the centiles stay in view.
        for band in chart.bands {
            let inside = band.points.filter { $0.x >= lo && $0.x <= hi }
            let ends = [band.edges(at: lo), band.edges(at: hi)].compactMap { $0 }
            for p in inside + ends {
                yLo = min(yLo, p.low)
                yHi = max(yHi, p.high)
            }
        }
        yLow = yLo.isFinite ? yLo : 0
        yHigh = yHi.isFinite ? yHi : 1
    }

    /// Readings outside their series' limits or the shown scale, newest first.
    func outOfRange(chart: LineChart, scale: AxisScale) -> [OutOfRangePoint] {
        var out: [OutOfRangePoint] = []
        for (index, points) in series.enumerated() {
            let limits = chart.series[index].limits
            for p in points {
                guard let y = p.y, y.isFinite else { continue }
                let high = y > scale.upper || (limits.map { y > $0.upperBound } ?? false)
                let low = y < scale.lower || (limits.map { y < $0.lowerBound } ?? false)
                if high || low { out.append(OutOfRangePoint(seriesIndex: index, x: p.x, y: y, isHigh: high)) }
            }
        }
        return out.sorted { $0.x > $1.x }
    }
}
