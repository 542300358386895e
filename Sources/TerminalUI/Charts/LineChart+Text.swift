extension LineChart {
    /// "── Weight  ░░ 3rd–97th  ┄┄ 50th  ▲▼ out of range": shapes, not colours, tell series apart.
    func legend(hasOutOfRange: Bool, glyphs: ChartGlyphs) -> String {
        var entries: [String] = []
        for s in series where !s.name.isEmpty {
            let swatch: String
            switch s.style {
            case .solid: swatch = glyphs.solid
            case .dashed: swatch = glyphs.dashed
            case .points: swatch = glyphs.points
            }
            entries.append("\(swatch) \(s.name)")
        }
        for band in bands {
            if !band.name.isEmpty { entries.append("\(glyphs.bandFill)\(glyphs.bandFill) \(band.name)") }
            if let middle = band.middleName, !middle.isEmpty { entries.append("\(glyphs.dashed) \(middle)") }
        }
        if hasOutOfRange { entries.append("\(glyphs.high)\(glyphs.low) \(strings.outOfRange)") }
        return entries.joined(separator: "  ")
    }

    /// A position on the x axis as a reader wants it: "21 Nov 14:05" or "age (weeks) 12.5".
    func xText(_ x: Double) -> String {
        switch xAxis {
        case .time(let zone): return TimeAxis.instant(x, timeZone: zone, strings: strings)
        case .numeric(let title): return "\(title) \(strings.number(ChartFormat.number(x, decimals: nil)))"
        }
    }

    func readout(data: LineChartData) -> String? {
        guard let index = cursor.resolved(stopCount: data.stops.count) else { return nil }
        let x = data.stops[index]
        var parts = [xText(x)]
        for (i, points) in data.series.enumerated() {
            let value = points.first { $0.x == x && $0.y?.isFinite == true }?.y
            let text = value.map { strings.number(series[i].format($0)) } ?? strings.noReading
            parts.append(series[i].name.isEmpty ? text : "\(series[i].name) \(text)")
        }
        return parts.joined(separator: "  ")
    }

    /// "▲2 ▼1": the count of marks, shown in the title when the list has no room.
    func outOfRangeSummary(_ points: [OutOfRangePoint], glyphs: ChartGlyphs) -> String {
        let high = points.filter(\.isHigh).count, low = points.count - high
        return [high > 0 ? "\(glyphs.high)\(high)" : "", low > 0 ? "\(glyphs.low)\(low)" : ""]
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One entry of the list: "▲ 39.4 °C 21 Nov 14:05" (the series name too when there are several).
    func outOfRangeEntry(_ point: OutOfRangePoint, glyphs: ChartGlyphs) -> String {
        let s = series[point.seriesIndex]
        let name = series.count > 1 && !s.name.isEmpty ? "\(s.name) " : ""
        return "\(point.isHigh ? glyphs.high : glyphs.low) \(name)\(s.format(point.y)) \(xText(point.x))"
    }

    /// Entries newest first, packed into the rows; when they do not all fit the last slot says
    /// how many more there are. Entries are written only as far as they fit (there may be thousands).
    func drawOutOfRangeList(_ points: [OutOfRangePoint], in rect: Rect, glyphs: ChartGlyphs, into buffer: inout Buffer) {
        var lines: [[String]] = Array(repeating: [], count: rect.height)
        var widths = Array(repeating: 0, count: rect.height)
        var placed = 0
        var pending: String?
        func entry() -> String? {
            if pending == nil, placed < points.count { pending = outOfRangeEntry(points[placed], glyphs: glyphs) }
            return pending
        }
        for row in 0..<rect.height {
            while let next = entry() {
                let w = TextWidth.columns(of: next) + (lines[row].isEmpty ? 0 : 2)
                // An entry wider than the row goes alone on its row, cut.
                guard widths[row] + w <= rect.width || lines[row].isEmpty else { break }
                lines[row].append(next)
                widths[row] += w
                placed += 1
                pending = nil
            }
        }
        if placed < points.count, let lastRow = lines.lastIndex(where: { !$0.isEmpty }) {
            var line = lines[lastRow]
            var hidden = points.count - placed
            func more() -> String { UIStrings.fill(strings.moreOutOfRange, ["n": String(hidden)]) }
            while !line.isEmpty, TextWidth.columns(of: (line + [more()]).joined(separator: "  ")) > rect.width {
                line.removeLast()
                hidden += 1
            }
            lines[lastRow] = line + [more()]
        }
        for (row, line) in lines.enumerated() where !line.isEmpty {
            buffer.put(line.joined(separator: "  "), in: rect.row(row), role: .danger)
        }
    }
}
