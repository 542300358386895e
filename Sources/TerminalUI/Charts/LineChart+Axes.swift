extension LineChart {
    /// Right-aligned tick labels and the axis rule with ┤ at labelled rows; a label whose row is
    /// taken by a previous one is skipped rather than drawn on top.
    func drawYAxis(scale: AxisScale, labels: [String], gutter: Rect, mapping: PlotMapping,
                   glyphs: ChartGlyphs, into buffer: inout Buffer) {
        let axisX = gutter.maxX - 1
        for y in gutter.y..<gutter.maxY {
            buffer.set(Cell(glyphs.axisVertical, role: .chartAxis), x: axisX, y: y)
        }
        var used = Set<Int>()
        for (tick, label) in zip(scale.ticks, labels).reversed() {
            let row = mapping.row(tick)
            guard !used.contains(row) else { continue }
            used.insert(row)
            let y = gutter.y + row
            buffer.put(label, in: Rect(x: gutter.x, y: y, width: gutter.width - 1, height: 1),
                       role: .chartAxis, alignment: .right)
            buffer.set(Cell(glyphs.axisTick, role: .chartAxis), x: axisX, y: y)
        }
    }

    /// Tick positions and labels along x (time ticks in hours/days/weeks, or nice numbers
    /// inside the shown range, sized so labels keep a space between them) and the axis unit.
    func xAxisTicks(mapping: PlotMapping) -> (ticks: [(Double, String)], unit: String) {
        let width = mapping.plot.width
        switch xAxis {
        case .time(let zone):
            let ticks = TimeAxis.ticks(start: mapping.xLow, end: mapping.xHigh, maxTicks: max(1, width / 8),
                                       timeZone: zone, strings: strings)
            let unit: String
            switch ticks.unit {
            case .hours: unit = strings.axisHours
            case .days: unit = strings.axisDays
            case .weeks: unit = strings.axisWeeks
            }
            return (width > 0 ? Array(zip(ticks.ticks, ticks.labels)) : [], unit)
        case .numeric(let title):
            guard width > 0 else { return ([], title) }
            let scale = NiceScale.scale(low: mapping.xLow, high: mapping.xHigh, maxTicks: max(2, width / 7))
            let ticks = scale.ticks.filter { $0 >= mapping.xLow - 1e-9 && $0 <= mapping.xHigh + 1e-9 }
            return (ticks.map { ($0, strings.number(scale.label($0))) }, title)
        }
    }

    /// └───┬──── under the plot, ┬ at each x tick.
    func drawXAxisLine(row: Rect, gutter: Int, ticks: [Double], mapping: PlotMapping,
                       glyphs: ChartGlyphs, into buffer: inout Buffer) {
        let plot = mapping.plot
        buffer.fill(Rect(x: plot.x, y: row.y, width: plot.width, height: 1), grapheme: glyphs.axisHorizontal, role: .chartAxis)
        if gutter > 0 { buffer.set(Cell(glyphs.axisCorner, role: .chartAxis), x: plot.x - 1, y: row.y) }
        for tick in ticks {
            buffer.set(Cell(glyphs.axisTickDown, role: .chartAxis), x: plot.x + mapping.column(tick), y: row.y)
        }
    }

    /// Labels centred under their ticks, kept inside the row, skipped when they would touch.
    func drawXLabels(row: Rect, ticks: [(Double, String)], mapping: PlotMapping, into buffer: inout Buffer) {
        var nextFree = row.x
        for (tick, label) in ticks {
            let width = TextWidth.columns(of: label)
            guard width <= row.width else { continue }
            let centre = mapping.plot.x + mapping.column(tick)
            let start = min(max(row.x, centre - (width - 1) / 2), row.maxX - width)
            guard start >= nextFree else { continue }
            buffer.put(label, x: start, y: row.y, role: .chartAxis, clip: row)
            nextFree = start + width + 1
        }
    }

    /// y title on the left; on the right the out-of-range count (when there is no list) and the x unit.
    func drawTitle(row: Rect, summary: String, xUnit: String, into buffer: inout Buffer) {
        let right = [summary, xUnit].filter { !$0.isEmpty }.joined(separator: "  ")
        let rightWidth = TextWidth.columns(of: right)
        let fits = rightWidth > 0 && rightWidth < row.width
        if fits {
            let summaryWidth = TextWidth.columns(of: summary)
            buffer.put(right, in: Rect(x: row.maxX - rightWidth, y: row.y, width: rightWidth, height: 1), role: .chartAxis)
            if summaryWidth > 0 { buffer.setRole(.danger, in: Rect(x: row.maxX - rightWidth, y: row.y, width: summaryWidth, height: 1)) }
        }
        let leftWidth = fits ? row.width - rightWidth - 1 : row.width
        buffer.put(yTitle, in: Rect(x: row.x, y: row.y, width: leftWidth, height: 1), role: .header)
    }
}
