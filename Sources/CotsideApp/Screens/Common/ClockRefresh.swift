import Foundation

/// When a screen whose figures depend on the clock (time since, due and overdue states) should
/// load again: once its last load was asked for `interval` ago, whether or not that load
/// succeeded. Shared by the Dashboard, the drug round and the dose reminder.
struct ClockRefresh {
    /// The figures' age at which a tick reloads them.
    let interval: TimeInterval
    /// When the last load was asked for (clock time); nil before the first.
    private var lastRequestAt: Date?

    init(every interval: TimeInterval = 60) {
        self.interval = interval
    }

    /// Notes that a load was asked for at `now`.
    mutating func requested(at now: Date) {
        lastRequestAt = now
    }

    /// Whether a tick at `now` should reload: never before the first load was asked for.
    func isDue(at now: Date) -> Bool {
        guard let last = lastRequestAt else { return false }
        return now.timeIntervalSince(last) >= interval
    }
}
