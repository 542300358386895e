/// Maps values to the glyph ramp (eighth blocks, or an ASCII ramp): the shared scale of
/// sparklines and bar charts. Missing values (nil) stay blank; no data says so in words.
enum Ramp {
    /// Index into a ramp of `steps` glyphs for `value` between `low` and `high`.
    static func step(_ value: Double, low: Double, high: Double, steps: Int) -> Int {
        guard steps > 0 else { return 0 }
        guard high > low else { return steps / 2 }
        let t = (value - low) / (high - low)
        return min(steps - 1, max(0, Int((t * Double(steps - 1)).rounded())))
    }
}

/// One row of bars, one per value, in eighth blocks ▁▂▃▄▅▆▇█ (ASCII `_.:-=+*#` fallback).
/// The newest value is on the right; when there are more values than columns the oldest are dropped.
public struct Sparkline: Widget, Sendable {
    public var values: [Double?]
    /// Fixed scale; nil uses the data's min and max.
    public var range: ClosedRange<Double>?
    public var glyphs: GlyphSet
    public var strings: UIStrings
    public var role: StyleRole

    public init(values: [Double?], range: ClosedRange<Double>? = nil, glyphs: GlyphSet = .unicode,
                strings: UIStrings = .english, role: StyleRole = .chartLine) {
        self.values = values
        self.range = range
        self.glyphs = glyphs
        self.strings = strings
        self.role = role
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(area.height - 1)
        let present = values.compactMap { $0 }.filter(\.isFinite)
        guard !present.isEmpty else {
            buffer.put(strings.noData, in: row, role: .muted)
            return
        }
        let low = range?.lowerBound ?? present.min()!
        let high = range?.upperBound ?? present.max()!
        let shown = values.suffix(row.width)
        var x = row.maxX - shown.count
        for value in shown {
            if let value, value.isFinite {
                let i = Ramp.step(min(max(value, low), high), low: low, high: high, steps: glyphs.barRamp.count)
                buffer.put(glyphs.barRamp[i], x: x, y: row.y, role: role, clip: row)
            }
            x += 1
        }
    }
}

/// Vertical bars with labels underneath: bar heights in whole blocks plus an eighth-block top
/// (ASCII: `#` columns with the ramp on top). The value is written above each bar when it fits.
public struct BarChart: Widget, Sendable {
    public struct Bar: Hashable, Sendable {
        public var label: String
        public var value: Double
        public var role: StyleRole
        public init(_ label: String, _ value: Double, role: StyleRole = .chartLine) {
            self.label = label
            self.value = value
            self.role = role
        }
    }

    public var bars: [Bar]
    public var barWidth: Int
    /// Top of the scale; nil uses the largest value.
    public var maximum: Double?
    public var glyphs: GlyphSet
    public var strings: UIStrings

    public init(bars: [Bar], barWidth: Int = 3, maximum: Double? = nil, glyphs: GlyphSet = .unicode,
                strings: UIStrings = .english) {
        self.bars = bars
        self.barWidth = max(1, barWidth)
        self.maximum = maximum
        self.glyphs = glyphs
        self.strings = strings
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let finite = bars.filter { $0.value.isFinite }
        guard !finite.isEmpty else {
            buffer.put(strings.noData, in: area.row(area.height / 2), role: .muted, alignment: .center)
            return
        }
        let parts = area.split(.vertical, [.length(1), .fill, .length(1)])
        let valueRow = parts[0], plot = parts[1], labelRow = parts[2]
        let top = max(maximum ?? 0, finite.map(\.value).max() ?? 0)
        let steps = glyphs.barRamp.count
        var x = plot.x
        for bar in finite {
            guard x + barWidth <= plot.maxX else { break }
            let column = Rect(x: x, y: plot.y, width: barWidth, height: plot.height)
            // Height in ramp steps across the plot's rows.
            let units = top > 0 ? Int((max(0, bar.value) / top * Double(plot.height * steps)).rounded()) : 0
            let full = units / steps, rest = units % steps
            for r in 0..<min(full, plot.height) {
                buffer.fill(column.row(plot.height - 1 - r), grapheme: glyphs.barRamp[steps - 1], role: bar.role)
            }
            if rest > 0, full < plot.height {
                buffer.fill(column.row(plot.height - 1 - full), grapheme: glyphs.barRamp[rest - 1], role: bar.role)
            }
            let span = Rect(x: x, y: labelRow.y, width: barWidth, height: labelRow.height)
            buffer.put(bar.label, in: span, role: .chartAxis, alignment: .center, ellipsis: "")
            // The value above the bar, only when it fits whole (a cut number would mislead).
            let valueText = NumberSpec.format(bar.value)
            if TextWidth.columns(of: valueText) <= barWidth {
                let valueSpan = Rect(x: x, y: valueRow.y, width: barWidth, height: valueRow.height)
                buffer.put(valueText, in: valueSpan, role: .muted, alignment: .center)
            }
            x += barWidth + 1
        }
    }
}
