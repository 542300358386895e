import Foundation

/// Five wrong PINs in a row lock the member out for five minutes. Pure arithmetic on the stored
/// counters, so it is tested with any clock.
public enum PinLockout {
    public static let attempts = 5
    public static let duration: TimeInterval = 5 * 60

    /// The counters after one more wrong PIN at `now`: the count, and the lock-out's end once
    /// the count reaches `attempts` (the count then starts again).
    public static func afterFailure(previousFailures: Int, now: Date) -> (failures: Int, lockedUntil: Date?) {
        let failures = previousFailures + 1
        return failures >= attempts ? (0, now.addingTimeInterval(duration)) : (failures, nil)
    }
}

/// What checking a PIN found.
public enum PinCheck: Sendable, Hashable {
    case accepted
    /// Wrong; this many tries remain before a lock-out.
    case wrong(remaining: Int)
    /// Locked out (now, or by this very attempt) until then.
    case lockedOut(until: Date)
    /// The member has no PIN yet: they must set one (`StaffAccessStore.setPin`).
    case noPinSet
}

/// Whether a member has a PIN and whether they are locked out now.
public struct PinStatus: Sendable, Hashable {
    public var hasPin: Bool
    public var failures: Int
    public var lockedUntil: Date?

    public init(hasPin: Bool, failures: Int, lockedUntil: Date?) {
        self.hasPin = hasPin
        self.failures = failures
        self.lockedUntil = lockedUntil
    }
}

/// Why a PIN is being checked; sign-ins and unlocks are audited when they succeed.
public enum PinPurpose: String, Sendable, Hashable, Codable {
    case signIn, unlock, commandLine, secondCheck
}
