import Foundation

/// A baby's age: days since birth, and for babies born before 37 weeks the corrected
/// (post-menstrual) age in weeks + days, i.e. gestation at birth plus days of life. An older
/// child admitted without a recorded gestation has no corrected age: it is never guessed.
public struct PatientAge: Sendable, Hashable {
    /// Day of birth = day 0.
    public let days: Int
    /// Gestation at birth + days of life, only for preterm babies (< 37+0 weeks at birth) whose
    /// gestation is recorded.
    public let correctedGestationWeeks: Int?
    public let correctedGestationDays: Int?
    /// The age as staff write it ("3 d", "6 wk", "4 y 5 mo").
    public private(set) var wording: AgeWording

    public static let termWeeks = 37

    public init(dateOfBirth: CalendarDay, gestationalAgeWeeks: Int?, gestationalAgeDays: Int?, on today: CalendarDay) {
        days = max(0, dateOfBirth.days(until: today))
        wording = AgeWording(dateOfBirth: dateOfBirth, on: today)
        if let gestationalAgeWeeks, let gestationalAgeDays, gestationalAgeWeeks < Self.termWeeks {
            let total = gestationalAgeWeeks * 7 + gestationalAgeDays + days
            correctedGestationWeeks = total / 7
            correctedGestationDays = total % 7
        } else {
            correctedGestationWeeks = nil
            correctedGestationDays = nil
        }
    }

    /// With the time of birth known, the first 72 hours read in hours ("11 h").
    public init(patient: Patient, now: Date, timeZone: TimeZone) {
        self.init(dateOfBirth: patient.dateOfBirth, gestationalAgeWeeks: patient.gestationalAgeWeeks,
                  gestationalAgeDays: patient.gestationalAgeDays, on: CalendarDay(now, in: timeZone))
        if let born = patient.bornAt(in: timeZone) {
            let hours = Int(floor(now.timeIntervalSince(born) / 3600))
            if hours < 72 { wording = AgeWording(hoursSinceBirth: hours) }
        }
    }

    public var isPreterm: Bool { correctedGestationWeeks != nil }
}
