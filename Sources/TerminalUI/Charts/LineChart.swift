/// A line chart drawn with Braille dots (2×4 per cell) or, in ASCII, with ' - . | marks:
/// several series, gaps where a reading is missing, bands behind (goal range, centiles),
/// out-of-range readings marked ▲/▼ and listed with value and time, a legend and a cursor
/// readout. Rows are given up in order of need, so even 20×5 and 1×1 stay honest.
///
/// Layout, top to bottom: title (y title left; x unit, and an out-of-range count when the list
/// has no room, right), plot with y labels, x axis line, x labels, legend, cursor readout,
/// out-of-range list.
public struct LineChart: Widget, Sendable {
    public var series: [LineSeries]
    public var bands: [ChartBand]
    public var xAxis: ChartXAxis
    /// The y axis title with its unit, e.g. "Weight (kg)".
    public var yTitle: String
    /// The window shown (e.g. the last 7 days); nil fits the data.
    public var xRange: ClosedRange<Double>?
    /// A fixed scale; nil fits the data and bands. Readings beyond it are clamped and marked.
    public var yRange: ClosedRange<Double>?
    public var cursor: ChartCursor
    /// Fewer finite readings than this say "not enough data" instead of drawing.
    public var minimumPoints: Int
    /// Rows the out-of-range list may take at most.
    public var maxOutOfRangeRows: Int
    public var glyphs: GlyphSet
    public var strings: UIStrings

    public init(series: [LineSeries], bands: [ChartBand] = [], xAxis: ChartXAxis, yTitle: String = "",
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil,
                cursor: ChartCursor = ChartCursor(), minimumPoints: Int = 1, maxOutOfRangeRows: Int = 3,
                glyphs: GlyphSet = .unicode, strings: UIStrings = .english) {
        self.series = series
        self.bands = bands
        self.xAxis = xAxis
        self.yTitle = yTitle
        self.xRange = xRange
        self.yRange = yRange
        self.cursor = cursor
        self.minimumPoints = max(1, minimumPoints)
        self.maxOutOfRangeRows = max(0, maxOutOfRangeRows)
        self.glyphs = glyphs
        self.strings = strings
    }

    /// The x positions the cursor steps through (distinct x of the visible readings).
    public var cursorStops: [Double] { LineChartData(chart: self).stops }

    /// The readings outside their limits, newest first (what the list under the chart shows).
    public var outOfRangePoints: [OutOfRangePoint] {
        let data = LineChartData(chart: self)
        return data.outOfRange(chart: self, scale: yScale(data: data, rows: 10))
    }

    /// The cursor readout line, e.g. "21 Nov 14:05  Weight 3.42 kg  HR –"; nil without a cursor.
    public func readout() -> String? {
        readout(data: LineChartData(chart: self))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let data = LineChartData(chart: self, withStops: cursor.index != nil)
        guard data.finiteCount > 0 else {
            buffer.put(strings.noData, in: area.row(area.height / 2), role: .muted, alignment: .center)
            return
        }
        guard data.finiteCount >= minimumPoints else {
            buffer.put(strings.notEnoughData, in: area.row(area.height / 2), role: .muted, alignment: .center)
            return
        }
        // Which readings are out of range does not depend on the tick count: an automatic scale
        // covers every reading and a fixed one keeps its ends, so one pass serves both.
        let outOfRange = data.outOfRange(chart: self, scale: yScale(data: data, rows: max(1, area.height)))
        let rows = LineChartRows(height: area.height, hasOutOfRange: !outOfRange.isEmpty,
                                 hasCursor: cursor.resolved(stopCount: data.stops.count) != nil,
                                 maxOutOfRangeRows: maxOutOfRangeRows)
        let scale = yScale(data: data, rows: rows.plot)
        let tickLabels = scale.ticks.map { strings.number(scale.label($0)) }
        let labelWidth = tickLabels.map(TextWidth.columns(of:)).max() ?? 0
        let gutter = area.width >= labelWidth + 1 + 4 ? labelWidth + 1 : 0
        var y = area.y
        func take(_ n: Int) -> Rect {
            defer { y += n }
            return Rect(x: area.x, y: y, width: area.width, height: n)
        }
        let titleRow = take(rows.title)
        let plotBand = take(rows.plot)
        let axisRow = take(rows.axisLine)
        let xLabelRow = take(rows.xLabels)
        let legendRow = take(rows.legend)
        let readoutRow = take(rows.readout)
        let listRows = take(rows.outOfRange)
        let plot = plotBand.inset(left: gutter)
        let mapping = PlotMapping(plot: plot, braille: glyphs.hasBraille, xLow: data.xLow, xHigh: data.xHigh, scale: scale)
        let chartGlyphs = ChartGlyphs(glyphs)

        drawPlot(data: data, mapping: mapping, outOfRange: outOfRange, glyphs: chartGlyphs, into: &buffer)
        if gutter > 0 {
            drawYAxis(scale: scale, labels: tickLabels, gutter: Rect(x: plotBand.x, y: plotBand.y, width: gutter, height: plotBand.height),
                      mapping: mapping, glyphs: chartGlyphs, into: &buffer)
        }
        let xTicks = xAxisTicks(mapping: mapping)
        if !axisRow.isEmpty {
            drawXAxisLine(row: axisRow, gutter: gutter, ticks: xTicks.ticks.map(\.0), mapping: mapping,
                          glyphs: chartGlyphs, into: &buffer)
        }
        if !xLabelRow.isEmpty {
            drawXLabels(row: xLabelRow.inset(left: gutter), ticks: xTicks.ticks, mapping: mapping, into: &buffer)
        }
        if !titleRow.isEmpty {
            let summary = listRows.isEmpty ? outOfRangeSummary(outOfRange, glyphs: chartGlyphs) : ""
            drawTitle(row: titleRow, summary: summary, xUnit: xTicks.unit, into: &buffer)
        }
        if !legendRow.isEmpty {
            buffer.put(legend(hasOutOfRange: !outOfRange.isEmpty, glyphs: chartGlyphs), in: legendRow, role: .muted)
        }
        if !readoutRow.isEmpty, let text = readout(data: data) {
            buffer.put(text, in: readoutRow, role: .focus)
        }
        if !listRows.isEmpty {
            drawOutOfRangeList(outOfRange, in: listRows, glyphs: chartGlyphs, into: &buffer)
        }
    }

