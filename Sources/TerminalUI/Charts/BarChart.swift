/// Bars in eighth blocks, vertical (columns with labels underneath) or horizontal (rows with
/// labels on the left), single or stacked (e.g. wet + dirty nappies). Stacked layers differ by
/// fill (█ ▒ ░, ASCII # % @), not only by colour, and a legend names them.
///
/// Vertical: each bar's total is written above it when every total fits the bar width;
/// otherwise a y axis with nice ticks is drawn on the left. When there are more bars than room,
/// the oldest (leftmost) are dropped, like the sparkline.
public struct BarChart: Widget, Sendable {
    public struct Bar: Hashable, Sendable {
        public var label: String
        /// Layer values bottom-up (one value for a plain bar).
        public var segments: [Double]
        /// Role of a plain bar; stacked bars take their layers' roles.
        public var role: StyleRole

        public init(_ label: String, _ value: Double, role: StyleRole = .chartLine) {
            self.label = label
            self.segments = [value]
            self.role = role
        }

        public init(_ label: String, segments: [Double], role: StyleRole = .chartLine) {
            self.label = label
            self.segments = segments
            self.role = role
        }

        /// The bar's total (the sum of its finite, non-negative layers); setting it makes a plain bar.
        public var value: Double {
            get { segments.filter { $0.isFinite }.reduce(0) { $0 + max(0, $1) } }
            set { segments = [newValue] }
        }

        var hasData: Bool { segments.contains { $0.isFinite } }
    }

    /// A stacked layer's name and role, bottom-up, for the legend.
    public struct Layer: Hashable, Sendable {
        public var name: String
        public var role: StyleRole
        public init(_ name: String, role: StyleRole = .chartLine) {
            self.name = name
            self.role = role
        }
    }

    public enum Orientation: Hashable, Sendable {
        case vertical, horizontal
    }

    public var bars: [Bar]
    public var layers: [Layer]
    public var orientation: Orientation
    /// Columns per bar (vertical) — horizontal bars take one row each.
    public var barWidth: Int
    /// Blank columns between vertical bars.
    public var gap: Int
    /// Top of the scale; nil uses the largest total.
    public var maximum: Double?
    /// Title with the unit, e.g. "Nappies per day"; drawn on the first row when there is room.
    public var title: String
    public var glyphs: GlyphSet
    public var strings: UIStrings

    public init(bars: [Bar], layers: [Layer] = [], orientation: Orientation = .vertical, barWidth: Int = 3,
                gap: Int = 1, maximum: Double? = nil, title: String = "", glyphs: GlyphSet = .unicode,
                strings: UIStrings = .english) {
        self.bars = bars
        self.layers = layers
        self.orientation = orientation
        self.barWidth = max(1, barWidth)
        self.gap = max(0, gap)
        self.maximum = maximum
        self.title = title
        self.glyphs = glyphs
        self.strings = strings
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        guard bars.contains(where: \.hasData) else {
            buffer.put(strings.noData, in: area.row(area.height / 2), role: .muted, alignment: .center)
            return
        }
        var body = area
        if !title.isEmpty, area.height >= 5 {
            buffer.put(title, in: area.row(0), role: .header)
            body = body.inset(top: 1)
        }
        if layers.count > 1, body.height >= 5 {
            buffer.put(legend, in: body.row(body.height - 1), role: .muted)
            body = body.inset(bottom: 1)
        }
        switch orientation {
        case .vertical: renderVertical(in: body, into: &buffer)
        case .horizontal: renderHorizontal(in: body, into: &buffer)
        }
    }

    /// "█ wet  ▒ dirty": each layer's fill beside its name.
    var legend: String {
        layers.enumerated().map { "\(fill(layer: $0.offset)) \($0.element.name)" }.joined(separator: "  ")
    }

    /// The fill of a stacked layer; layers beyond the fourth repeat.
    func fill(layer: Int) -> String {
        let fills = glyphs.hasBraille ? ["█", "▒", "░", "▓"] : ["#", "%", "@", "&"]
        return fills[layer % fills.count]
    }

    func role(of bar: Bar, layer: Int) -> StyleRole {
        layers.count > 1 && layer < layers.count ? layers[layer].role : bar.role
    }

    /// Layer boundaries in ramp steps ("eighths") for a bar `cells` long, bottom-up and cumulative.
    func boundaries(of bar: Bar, top: Double, cells: Int, steps: Int) -> [Int] {
        var sum = 0.0
        return bar.segments.map { value in
            if value.isFinite { sum += max(0, value) }
            return top > 0 ? min(cells * steps, Int((sum / top * Double(cells * steps)).rounded())) : 0
        }
    }

    /// The layer covering most of the cell spanning steps lo..<hi, or nil when none does.
    func layer(covering lo: Int, _ hi: Int, boundaries: [Int]) -> Int? {
        var best: Int?, bestCover = 0, start = 0
        for (i, end) in boundaries.enumerated() {
            let cover = min(end, hi) - max(start, lo)
            if cover > bestCover { best = i; bestCover = cover }
            start = max(start, end)
        }
        return best
    }

    /// A stacked value as text: "5+2" for layers, "7" for a plain bar.
    func valueText(_ bar: Bar) -> String {
        guard bar.segments.count > 1 else { return strings.number(ChartFormat.number(bar.value, decimals: nil)) }
        return bar.segments.map { strings.number(ChartFormat.number($0.isFinite ? $0 : 0, decimals: nil)) }.joined(separator: "+")
    }
}
