import Foundation

/// One reading of a series; a nil `y` is a gap (no reading) that breaks the line.
public struct ChartPoint: Hashable, Sendable {
    /// Seconds since 1970 on a time axis, or the axis quantity (e.g. age in weeks).
    public var x: Double
    public var y: Double?
    public init(x: Double, y: Double?) {
        self.x = x
        self.y = y
    }
}

/// How a series is drawn, so series differ by shape and not by colour alone.
public enum SeriesStyle: Hashable, Sendable {
    case solid, dashed, points
}

/// A named series of a line chart with its unit and, optionally, the range a reading is
/// expected in: readings outside it are marked ▲/▼ and listed under the chart.
public struct LineSeries: Hashable, Sendable {
    public var name: String
    public var unit: String
    public var points: [ChartPoint]
    public var style: SeriesStyle
    public var role: StyleRole
    /// Readings outside this range are out of range (a vital sign's normal range).
    public var limits: ClosedRange<Double>?
    /// Decimals in readouts and lists; nil writes the shortest exact text (at most 2 decimals).
    public var decimals: Int?

    public init(name: String, unit: String = "", points: [ChartPoint], style: SeriesStyle = .solid,
                role: StyleRole = .chartLine, limits: ClosedRange<Double>? = nil, decimals: Int? = nil) {
        self.name = name
        self.unit = unit
        self.points = points
        self.style = style
        self.role = role
        self.limits = limits
        self.decimals = decimals
    }

    /// A value as written in readouts: "3.42 kg".
    public func format(_ value: Double) -> String {
        let number = ChartFormat.number(value, decimals: decimals)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }
}

/// One x position of a band: its low and high edge and optionally a middle line (the 50th centile).
public struct BandPoint: Hashable, Sendable {
    public var x: Double
    public var low: Double
    public var high: Double
    public var middle: Double?
    public init(x: Double, low: Double, high: Double, middle: Double? = nil) {
        self.x = x
        self.low = min(low, high)
        self.high = max(low, high)
        self.middle = middle
    }
}

/// A shaded range drawn behind the series: a goal range, or WHO centiles 3rd–97th with the 50th.
public struct ChartBand: Hashable, Sendable {
    public var name: String
    /// Legend name of the middle line, when the band has one ("50th").
    public var middleName: String?
    /// Sorted by x; between points the edges are interpolated linearly.
    public var points: [BandPoint]
    public var role: StyleRole

    public init(name: String, middleName: String? = nil, points: [BandPoint], role: StyleRole = .chartBand) {
        self.name = name
        self.middleName = middleName
        self.points = points.sorted { $0.x < $1.x }
        self.role = role
    }

    /// A band with the same edges everywhere (a goal range such as 36.5–37.5 °C).
    public static func constant(name: String, range: ClosedRange<Double>, role: StyleRole = .chartBand) -> ChartBand {
        ChartBand(name: name, points: [BandPoint(x: -.greatestFiniteMagnitude, low: range.lowerBound, high: range.upperBound),
                                       BandPoint(x: .greatestFiniteMagnitude, low: range.lowerBound, high: range.upperBound)],
                  role: role)
    }

    /// The band's edges at `x`, interpolated; nil outside its x extent.
    public func edges(at x: Double) -> BandPoint? {
        guard let first = points.first, let last = points.last, x >= first.x, x <= last.x else { return nil }
        var lo = 0, hi = points.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if points[mid].x <= x { lo = mid } else { hi = mid }
        }
        let a = points[lo], b = points[hi]
        guard b.x > a.x else { return a }
        let t = (x - a.x) / (b.x - a.x)
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        let middle: Double? = a.middle.flatMap { am in b.middle.map { mix(am, $0) } }
        return BandPoint(x: x, low: mix(a.low, b.low), high: mix(a.high, b.high), middle: middle)
    }
}

/// What the x axis measures.
public enum ChartXAxis: Hashable, Sendable {
    /// Instants (seconds since 1970), labelled in hours, days or weeks in this time zone.
    case time(TimeZone)
    /// A plain quantity with its title and unit, e.g. "age (weeks)".
    case numeric(title: String)
}

/// Number text shared by chart readouts and lists.
public enum ChartFormat {
    /// Fixed decimals when given; otherwise the shortest text up to 2 decimals ("3.4", "150").
    public static func number(_ value: Double, decimals: Int?) -> String {
        guard value.isFinite else { return "?" }
        if let decimals { return NiceScale.format(value, decimals: max(0, decimals)) }
        var text = NiceScale.format(value, decimals: 2)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text
    }
}
