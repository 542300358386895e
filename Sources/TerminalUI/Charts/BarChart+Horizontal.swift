extension BarChart {
    /// One row per bar: label, bar in eighth blocks (ASCII: whole cells), then the value
    /// ("5+2" when stacked). Bars that do not fit are the oldest and are dropped.
    func renderHorizontal(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let shown = Array(bars.suffix(area.height))
        let labelWidth = min(shown.map { TextWidth.columns(of: $0.label) }.max() ?? 0, area.width / 3)
        let valueTexts = shown.map(valueText)
        let valueWidth = valueTexts.map(TextWidth.columns(of:)).max() ?? 0
        let labelPart = labelWidth > 0 ? labelWidth + 1 : 0
        let valuePart = area.width - labelPart >= valueWidth + 1 + 3 ? valueWidth + 1 : 0
        let barSpan = area.width - labelPart - valuePart
        let top = max(maximum ?? 0, shown.map(\.value).max() ?? 0)
        let ramp = ChartGlyphs(glyphs).horizontalRamp
        let steps = ramp.count
        for (i, bar) in shown.enumerated() {
            let y = area.y + i
            if labelWidth > 0 {
                buffer.put(bar.label, in: Rect(x: area.x, y: y, width: labelWidth, height: 1), role: .chartAxis)
            }
            let x0 = area.x + labelPart
            let ends = boundaries(of: bar, top: top, cells: barSpan, steps: steps)
            let total = ends.last ?? 0
            var column = 0
            while column < barSpan, total > column * steps {
                let lo = column * steps, hi = lo + steps
                guard let layer = layer(covering: lo, hi, boundaries: ends) else { break }
                let glyph = total >= hi ? (layers.count > 1 ? fill(layer: layer) : ramp[steps - 1]) : ramp[total - lo - 1]
                buffer.set(Cell(glyph, role: role(of: bar, layer: layer)), x: x0 + column, y: y)
                column += 1
            }
            if valuePart > 0 {
                buffer.put(valueTexts[i], x: x0 + column + 1, y: y, role: .muted,
                           clip: Rect(x: x0, y: y, width: barSpan + valuePart, height: 1))
            }
        }
    }
}
