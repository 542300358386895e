/// A chart as a small character plot: y labels at the top and bottom, bands drawn as rows of
/// dots (a centile line as dashes), each series' points as its own mark, tick words under the
/// axis, then a key and the chart in words (lowest, highest, latest). Plain ASCII in any mode.
struct TextChart {
    static let marks: [Character] = ["*", "o", "+", "x", "#", "@"]
    static let rows = 8

    var chart: ReportChart
    var words: ReportWords = .english

    func lines(width: Int, indent: String) -> [String] {
        var out: [String] = []
        let title = chart.unit.isEmpty ? chart.title : "\(chart.title) (\(chart.unit))"
        out += TextLayout.hanging(title, width: width, first: indent, rest: indent)
        let (low, high) = ChartSummary.yRange(chart)
        let (xLow, xHigh) = ChartSummary.xRange(chart)
        let topLabel = ChartSummary.number(high, mark: words.decimalMark),
            bottomLabel = ChartSummary.number(low, mark: words.decimalMark)
        let labelWidth = max(TextLayout.width(of: topLabel), TextLayout.width(of: bottomLabel))
        let plotWidth = width - TextLayout.width(of: indent) - labelWidth - 2
        let hasPoints = chart.series.contains { !$0.points.isEmpty }
        if plotWidth >= 8, hasPoints {
            var grid = Array(repeating: Array(repeating: Character(" "), count: plotWidth), count: Self.rows)
            func row(_ y: Double) -> Int {
                let r = Int(((high - y) / (high - low) * Double(Self.rows - 1)).rounded())
                return min(Self.rows - 1, max(0, r))
            }
            for band in chart.bands where band.low.isFinite && band.high.isFinite {
                if band.low == band.high {
                    grid[row(band.low)] = Array(repeating: "-", count: plotWidth)
                } else {
                    for r in row(max(band.low, band.high))...row(min(band.low, band.high)) {
                        grid[r] = grid[r].map { $0 == " " ? "." : $0 }
                    }
                }
            }
            for (index, series) in chart.series.enumerated() {
                let mark = Self.marks[index % Self.marks.count]
                for point in series.points where point.x.isFinite && point.y.isFinite {
                    let c = Int(((point.x - xLow) / (xHigh - xLow) * Double(plotWidth - 1)).rounded())
                    grid[row(point.y)][min(plotWidth - 1, max(0, c))] = mark
                }
            }
            for (r, cells) in grid.enumerated() {
                let label = r == 0 ? topLabel : r == Self.rows - 1 ? bottomLabel : ""
                out.append(TextTable.trimmed(indent + TextLayout.pad(label, to: labelWidth, trailing: true) + " |" + String(cells)))
            }
            let axisIndent = indent + String(repeating: " ", count: labelWidth + 1)
            out.append(axisIndent + "+" + String(repeating: "-", count: plotWidth))
            if let ticks = tickLine(plotWidth: plotWidth, xLow: xLow, xHigh: xHigh) {
                out.append(TextTable.trimmed(axisIndent + " " + ticks))
            }
            var key = chart.series.enumerated().map { "\(Self.marks[$0.offset % Self.marks.count]) \($0.element.name)" }
            key += ChartSummary.plottable(chart.bands).map { ($0.low == $0.high ? "- " : ". ") + $0.label }
            out += TextLayout.hanging(words.key + ": " + key.joined(separator: ", "), width: width, first: indent,
                                      rest: indent + String(repeating: " ", count: TextLayout.width(of: words.key) + 2))
        }
        for line in ChartSummary.lines(chart, words) {
            out += TextLayout.hanging(line, width: width, first: indent, rest: indent + "  ")
        }
        return out
    }

    /// The tick words under the axis, each at its column by display width (a Chinese day,
    /// "11月21日", takes two cells a character; it was left out); a word that would overlap the
    /// one before is left out (the chart's words below say the values anyway).
    private func tickLine(plotWidth: Int, xLow: Double, xHigh: Double) -> String? {
        // One string per cell; a wide character's second cell is empty.
        var cells: [String] = Array(repeating: " ", count: plotWidth)
        var end = -1
        var any = false
        for tick in chart.xLabels.sorted(by: { $0.x < $1.x }) where tick.x.isFinite {
            let width = TextLayout.width(of: tick.label)
            let center = Int(((tick.x - xLow) / (xHigh - xLow) * Double(plotWidth - 1)).rounded())
            let start = min(max(0, center - width / 2), plotWidth - width)
            guard width > 0, start > end, start >= 0, start + width <= plotWidth else { continue }
            var column = start
            for character in tick.label {
                let cellWidth = TextLayout.width(of: character)
                guard cellWidth > 0 else { cells[max(start, column - 1)] += String(character); continue }
                cells[column] = String(character)
                for extra in 1..<max(1, cellWidth) { cells[column + extra] = "" }
                column += cellWidth
            }
            end = start + width
            any = true
        }
        return any ? cells.joined() : nil
    }
}
