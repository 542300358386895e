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
