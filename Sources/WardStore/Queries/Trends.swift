import Foundation

/// One ward day's nappy and feed totals for a patient (or the whole ward).
public struct TrendDay: Sendable, Hashable {
    public let day: WardDay
    /// The calendar day the ward day starts on (its label).
    public let label: CalendarDay
    public var wet = 0
    public var dirty = 0
    public var nappies = 0
    /// Urine in mL (nappy weight minus the dry weight) from weighed wet nappies; nil when none was weighed.
    public var urineML: Double?
    /// Patient view only (the ward view counts feeds and leaves this 0): intake in mL, with
    /// infusions by the hours they ran this day (`FeedTotals`).
    public var feedML = 0.0
    /// Feeds charted this day (outputs are not feeds).
    public var feeds = 0
    /// Patient view only: output charted on the feed chart (NG aspirates, vomits) in mL.
    public var outputML = 0.0
    /// Whether anything fed the patient this day: a feed charted in it, or an infusion running
    /// through it (started on an earlier day, so not among `feeds`). A day without is uncharted,
    /// not a day of no intake.
    public var hasIntake: Bool { feeds > 0 || feedML > 0 }
    public var dosesGiven = 0
    public var dosesWithheld = 0
    public var dosesMissed = 0
    /// Ward view: wet-nappy gaps longer than the alert threshold that ended this day.
    public var alerts = 0
    /// Patient view: hours of this day the patient was on the ward up to now — 0 for a day before
    /// the admission, part of the day on the admission or discharge day and today.
    public var stayHours = 0.0

    /// The ward days of a patient view, each labelled and with the hours of the stay in it
    /// (Trends, the insight input for one cot and for the whole ward).
    static func days(_ wardDays: [WardDay], stayOf patient: Patient, now: Date, timeZone: TimeZone) -> [TrendDay] {
        let stayEnd = min(now, patient.dischargedAt ?? now)
        return wardDays.map { day in
            var trendDay = TrendDay(day: day, label: CalendarDay(day.start, in: timeZone))
            let start = max(day.start, patient.admittedAt), end = min(day.end, stayEnd)
            trendDay.stayHours = max(0, end.timeIntervalSince(start) / 3600)
            return trendDay
        }
    }

    /// The day's length in hours (23 or 25 when the clocks change).
    public var hours: Double { day.end.timeIntervalSince(day.start) / 3600 }
    /// The patient was on the ward for the whole day, so its counts are a full day's.
    public var isComplete: Bool { stayHours > 0 && stayHours >= hours - 1e-9 }

    public init(day: WardDay, label: CalendarDay) {
        self.day = day
        self.label = label
    }
}

/// Readings of one kind in one bucket (or one raw reading when `count` is 1), averaged by SQLite.
public struct TrendReading: Sendable, Hashable {
    /// The mean time of the readings in the bucket.
    public let at: Date
    public let mean: Double
    public let low: Double
    public let high: Double
    /// Blood pressure: the mean diastolic.
    public let diastolic: Double?
    public let count: Int
}

/// Headline figures of one measurement kind, computed in SQL over the window.
public struct TrendKPI: Sendable, Hashable {
    public var latest: Double?
    public var latestAt: Date?
    /// The last reading at least 24 h before the latest, to say how far it moved in a day.
    public var dayBefore: Double?
    public var mean7d: Double?
    public var low: Double?
    public var high: Double?

    public init(latest: Double? = nil, latestAt: Date? = nil, dayBefore: Double? = nil, mean7d: Double? = nil,
                low: Double? = nil, high: Double? = nil) {
        self.latest = latest
        self.latestAt = latestAt
        self.dayBefore = dayBefore
        self.mean7d = mean7d
        self.low = low
        self.high = high
    }
}

/// One cell of the adherence heatmap: a slot time on a day and its worst final status there.
public struct DoseCell: Sendable, Hashable {
    public let day: CalendarDay
    /// "08:00".
    public let slotTime: String
    public let status: DoseStatus
}

/// What the Trends screen shows for one patient, aggregated in SQL (no event rows reach Swift).
public struct PatientTrends: Sendable {
    public let patient: Patient
    public let window: TrendWindow
    public let now: Date
    public let from: Date
    public let settings: WardSettings
    /// Ward days of the window, oldest first, plus enough before it for the 7-day KPIs.
    public let days: [TrendDay]
    /// How many of the last `days` are inside the window.
    public let windowDays: Int
    public let readings: [MeasurementKind: [TrendReading]]
    public let kpis: [MeasurementKind: TrendKPI]
    public let goals: [MeasurementKind: GoalRange]
    public let doseCells: [DoseCell]
    /// What the insights are judged from, over fixed spans whatever the window: the same input
    /// the Dashboard reads for the cot, so both raise the same alerts.
    public let insightInput: CotInsightInput

    /// The days inside the window.
    public var shownDays: ArraySlice<TrendDay> { days.suffix(windowDays) }
}

/// The ward view: per day across every cot.
public struct WardTrends: Sendable {
    public let window: TrendWindow
    public let now: Date
    public let settings: WardSettings
    public let days: [TrendDay]
    public let occupiedCots: Int
}
