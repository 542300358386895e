import Foundation

/// When the screen locks for want of a key or a click: pure arithmetic on the instants it is
/// given, so the lock's timing is tested with any clock. The shell feeds it the wall clock (a
/// suspended laptop that wakes after the limit locks at once) and every key and mouse event.
struct IdleTimer: Sendable, Equatable {
    /// The last key or click; nil until the first instant is seen (nothing is idle before then).
    private(set) var lastActivity: Date?

    /// A key or a click at `now`.
    mutating func activity(at now: Date) { lastActivity = now }

    /// True when `minutes` (the ward's `idleLockMinutes`; 0 = never) have passed without input
    /// by `now`. A clock set back (`now` before the last input) restarts the count there, so
    /// the lock comes late rather than never.
    mutating func isDue(at now: Date, minutes: Int) -> Bool {
        guard let last = lastActivity, last <= now else {
            lastActivity = now
            return false
        }
        return minutes > 0 && now.timeIntervalSince(last) >= TimeInterval(minutes * 60)
    }
}
