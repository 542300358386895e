extension LineChart {
    /// Bands, then series dots, then ▲/▼ marks, then the cursor column, into the plot area.
    func drawPlot(data: LineChartData, mapping: PlotMapping, outOfRange: [OutOfRangePoint],
                  glyphs: ChartGlyphs, into buffer: inout Buffer) {
        let plot = mapping.plot
        guard !plot.isEmpty else { return }
        var canvas = DotCanvas(columns: plot.width, rows: plot.height, braille: glyphs.braille)
        var bandCells = [StyleRole?](repeating: nil, count: plot.width * plot.height)
        for band in bands {
            fillBand(band, mapping: mapping, cells: &bandCells)
            drawBandMiddle(band, mapping: mapping, canvas: &canvas)
        }
        for (index, points) in data.series.enumerated() {
            drawSeries(points, style: series[index].style, role: series[index].role, priority: 10 + index,
                       mapping: mapping, canvas: &canvas)
        }
        for row in 0..<plot.height {
            for column in 0..<plot.width {
                if let glyph = canvas.glyph(column: column, row: row) {
                    buffer.set(Cell(glyph, role: canvas.role(column: column, row: row) ?? .chartLine),
                               x: plot.x + column, y: plot.y + row)
                } else if let role = bandCells[row * plot.width + column] {
                    buffer.set(Cell(glyphs.bandFill, role: role), x: plot.x + column, y: plot.y + row)
                }
            }
        }
        for point in outOfRange {
            buffer.set(Cell(point.isHigh ? glyphs.high : glyphs.low, role: .danger, attributes: .bold),
                       x: plot.x + mapping.column(point.x), y: plot.y + mapping.row(point.y))
        }
        if let index = cursor.resolved(stopCount: data.stops.count) {
            let x = plot.x + mapping.column(data.stops[index])
            for y in plot.y..<plot.maxY {
                var cell = buffer[x, y]
                if cell.grapheme == " " || cell.grapheme == glyphs.bandFill {
                    cell = Cell(glyphs.cursor, role: .focus)
                } else {
                    cell.attributes.insert(.reverse)
                }
                buffer.set(cell, x: x, y: y)
            }
        }
    }

    /// Marks the cells at least half covered by the band at their column's centre.
    private func fillBand(_ band: ChartBand, mapping: PlotMapping, cells: inout [StyleRole?]) {
        let plot = mapping.plot
        for column in 0..<plot.width {
            let centre = column * mapping.dotsWide + (mapping.dotsWide - 1) / 2
            guard let edges = band.edges(at: mapping.x(atDot: centre)) else { continue }
            let top = mapping.py(edges.high) - 0.5, bottom = mapping.py(edges.low) + 0.5
            for row in 0..<plot.height {
                let cellTop = Double(row * mapping.dotsHigh), cellBottom = Double((row + 1) * mapping.dotsHigh)
                let overlap = min(cellBottom, bottom) - max(cellTop, top)
                if overlap * 2 >= Double(mapping.dotsHigh) { cells[row * plot.width + column] = band.role }
            }
        }
    }

    /// The band's middle line (the 50th centile), dashed so it never reads as a patient's series.
    private func drawBandMiddle(_ band: ChartBand, mapping: PlotMapping, canvas: inout DotCanvas) {
        guard band.points.contains(where: { $0.middle != nil }) else { return }
        var previous: (Int, Int)?
        for px in 0..<mapping.pixelWidth {
            guard let middle = band.edges(at: mapping.x(atDot: px))?.middle else {
                previous = nil
                continue
            }
            let dot = mapping.dot(x: mapping.x(atDot: px), y: middle)
            let clipped = mapping.py(middle) < -0.5 || mapping.py(middle) > Double(mapping.pixelHeight) - 0.5
            if !clipped, (px / 2) % 2 == 0 {
                if let previous, abs(previous.1 - dot.1) > 1 {
                    canvas.line(from: previous, to: dot, role: band.role, priority: 1, dashed: false)
                } else {
                    canvas.set(dot.0, dot.1, role: band.role, priority: 1)
                }
            }
            previous = clipped ? nil : dot
        }
    }

    /// Lines between neighbouring readings; a nil reading breaks the line, and a reading with no
    /// neighbour is drawn as a single dot so a lone value is never lost.
    func drawSeries(_ points: [ChartPoint], style: SeriesStyle, role: StyleRole, priority: Int,
                            mapping: PlotMapping, canvas: inout DotCanvas) {
        if style != .points, points.count > 4 * mapping.pixelWidth {
            drawDenseSeries(points, dashed: style == .dashed, role: role, priority: priority, mapping: mapping, canvas: &canvas)
            return
        }
        var previous: (Int, Int)?
        for (i, point) in points.enumerated() {
            guard let y = point.y, y.isFinite else {
                previous = nil
                continue
            }
            let dot = mapping.dot(x: point.x, y: y)
            switch style {
            case .points:
                canvas.set(dot.0, dot.1, role: role, priority: priority)
            case .solid, .dashed:
                if let previous {
                    canvas.line(from: previous, to: dot, role: role, priority: priority, dashed: style == .dashed)
                } else {
                    let next = i + 1 < points.count ? points[i + 1].y : nil
                    if next == nil || next?.isFinite == false { canvas.set(dot.0, dot.1, role: role, priority: priority) }
                }
            }
            previous = dot
        }
    }

    /// Many readings per dot column (e.g. hourly readings over two years): each column is drawn as
    /// its first-to-last, min-to-max span joined to its neighbours, which sets exactly the dots
    /// the reading-by-reading lines would, in time proportional to the readings, not the lines.
    func drawDenseSeries(_ points: [ChartPoint], dashed: Bool, role: StyleRole, priority: Int,
                                 mapping: PlotMapping, canvas: inout DotCanvas) {
        var previous: (Int, Int)?
        var column = -1, first = 0, last = 0, low = 0, high = 0
        func flush() {
            guard column >= 0 else { return }
            if let previous {
                canvas.line(from: previous, to: (column, first), role: role, priority: priority, dashed: dashed)
            }
            canvas.line(from: (column, high), to: (column, low), role: role, priority: priority, dashed: dashed)
            previous = (column, last)
            column = -1
        }
        for point in points {
            guard let y = point.y, y.isFinite else {
                flush()
                previous = nil
                continue
            }
            let dot = mapping.dot(x: point.x, y: y)
            if dot.0 != column {
                flush()
                column = dot.0
                first = dot.1
                low = dot.1
                high = dot.1
            }
            last = dot.1
            low = max(low, dot.1)  // rows grow downwards: the lowest value has the largest row
            high = min(high, dot.1)
        }
        flush()
    }
}
