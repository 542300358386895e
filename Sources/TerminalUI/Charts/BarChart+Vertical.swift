extension BarChart {
    func renderVertical(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let steps = glyphs.barRamp.count
        // Only bars that can be on screen are formatted (a two-year stay has 730).
        let candidates = Array(bars.suffix(area.width / max(1, barWidth + gap) + 1))
        let totals = candidates.map { strings.number(ChartFormat.number($0.value, decimals: nil)) }
        let valuesFit = area.height >= 3 && totals.allSatisfy { TextWidth.columns(of: $0) <= barWidth }
        let labelRows = area.height >= 2 ? 1 : 0
        let valueRows = valuesFit ? 1 : 0
        var plotRows = area.height - labelRows - valueRows
        let largest = max(maximum ?? 0, candidates.map(\.value).max() ?? 0)
        var top = largest
        var gutter = 0
        var scale: AxisScale?
        if !valuesFit, plotRows >= 2 {
            let fit = NiceScale.scale(low: 0, high: largest > 0 ? largest : 1, maxTicks: min(11, max(2, plotRows / 2 + 1)))
            let width = fit.ticks.map { TextWidth.columns(of: strings.number(fit.label($0))) }.max() ?? 0
            if area.width >= width + 1 + barWidth {
                scale = fit
                top = fit.upper
                gutter = width + 1
            }
        }
        plotRows = max(0, plotRows)
        let plot = Rect(x: area.x + gutter, y: area.y + valueRows, width: area.width - gutter, height: plotRows)
        let columnWidth = min(barWidth, max(1, plot.width))  // a bar too wide for the area still shows
        let pitch = columnWidth + gap
        let fitCount = max(plot.width > 0 ? 1 : 0, (plot.width + gap) / pitch)
        let shown = Array(candidates.suffix(fitCount))
        if let scale { drawAxis(scale, gutter: Rect(x: area.x, y: plot.y, width: gutter, height: plot.height), top: top, into: &buffer) }
        let labelStride = labelEvery(shown.map(\.label), barWidth: columnWidth, pitch: pitch)
        for (i, bar) in shown.enumerated() {
            let x = plot.x + i * pitch
            let column = Rect(x: x, y: plot.y, width: columnWidth, height: plot.height)
            let ends = boundaries(of: bar, top: top, cells: plot.height, steps: steps)
            let total = ends.last ?? 0
            for r in 0..<plot.height {
                let lo = r * steps, hi = lo + steps
                guard total > lo, let layer = layer(covering: lo, hi, boundaries: ends) else { continue }
                let glyph = total >= hi ? fill(layer: layer) : glyphs.barRamp[total - lo - 1]
                let full = total >= hi && layers.count <= 1 ? glyphs.barRamp[steps - 1] : glyph
                buffer.fill(column.row(plot.height - 1 - r), grapheme: full, role: role(of: bar, layer: layer))
            }
            if valueRows > 0 {
                buffer.put(totals[candidates.count - shown.count + i], in: Rect(x: x, y: area.y, width: columnWidth, height: 1),
                           role: .muted, alignment: .center, ellipsis: "")
            }
            if labelRows > 0, i % labelStride == 0 {
                let span = Rect(x: x, y: plot.maxY, width: min(pitch * labelStride, area.maxX - x), height: 1)
                buffer.put(bar.label, in: span, role: .chartAxis,
                           alignment: labelStride == 1 ? .center : .left, ellipsis: "")
            }
        }
    }

    /// Labels every n-th bar so each has room for its text and a space.
    private func labelEvery(_ labels: [String], barWidth: Int, pitch: Int) -> Int {
        let widest = labels.map(TextWidth.columns(of:)).max() ?? 0
        if widest <= barWidth { return 1 }
        return max(1, (widest + 1 + pitch - 1) / pitch)
    }

    /// Tick labels right-aligned beside the plot with ┤ marks.
    private func drawAxis(_ scale: AxisScale, gutter: Rect, top: Double, into buffer: inout Buffer) {
        guard !gutter.isEmpty else { return }
        let axisX = gutter.maxX - 1
        let vertical = glyphs.hasBraille ? "│" : "|", tick = glyphs.hasBraille ? "┤" : "+"
        for y in gutter.y..<gutter.maxY { buffer.set(Cell(vertical, role: .chartAxis), x: axisX, y: y) }
        var used = Set<Int>()
        for value in scale.ticks.reversed() {
            // The row whose top edge is the tick value (a full bar of `value` ends there).
            let fromBottom = top > 0 ? value / top * Double(gutter.height) : 0
            let row = max(0, gutter.height - Int(fromBottom.rounded()))
            // Zero is the bars' foot, below the last row: no row of its own to label.
            guard row < gutter.height, !used.contains(row) else { continue }
            used.insert(row)
            buffer.put(strings.number(scale.label(value)), in: Rect(x: gutter.x, y: gutter.y + row, width: gutter.width - 1, height: 1),
                       role: .chartAxis, alignment: .right)
            buffer.set(Cell(tick, role: .chartAxis), x: axisX, y: gutter.y + row)
        }
    }
}
