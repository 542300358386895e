import Foundation

/// One admitted patient's line on the Dashboard. Counts treat a mixed nappy as wet AND dirty.
public struct DashboardRow: Sendable, Hashable {
    public let patient: Patient
    public let age: PatientAge
    public let lastNappyAt: Date?
    public let lastNappyKind: NappyKind?
    /// Last wet or mixed nappy.
    public let lastWetAt: Date?
    public let wetToday: Int
    public let dirtyToday: Int
    public let changesToday: Int
    /// Nappy changes per ward day for the last 7 days, oldest first, today last.
    public let nappiesPerDay: [Int]
    /// Weight used for per-kg figures: birth weight until measurements exist; nil when neither
    /// is recorded (an older child admitted without a birth weight, not yet weighed).
    public let currentWeightGrams: Int?
    /// mL/kg/h from weighed wet nappies; nil when the dry-nappy weight is not set or nothing
    /// was weighed in the window.
    public let urineOutput6hMLPerKgPerHour: Double?
    public let urineOutput24hMLPerKgPerHour: Double?
    public let noWetAlert: NoWetNappyAlert?
    /// The next dose not yet recorded (due, overdue or upcoming in the next 48 h), if any.
    public var nextDose: NextDose? = nil
    public var dueDoses: Int = 0
    public var overdueDoses: Int = 0
    /// mL of every feed and fluid of the last 24 h, infusions by the hours they ran in it
    /// (`FeedTotals`; compare with Holliday–Segar in Clinical). Outputs are never in it.
    public var intake24hML: Int = 0
    /// mL of output charted in the last 24 h (NG aspirates, vomits).
    public var output24hML: Int = 0
    /// Latest weight measurement in grams (nil until one is logged; `currentWeightGrams` then
    /// falls back to the birth weight).
    public var latestWeightGrams: Int? = nil
    /// The most recent of the patient's latest-per-kind measurements that is out of its goal range.
    public var latestOutOfRange: MarkedMeasurement? = nil
    /// What the cot's insights are judged from: the same input its Trends screen reads, so the
    /// Dashboard raises exactly the alerts Trends does (the rules run in the app, beside the WHO tables).
    public var insightInput: CotInsightInput? = nil
}

/// The next dose of a cot, for the Dashboard column.
public struct NextDose: Sendable, Hashable {
    public let dueAt: Date
    public let drugName: String
    public let medicationId: Int64
    public let scheduledAt: Date
    /// `.upcoming`, `.due` or `.overdue`.
    public let state: SlotState
}

/// No wet nappy for longer than the ward's threshold.
public struct NoWetNappyAlert: Sendable, Hashable {
    /// Last wet nappy, or the admission time when none was logged since admission.
    public let since: Date
    public let neverWetSinceAdmission: Bool
    /// Hours since `since` at the Dashboard's `now`.
    public let hours: Double
}

public struct DashboardSummary: Sendable, Hashable {
    public let occupiedCots: Int
    public let changesToday: Int
    /// Cots with a no-wet-nappy alert. The header counts every alert of the insight rules
    /// instead (the app runs them on each row's `insightInput`).
    public let alerts: Int
    /// Dose slots due / overdue now across the ward (the status line counts).
    public var dueDoses: Int = 0
    public var overdueDoses: Int = 0
}

/// Everything the Dashboard shows, computed at one `now`.
public struct Dashboard: Sendable, Hashable {
    public let now: Date
    public let today: WardDay
    public let settings: WardSettings
    /// Natural bed order (2 before 10).
    public let rows: [DashboardRow]
    public let summary: DashboardSummary
}
