import Foundation

/// What the demo's drug round shows for one occupied cot at the demo's `now`, so that a demo
/// made at any time has work on the round: doses due and overdue, one just given, a snoozed and
/// a withheld slot, and a few cots whose latest observations are out of range. Assigned to the
/// occupied cots in bed order, cycling through `cycle`.
enum DemoRoundRole: CaseIterable {
    /// The cot's main scheduled dose falls on the current ward hour: due now.
    case due
    /// Its dose two hours ago was never answered: overdue (an hour ago at 01:00–02:00).
    case overdue
    /// Its dose an hour ago was given a little late.
    case given
    /// Its dose an hour ago was snoozed a quarter of an hour past now.
    case snoozed
    /// Its dose an hour ago was withheld (a clinical reason).
    case withheld
    /// Nothing anchored near now (its slots fall where its schedule puts them).
    case none

    static let cycle: [DemoRoundRole] = [.due, .overdue, .given, .snoozed, .due, .withheld, .overdue, .given, .none, .due]

    /// The role of the `index`-th occupied cot (0-based, bed order).
    static func forOccupiedCot(_ index: Int) -> DemoRoundRole { cycle[index % cycle.count] }

    /// The scheduled instant this role pins the cot's main dose to: the start of the current
    /// ward-local hour, one or two hours before it; nil for `.none`. An overdue slot stays on
    /// today's ward day (yesterday's slots are missed, not overdue, after midnight).
    func anchorMs(nowMs: Int64, timeZone: TimeZone) -> Int64? {
        let hourMs: Int64 = 3_600_000
        let offsetMs = Int64(timeZone.secondsFromGMT(for: StoredTime.date(milliseconds: nowMs))) * 1000
        let localMs = nowMs + offsetMs
        let hourStart = nowMs - ((localMs % hourMs) + hourMs) % hourMs
        let hoursIntoDay = ((localMs % 86_400_000) + 86_400_000) % 86_400_000 / hourMs
        switch self {
        case .due: return hourStart
        case .overdue: return hourStart - (hoursIntoDay >= 2 ? 2 : 1) * hourMs
        case .given, .snoozed, .withheld: return hourStart - hourMs
        case .none: return nil
        }
    }

    /// True for the cots whose last two observation rounds are out of range (fever, tachycardia).
    static func hasAbnormalObservations(occupiedIndex: Int) -> Bool { occupiedIndex % 3 == 1 }
}
