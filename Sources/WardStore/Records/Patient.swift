import Foundation
import GRDB

/// A baby admitted to a cot. `dateOfBirth` is a calendar date (text `YYYY-MM-DD`); every
/// instant is stored as UTC Unix milliseconds.
public struct Patient: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "patient"

    public var id: Int64
    /// Cot / bed label, unique among admitted (not discharged, not deleted) patients.
    public var bedLabel: String
    public var givenName: String
    public var familyName: String
    public var hospitalNumber: String
    public var dateOfBirth: CalendarDay
    public var sex: Sex
    /// Gestational age at birth: completed weeks (22–44) and days (0–6); both nil when not
    /// recorded, which only a child older than 28 days at admission may be (migration v14).
    public var gestationalAgeWeeks: Int?
    public var gestationalAgeDays: Int?
    /// Nil when not recorded (an older child's, as for the gestational age).
    public var birthWeightGrams: Int?
    public var admittedAt: Date
    /// Set when discharged: the patient stays in History and leaves the Dashboard.
    public var dischargedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool
    /// Ward-local wall time of birth on `dateOfBirth`, when known: ages then read in hours for
    /// the first 72 hours, as staff write them (migration v8; nil for older records).
    public var timeOfBirth: TimeOfDay? = nil

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let bedLabel = Column(CodingKeys.bedLabel)
        public static let givenName = Column(CodingKeys.givenName)
        public static let familyName = Column(CodingKeys.familyName)
        public static let hospitalNumber = Column(CodingKeys.hospitalNumber)
        public static let admittedAt = Column(CodingKeys.admittedAt)
        public static let dischargedAt = Column(CodingKeys.dischargedAt)
        public static let deletedAt = Column(CodingKeys.deletedAt)
        public static let isDemo = Column(CodingKeys.isDemo)
    }

    /// "Given Family", for lists.
    public var fullName: String { PersonName.full(given: givenName, family: familyName) }
    public var isAdmitted: Bool { dischargedAt == nil && deletedAt == nil }

    /// The editable fields, e.g. to pre-fill an edit form.
    public var draft: PatientDraft {
        PatientDraft(bedLabel: bedLabel, givenName: givenName, familyName: familyName,
                     hospitalNumber: hospitalNumber, dateOfBirth: dateOfBirth, sex: sex,
                     gestationalAgeWeeks: gestationalAgeWeeks, gestationalAgeDays: gestationalAgeDays,
                     birthWeightGrams: birthWeightGrams, admittedAt: admittedAt, timeOfBirth: timeOfBirth)
    }

    /// Gestation at birth in days (weeks × 7 + days), when recorded.
    public var gestationDays: Int? { draft.gestationDays }
    /// "38+2", when recorded.
    public var gestationText: String? { draft.gestationText }

    /// The instant of birth when the time of birth is known.
    public func bornAt(in timeZone: TimeZone) -> Date? {
        timeOfBirth.map { WardLocalTime.instant(on: dateOfBirth, at: $0, in: timeZone) }
    }
}

/// The fields of the admission form.
public struct PatientDraft: Sendable, Hashable, Codable {
    public var bedLabel: String
    public var givenName: String
    public var familyName: String
    public var hospitalNumber: String
    public var dateOfBirth: CalendarDay
    public var sex: Sex
    /// Nil when not recorded: allowed only beyond the neonatal period (`WardValidation.patient`).
    public var gestationalAgeWeeks: Int?
    public var gestationalAgeDays: Int?
    public var birthWeightGrams: Int?
    public var admittedAt: Date
    /// Ward-local time of birth, when known.
    public var timeOfBirth: TimeOfDay?

    public init(bedLabel: String, givenName: String, familyName: String, hospitalNumber: String,
                dateOfBirth: CalendarDay, sex: Sex, gestationalAgeWeeks: Int?, gestationalAgeDays: Int?,
                birthWeightGrams: Int?, admittedAt: Date, timeOfBirth: TimeOfDay? = nil) {
        self.timeOfBirth = timeOfBirth
        self.bedLabel = bedLabel
        self.givenName = givenName
        self.familyName = familyName
        self.hospitalNumber = hospitalNumber
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.gestationalAgeWeeks = gestationalAgeWeeks
        self.gestationalAgeDays = gestationalAgeDays
        self.birthWeightGrams = birthWeightGrams
        self.admittedAt = admittedAt
    }

    /// Gestation at birth in days, when both weeks and days are recorded.
    public var gestationDays: Int? {
        guard let gestationalAgeWeeks, let gestationalAgeDays else { return nil }
        return gestationalAgeWeeks * 7 + gestationalAgeDays
    }

    /// "38+2" as staff write it, when both weeks and days are recorded.
    public var gestationText: String? {
        guard let gestationalAgeWeeks, let gestationalAgeDays else { return nil }
        return "\(gestationalAgeWeeks)+\(gestationalAgeDays)"
    }

    /// Days from birth to the day of admission (the neonatal period is the first 28).
    public func ageAtAdmissionDays(in timeZone: TimeZone) -> Int {
        dateOfBirth.days(until: CalendarDay(admittedAt, in: timeZone))
    }

    /// Surrounding spaces removed from the text fields, as stored.
    var trimmed: PatientDraft {
        var d = self
        d.bedLabel = bedLabel.trimmingCharacters(in: .whitespaces)
        d.givenName = givenName.trimmingCharacters(in: .whitespaces)
        d.familyName = familyName.trimmingCharacters(in: .whitespaces)
        d.hospitalNumber = hospitalNumber.trimmingCharacters(in: .whitespaces)
        d.admittedAt = StoredTime.truncated(admittedAt)
        return d
    }
}
