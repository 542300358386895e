import Foundation

/// What a handover covers: the whole ward (ordered by bed) or one cot, over [since, until].
public struct HandoverRequest: Sendable, Hashable {
    /// Nil: every admitted cot.
    public var patientId: Int64?
    public var since: Date
    public var until: Date
    public var timeZone: TimeZone

    public init(patientId: Int64? = nil, since: Date, until: Date, timeZone: TimeZone) {
        self.patientId = patientId
        self.since = since
        self.until = until
        self.timeZone = timeZone
    }

    /// Doses due within this long after `until` are listed as next due.
    public static let lookAhead: TimeInterval = 4 * 3600
}

/// A shift's handover as pure values, read in one transaction so every cot is from the same moment.
public struct ShiftHandover: Sendable, Hashable {
    public let request: HandoverRequest
    public let settings: WardSettings
    /// Natural bed order (2 before 10).
    public let cots: [CotHandover]
    /// Who charted in the shift, by staff id, for the names the cots' `chartedBy` refer to.
    public let staff: [Int64: Staff]
}

/// One cot's shift. Empty lists are kept: the document says "None in this shift" for them.
public struct CotHandover: Sendable, Hashable {
    public let patient: Patient
    /// At `until`.
    public let age: PatientAge
    /// Ward days from the day of admission to the day of `until` (0 on the day of admission).
    public let daysSinceAdmission: Int
    public let weight: HandoverWeight
    public let intake: HandoverIntake
    public let output: HandoverOutput
    /// Readings taken in the shift outside the cot's goal range, oldest first.
    public let outOfRange: [MarkedMeasurement]
    /// The latest reading of each kind at or before `until`, newest first, marked.
    public let latest: [MarkedMeasurement]
    public let medications: HandoverMedications
    /// What the insight rules read (Trends and the Dashboard read the same), at `until`.
    public let insightInput: CotInsightInput
    /// Events charted in the shift that carry notes, oldest first.
    public let notes: [HistoryEvent]
    public let calculatorResults: [SavedCalculatorResult]
    public let strokeAssessments: [StoredStrokeAssessment]
    /// Staff who charted anything for this cot in the shift, with how many entries, most first.
    public let chartedBy: [HandoverAuthor]
}

public struct HandoverWeight: Sendable, Hashable {
    /// The latest weighing at or before `until`, else the birth weight; nil when neither exists.
    public let grams: Int?
    /// When it was weighed; nil when `grams` is the birth weight.
    public let weighedAt: Date?
    public let birthGrams: Int?
    /// The last weighing at or before `until` − 7 days.
    public let weekAgoGrams: Int?

    /// Percent change since birth (nil without both).
    public var changeSinceBirthPercent: Double? {
        guard let grams, let birthGrams, birthGrams > 0, weighedAt != nil else { return nil }
        return Double(grams - birthGrams) / Double(birthGrams) * 100
    }

    public var changeOverWeekGrams: Int? {
        guard let grams, let weekAgoGrams, weighedAt != nil else { return nil }
        return grams - weekAgoGrams
    }
}

public struct HandoverIntake: Sendable, Hashable {
    /// Every feed and fluid volume logged in [since, until].
    public let shiftML: Int
    /// In (until − 24 h, until], as the Dashboard counts it.
    public let last24hML: Int
    public let feedsInShift: Int
    /// The shift's length in hours (the target is scaled to it).
    public let shiftHours: Double
}

public struct HandoverOutput: Sendable, Hashable {
    /// Wet and mixed nappies in the shift (a mixed one counts as wet and dirty).
    public let wet: Int
    public let dirty: Int
    /// From weighed wet nappies in the shift; nil without a dry nappy weight or a weighed nappy.
    public let urineMLPerKgPerHour: Double?
    /// The latest dirty or mixed nappy at or before `until`.
    public let lastStoolAt: Date?
    public let lastStoolColour: StoolColour?
    /// The longest stretch in the shift without a wet nappy (from the last wet one before the
    /// shift, or admission, to the first in it; between two; or from the last to `until`).
    public let longestDryGap: HandoverGap?
}

public struct HandoverGap: Sendable, Hashable {
    public let from: Date
    public let to: Date
    /// False when the gap is still open at `until`.
    public let endedByWetNappy: Bool
    public var hours: Double { to.timeIntervalSince(from) / 3600 }
}

public struct HandoverMedications: Sendable, Hashable {
    /// Scheduled slots of the shift that were given, withheld or missed, by time.
    public let answered: [HandoverSlot]
    /// Slots of the shift that were snoozed.
    public let snoozed: [HandoverSlot]
    /// Open slots due within 4 h after `until`.
    public let dueNext: [HandoverSlot]
    /// Slots overdue at `until`.
    public let overdue: [HandoverSlot]
    /// As-needed medications given in the shift.
    public let asNeeded: [HandoverAsNeeded]
}

public struct HandoverSlot: Sendable, Hashable {
    public let medication: Medication
    public let scheduledAt: Date
    public let dueAt: Date
    public let state: SlotState
    public let withheldReason: WithheldReason?
    /// The words recorded with the dose (a withheld dose's "other" reason, a note).
    public let notes: String
    public let snoozedUntil: Date?
}

public struct HandoverAsNeeded: Sendable, Hashable {
    public let medication: Medication
    /// Given in the shift, oldest first.
    public let givenAt: [Date]
    /// When the next dose may be given under the minimum interval and the 24 h maximum
    /// (`AsNeededRules`); `until` itself when it may be given now.
    public let nextAllowedAt: Date
}

public struct HandoverAuthor: Sendable, Hashable {
    public let staffId: Int64
    public let entries: Int
}
