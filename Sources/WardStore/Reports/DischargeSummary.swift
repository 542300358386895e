import Foundation

/// Whose discharge summary, made at `until` (the real now: an admitted patient's summary runs up
/// to it and says they are not yet discharged; a discharged one's stops at the discharge).
public struct DischargeSummaryRequest: Sendable, Hashable {
    public var patientId: Int64
    public var until: Date
    public var timeZone: TimeZone

    public init(patientId: Int64, until: Date, timeZone: TimeZone) {
        self.patientId = patientId
        self.until = until
        self.timeZone = timeZone
    }

    /// "Feeding at discharge" covers the last day of the stay.
    public static let feedingWindow: TimeInterval = 24 * 3600
}

/// One admission from start to end as pure values, read in one transaction: what a neonatal
/// unit prints and files when a baby goes home, made from the chart already kept. Every figure is
/// what was charted; what the chart cannot tell (a dose amount a slot did not record, what is to
/// continue at home) the document says it cannot.
public struct DischargeSummary: Sendable, Hashable {
    public let request: DischargeSummaryRequest
    public let settings: WardSettings
    public let patient: Patient
    /// The discharge, or `request.until` while the patient is still admitted.
    public let end: Date
    public var isDischarged: Bool { patient.dischargedAt != nil }
    public let ageAtAdmission: PatientAge
    public let ageAtEnd: PatientAge
    public let weights: DischargeWeights
    public let feeding: DischargeFeeding
    /// The kinds that have goal ranges and were charted during the stay, in `MeasurementGoals.kinds` order.
    public let observations: [DischargeObservationSummary]
    /// What the insight rules read at `end` (Trends and the Dashboard read the same).
    public let insightInput: CotInsightInput
    /// Every medication prescribed during the stay, by drug name.
    public let medications: [DischargeMedication]
    public let calculatorResults: [SavedCalculatorResult]
    public let strokeAssessments: [StoredStrokeAssessment]
    /// Everyone who charted for the baby during the stay, most entries first.
    public let caredBy: [DischargeCarer]
    /// Who admitted and discharged the patient, from the audit trail (nil when not recorded,
    /// as for demo patients and imports).
    public let admittedBy: Int64?
    public let dischargedBy: Int64?
    /// Every staff member the ids above name.
    public let staff: [Int64: Staff]

    /// Hours from admission to `end`.
    public var stayHours: Double { max(0, end.timeIntervalSince(patient.admittedAt)) / 3600 }
}

public struct DischargeWeight: Sendable, Hashable {
    public let grams: Int
    public let at: Date
}

public struct DischargeWeights: Sendable, Hashable {
    public let birthGrams: Int?
    /// The first weighing of the stay.
    public let onAdmission: DischargeWeight?
    /// The lowest weighing of the stay (the earliest when several are equal).
    public let lowest: DischargeWeight?
    /// The last weighing at or before `end`.
    public let atEnd: DischargeWeight?
    public let weighings: Int

    /// Percent change from birth to the last weighing (nil without both).
    public var changeSinceBirthPercent: Double? {
        guard let birthGrams, birthGrams > 0, let atEnd else { return nil }
        return Double(atEnd.grams - birthGrams) / Double(birthGrams) * 100
    }
}

/// The last day of the stay, [end − 24 h, end): what the baby was taking when they left.
public struct DischargeFeeding: Sendable, Hashable {
    public let from: Date
    public let to: Date
    /// By kind, most millilitres first (outputs excluded).
    public let kinds: [DischargeFeedKind]
    /// Intake by `FeedTotals` over the window.
    public let intakeML: Double
    /// The last feed of the stay (nil when none was charted).
    public let lastFeedAt: Date?
    public let lastFeedKind: FeedKind?
    /// The stay was shorter than the window: the figure covers less than a day.
    public var windowHours: Double { to.timeIntervalSince(from) / 3600 }
}

public struct DischargeFeedKind: Sendable, Hashable {
    public let kind: FeedKind
    public let count: Int
    public let ml: Double
    /// Minutes charted with the feeds: a breastfeed is charted by time, not volume.
    public let minutes: Int
}

/// One kind of reading over the stay: how often it was out of its goal range, in how many
/// episodes (a run of out-of-range readings that an in-range reading of the kind ends), and the
/// furthest below and above.
public struct DischargeObservationSummary: Sendable, Hashable {
    public let kind: MeasurementKind
    public let readings: Int
    public let outOfRange: Int
    public let episodes: Int
    /// The lowest reading below its range, with that range.
    public let worstLow: MarkedMeasurement?
    /// The highest reading above its range, with that range.
    public let worstHigh: MarkedMeasurement?
}

public struct DischargeMedication: Sendable, Hashable {
    public let medication: Medication
    /// Scheduled slots of the stay in their final states (`Adherence`): given, withheld, missed.
    public let adherence: Adherence
    /// As-needed doses given in the stay.
    public let asNeededGiven: Int
    public let firstGivenAt: Date?
    /// The last dose given in the stay.
    public let lastGiven: DischargeDose?
    /// Prescribed and not stopped or ended at `end` (perhaps paused): the chart's "open"
    /// prescriptions. Whether each is to continue at home is not something the chart records.
    public let openAtEnd: Bool

    public var givenCount: Int { adherence.given + asNeededGiven }
}

/// A dose as charted. A scheduled slot records that it was given, not an amount: `amount` is
/// then nil and the prescription's dose stands for it.
public struct DischargeDose: Sendable, Hashable {
    public let at: Date
    /// Recorded with an as-needed dose (its own amount, or the prescribed one when none was typed).
    public let amount: Double?
}

public struct DischargeCarer: Sendable, Hashable {
    public let staffId: Int64
    public let entries: Int
    public let first: Date
    public let last: Date
}
