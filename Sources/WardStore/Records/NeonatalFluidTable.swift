import Foundation

/// The ward's maintenance fluid targets for babies under 28 days, by day of life (the day of
/// birth is day 1), in mL/kg/day as a range. Holliday–Segar does not apply to neonates; the
/// ward sets this table in its settings, stored as text such as
/// `1:50-60; 2:70-80; 3:80-100; 4:100-120; 5-28:120-150`.
public struct NeonatalFluidTable: Sendable, Hashable, Codable {
    public struct Row: Sendable, Hashable, Codable {
        public var firstDay: Int
        public var lastDay: Int
        public var minMLPerKg: Int
        public var maxMLPerKg: Int

        public init(firstDay: Int, lastDay: Int, minMLPerKg: Int, maxMLPerKg: Int) {
            self.firstDay = firstDay
            self.lastDay = lastDay
            self.minMLPerKg = minMLPerKg
            self.maxMLPerKg = maxMLPerKg
        }
    }

    public var rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    /// The last day of life the table covers: under 28 days old is days of life 1–28.
    public static let lastDayOfLife = 28

    /// The default: NICE NG29 (Intravenous fluid therapy in children and young people in
    /// hospital, 2015, updated 2020), routine maintenance for term neonates by age: birth to
    /// day 1 50–60, day 2 70–80, day 3 80–100, day 4 100–120, days 5–28 120–150 mL/kg/day.
    public static let nice = NeonatalFluidTable(rows: [
        Row(firstDay: 1, lastDay: 1, minMLPerKg: 50, maxMLPerKg: 60),
        Row(firstDay: 2, lastDay: 2, minMLPerKg: 70, maxMLPerKg: 80),
        Row(firstDay: 3, lastDay: 3, minMLPerKg: 80, maxMLPerKg: 100),
        Row(firstDay: 4, lastDay: 4, minMLPerKg: 100, maxMLPerKg: 120),
        Row(firstDay: 5, lastDay: 28, minMLPerKg: 120, maxMLPerKg: 150),
    ])

    /// Day of life from whole days since the day of birth (day of birth = day 1).
    public static func dayOfLife(ageDays: Int) -> Int { max(0, ageDays) + 1 }

    /// The row for a baby `ageDays` old (days since the day of birth), nil from day 29 of life.
    public func target(ageDays: Int) -> Row? {
        let day = Self.dayOfLife(ageDays: ageDays)
        return rows.first { $0.firstDay <= day && day <= $0.lastDay }
    }

    /// "1:50-60; 2:70-80; 3:80-100; 4:100-120; 5-28:120-150".
    public var text: String {
        rows.map { r in
            let days = r.firstDay == r.lastDay ? "\(r.firstDay)" : "\(r.firstDay)-\(r.lastDay)"
            return "\(days):\(r.minMLPerKg)-\(r.maxMLPerKg)"
        }.joined(separator: "; ")
    }

    /// Parses the text form (spaces and an en dash allowed); nil when it is not rows of
    /// `day[-day]:min-max` separated by `;`. Ranges are checked by `problems`.
    public init?(text: String) {
        var rows: [Row] = []
        for part in text.replacingOccurrences(of: "–", with: "-").split(separator: ";") {
            let sides = part.split(separator: ":", omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            let days = sides[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            let volumes = sides[1].split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(days.count), volumes.count == 2, let first = days[0], let last = days.last!,
                  let low = volumes[0], let high = volumes[1] else { return nil }
            rows.append(Row(firstDay: first, lastDay: last, minMLPerKg: low, maxMLPerKg: high))
        }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
    }

    /// What is wrong with the table, for the settings form: the rows must run from day 1 to
    /// day 28 in order without gaps or overlaps, each 1 to 300 mL/kg/day with min ≤ max.
    public var problems: [String] {
        var out: [String] = []
        var next = 1
        for r in rows {
            if r.firstDay != next || r.lastDay < r.firstDay {
                out.append("days \(r.firstDay)–\(r.lastDay) should start at day \(next) and not end before they start")
            }
            if !(1...300).contains(r.minMLPerKg) || !(1...300).contains(r.maxMLPerKg) || r.minMLPerKg > r.maxMLPerKg {
                out.append("day \(r.firstDay): \(r.minMLPerKg)–\(r.maxMLPerKg) mL/kg/day must be 1 to 300 with the lower value first")
            }
            next = r.lastDay + 1
        }
        if next != Self.lastDayOfLife + 1 { out.append("the rows must end at day \(Self.lastDayOfLife) of life (they end at day \(next - 1))") }
        return out
    }
}
