import Foundation

/// One stretch of time a medication was paused: from `pausedAt` until `resumedAt` (nil while it is
/// still paused). A slot whose scheduled instant falls in `[pausedAt, resumedAt)` is `.paused`:
/// never due, overdue or missed, and outside adherence. A slot scheduled before the pause keeps
/// its own state (a dose already overdue when the drug was paused still needs an answer).
public struct PausePeriod: Sendable, Hashable {
    public var pausedAt: Date
    public var resumedAt: Date?

    public init(pausedAt: Date, resumedAt: Date?) {
        self.pausedAt = pausedAt
        self.resumedAt = resumedAt
    }

    public func contains(_ instant: Date) -> Bool {
        instant >= pausedAt && (resumedAt.map { instant < $0 } ?? true)
    }
}

extension Array where Element == PausePeriod {
    /// True when `instant` lies in one of the periods.
    public func covers(_ instant: Date) -> Bool {
        contains { $0.contains(instant) }
    }
}
