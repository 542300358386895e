import Foundation

/// What a patient report covers: one patient (admitted or discharged) over [from, to].
public struct PatientReportRequest: Sendable, Hashable {
    public var patientId: Int64
    public var from: Date
    public var to: Date
    public var timeZone: TimeZone

    public init(patientId: Int64, from: Date, to: Date, timeZone: TimeZone) {
        self.patientId = patientId
        self.from = from
        self.to = to
        self.timeZone = timeZone
    }

    /// "A registrar prints a patient's week": the period when none is given ends at `to` and is this long.
    public static let defaultSpan: TimeInterval = 7 * 86_400

    /// The default end: now, or the discharge for a patient who has left (their last week on the ward).
    public static func defaultEnd(for patient: Patient, now: Date) -> Date {
        min(now, patient.dischargedAt ?? now)
    }
}

/// A patient's chart over a period as pure values, read in one transaction: details, the
/// measurements Trends charts (with the goal ranges), each ward day's nappies and intake, the
/// medications with adherence over the period and the effectiveness verdict, and who charted.
public struct PatientReport: Sendable {
    public let request: PatientReportRequest
    public let settings: WardSettings
    public let patient: Patient
    /// At `to`.
    public let age: PatientAge
    /// The latest weighing at or before `from` and at or before `to` (grams and when), if any.
    public let weightAtStart: (grams: Int, at: Date)?
    public let weightAtEnd: (grams: Int, at: Date)?
    /// Goal ranges at `to`, as the Dashboard and Trends judge readings.
    public let goals: [MeasurementKind: GoalRange]
    /// Readings in the period per kind, as Trends charts them: raw up to a week, grouped in
    /// buckets (mean, lowest, highest) for longer periods (`bucketed`).
    public let readings: [MeasurementKind: [TrendReading]]
    public let bucketed: Bool
    /// The ward days the period touches, oldest first, each cut to the period.
    public let days: [PatientReportDay]
    /// The medications given in or overlapping the period, in the Medications tab's order.
    public let medications: [PatientReportMedication]
    /// Staff who charted anything for the patient in the period, with counts, most first.
    public let chartedBy: [HandoverAuthor]
    /// Entries of each kind charted in the period.
    public let entriesByKind: [HistoryEventKind: Int]
    /// The audit trail of the period that changed what was charted (corrections, deletions,
    /// restores, undos, discharge), oldest first; creations are counted in `createdEntries`.
    public let corrections: [AuditTrailRow]
    public let createdEntries: Int
    /// Names of the staff in `chartedBy`.
    public let staff: [Int64: Staff]

    public init(request: PatientReportRequest, settings: WardSettings, patient: Patient, age: PatientAge,
                weightAtStart: (grams: Int, at: Date)?, weightAtEnd: (grams: Int, at: Date)?,
                goals: [MeasurementKind: GoalRange], readings: [MeasurementKind: [TrendReading]], bucketed: Bool,
                days: [PatientReportDay], medications: [PatientReportMedication], chartedBy: [HandoverAuthor],
                entriesByKind: [HistoryEventKind: Int], corrections: [AuditTrailRow], createdEntries: Int,
                staff: [Int64: Staff]) {
        self.request = request
        self.settings = settings
        self.patient = patient
        self.age = age
        self.weightAtStart = weightAtStart
        self.weightAtEnd = weightAtEnd
        self.goals = goals
        self.readings = readings
        self.bucketed = bucketed
        self.days = days
        self.medications = medications
        self.chartedBy = chartedBy
        self.entriesByKind = entriesByKind
        self.corrections = corrections
        self.createdEntries = createdEntries
        self.staff = staff
    }
}

/// One ward day of the period: Trends' nappy and feed totals for it (cut to the period at its
/// ends), and the weight the per-kg figures use.
public struct PatientReportDay: Sendable, Hashable {
    public let totals: TrendDay
    /// The last weighing before the day's end, else the birth weight; nil when neither exists.
    public let weightGrams: Int?

    /// Intake per kg of the day's weight; nil without intake or weight.
    public var intakeMLPerKg: Double? {
        guard totals.hasIntake, let weightGrams, weightGrams > 0 else { return nil }
        return totals.feedML / (Double(weightGrams) / 1000)
    }

    /// Urine from weighed nappies per kg per hour of the day the patient was on the ward (as Trends).
    public func urineMLPerKgPerHour(dryNappyWeightGrams: Int) -> Double? {
        guard let urine = totals.urineML, dryNappyWeightGrams > 0, totals.stayHours > 0,
              let weightGrams, weightGrams > 0 else { return nil }
        return urine / (Double(weightGrams) / 1000) / totals.stayHours
    }
}

/// A medication as the report lists it: the Medications tab's row at `to` (latest dose,
/// effectiveness verdict) and its adherence over the report's period.
public struct PatientReportMedication: Sendable, Hashable {
    public let row: MedicationListRow
    /// Scheduled slots of the period in their final states (`Adherence`); empty for as-needed.
    public let periodAdherence: Adherence
    /// As-needed doses given in the period.
    public let asNeededGiven: Int

    public var medication: Medication { row.medication }
}
