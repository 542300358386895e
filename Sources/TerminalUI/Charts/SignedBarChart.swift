/// Signed values as horizontal bars around a zero axis, one row each: the label, the value as
/// text, then the bar — negative values grow left of the axis, positive ones right. The side
/// and the signed value say the direction, never colour alone; bars are whole cells (at least
/// one for any value that is not zero) so both sides read alike.
public struct SignedBarChart: Widget, Sendable, Hashable {
    public struct Bar: Hashable, Sendable {
        public var label: String
        public var value: Double
        /// The value as the caller words it ("+2.30", "−0.52").
        public var text: String
        public var role: StyleRole

        public init(_ label: String, _ value: Double, text: String, role: StyleRole = .chartLine) {
            self.label = label
            self.value = value
            self.text = text
            self.role = role
        }
    }

    public var bars: [Bar]
    /// The |value| a full half-bar stands for; nil uses the largest |value|.
    public var maximum: Double?
    /// Words under the axis's two sides ("lowers", "raises"); empty draws no legend row.
    public var leftLegend: String
    public var rightLegend: String
    public var glyphs: GlyphSet
    public var strings: UIStrings

    public init(bars: [Bar], maximum: Double? = nil, leftLegend: String = "", rightLegend: String = "",
                glyphs: GlyphSet = .unicode, strings: UIStrings = .english) {
        self.bars = bars
        self.maximum = maximum
        self.leftLegend = leftLegend
        self.rightLegend = rightLegend
        self.glyphs = glyphs
        self.strings = strings
    }

    /// Rows needed: one per bar, and one for the legend when there is one.
    public var height: Int { bars.count + (leftLegend.isEmpty && rightLegend.isEmpty ? 0 : 1) }

    /// Whole cells for `value` on a half `half` cells wide, against `top`.
    static func cells(_ value: Double, top: Double, half: Int) -> Int {
        guard value.isFinite, value != 0, top > 0, half > 0 else { return 0 }
        return max(1, min(half, Int((abs(value) / top * Double(half)).rounded())))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        guard !bars.isEmpty else {
            buffer.put(strings.noData, in: area.row(0), role: .muted)
            return
        }
        let labelWidth = min(bars.map { TextWidth.columns(of: $0.label) }.max() ?? 0, area.width / 3)
        let textWidth = bars.map { TextWidth.columns(of: $0.text) }.max() ?? 0
        let chartX = area.x + labelWidth + 1 + textWidth + 1
        let half = max(0, (area.maxX - chartX - 1) / 2)
        let axisX = chartX + half
        let top = maximum ?? bars.map { abs($0.value) }.filter(\.isFinite).max() ?? 0
        let full = glyphs.hasBraille ? "█" : "#"
        let axis = glyphs.hasBraille ? "│" : "|"
        for (i, bar) in bars.prefix(area.height).enumerated() {
            let y = area.y + i
            buffer.put(bar.label, in: Rect(x: area.x, y: y, width: labelWidth, height: 1), role: .chartAxis,
                       ellipsis: glyphs.ellipsis)
            buffer.put(bar.text, in: Rect(x: area.x + labelWidth + 1, y: y, width: textWidth, height: 1), role: .muted,
                       alignment: .right)
            let n = Self.cells(bar.value, top: top, half: half)
            for k in 0..<n {
                buffer.set(Cell(full, role: bar.role), x: bar.value < 0 ? axisX - 1 - k : axisX + 1 + k, y: y)
            }
            buffer.set(Cell(axis, role: .chartAxis), x: axisX, y: y)
        }
        if height > bars.count, area.height > bars.count {
            let y = area.y + bars.count
            buffer.put(leftLegend, in: Rect(x: chartX, y: y, width: half, height: 1), role: .muted, alignment: .right,
                       ellipsis: glyphs.ellipsis)
            buffer.set(Cell(axis, role: .chartAxis), x: axisX, y: y)
            buffer.put(rightLegend, in: Rect(x: axisX + 1, y: y, width: half, height: 1), role: .muted,
                       ellipsis: glyphs.ellipsis)
        }
    }
}