    /// Nice ticks for `rows` plot rows (about one label every other row), or within the fixed range.
    func yScale(data: LineChartData, rows: Int) -> AxisScale {
        let maxTicks = min(11, max(2, rows / 2 + 1))
        if let fixed = yRange {
            let fit = NiceScale.scale(low: fixed.lowerBound, high: fixed.upperBound, maxTicks: maxTicks)
            let ticks = fit.ticks.filter { $0 >= fixed.lowerBound - 1e-9 && $0 <= fixed.upperBound + 1e-9 }
            return AxisScale(lower: fixed.lowerBound, upper: fixed.upperBound, step: fit.step, ticks: ticks)
        }
        return NiceScale.scale(low: data.yLow, high: data.yHigh, maxTicks: maxTicks)
    }
}

/// How many rows each part of a line chart gets: the plot keeps at least three fifths; the rest
/// goes, in order, to x labels, title, legend, the first out-of-range row, the cursor readout,
/// the axis line and more out-of-range rows; what is left returns to the plot.
struct LineChartRows {
    var title = 0, plot = 0, axisLine = 0, xLabels = 0, legend = 0, readout = 0, outOfRange = 0

    init(height: Int, hasOutOfRange: Bool, hasCursor: Bool, maxOutOfRangeRows: Int) {
        let minimumPlot = max(1, (height * 3 + 4) / 5)
        var spare = height - minimumPlot
        func grant(_ wanted: Bool = true) -> Int {
            guard wanted, spare > 0 else { return 0 }
            spare -= 1
            return 1
        }
        xLabels = grant()
        title = grant()
        legend = grant()
        outOfRange = grant(hasOutOfRange && maxOutOfRangeRows > 0)
        readout = grant(hasCursor)
        axisLine = grant()
        while hasOutOfRange, outOfRange < maxOutOfRangeRows, spare > 0 && height >= 16 {
            outOfRange += grant()
        }
        plot = height - title - axisLine - xLabels - legend - readout - outOfRange
    }
}

/// Data coordinates to dots and cells of the plot area.
struct PlotMapping {
    let plot: Rect
    let dotsWide: Int
    let dotsHigh: Int
    let xLow: Double
    let xHigh: Double
    let scale: AxisScale

    init(plot: Rect, braille: Bool, xLow: Double, xHigh: Double, scale: AxisScale) {
        self.plot = plot
        dotsWide = braille ? 2 : 1
        dotsHigh = braille ? 4 : 3
        self.xLow = xLow
        self.xHigh = xHigh
        self.scale = scale
    }

    var pixelWidth: Int { plot.width * dotsWide }
    var pixelHeight: Int { plot.height * dotsHigh }

    /// Exact (unrounded) dot column of x.
    func px(_ x: Double) -> Double {
        guard xHigh > xLow, pixelWidth > 1 else { return Double(pixelWidth - 1) / 2 }
        return (x - xLow) / (xHigh - xLow) * Double(pixelWidth - 1)
    }

    /// Exact dot row of y (0 at the top), unclamped.
    func py(_ y: Double) -> Double {
        guard scale.upper > scale.lower, pixelHeight > 1 else { return Double(pixelHeight - 1) / 2 }
        return (scale.upper - y) / (scale.upper - scale.lower) * Double(pixelHeight - 1)
    }

    /// The dot of a reading, clamped into the plot.
    func dot(x: Double, y: Double) -> (Int, Int) {
        (min(max(0, Int(px(x).rounded())), pixelWidth - 1), min(max(0, Int(py(y).rounded())), pixelHeight - 1))
    }

    /// The x at the centre of a dot column.
    func x(atDot column: Int) -> Double {
        guard pixelWidth > 1 else { return (xLow + xHigh) / 2 }
        return xLow + Double(column) / Double(pixelWidth - 1) * (xHigh - xLow)
    }

    /// The plot column (0-based) of x.
    func column(_ x: Double) -> Int { min(max(0, Int(px(x).rounded())), max(0, pixelWidth - 1)) / dotsWide }

    /// The plot row (0-based) of y, clamped.
    func row(_ y: Double) -> Int { min(max(0, Int(py(y).rounded())), max(0, pixelHeight - 1)) / dotsHigh }
}
