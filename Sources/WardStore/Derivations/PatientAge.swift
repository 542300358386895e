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
        self.init(days: max(0, dateOfBirth.days(until: today)), wording: AgeWording(dateOfBirth: dateOfBirth, on: today),
                  gestationalAgeWeeks: gestationalAgeWeeks, gestationalAgeDays: gestationalAgeDays)
    }

    /// With the time of birth known, days are whole 24 h since birth (not calendar dates, which
    /// run a day ahead from midnight until the hour of birth) and the first 72 hours read in
    /// hours ("11 h"); months and years stay calendar months.
    public init(patient: Patient, now: Date, timeZone: TimeZone) {
        let today = CalendarDay(now, in: timeZone)
        guard let born = patient.bornAt(in: timeZone) else {
            self.init(dateOfBirth: patient.dateOfBirth, gestationalAgeWeeks: patient.gestationalAgeWeeks,
                      gestationalAgeDays: patient.gestationalAgeDays, on: today)
            return
        }
        let hours = max(0, Int(floor(now.timeIntervalSince(born) / 3600)))
        let days = hours / 24
        var wording = AgeWording(dateOfBirth: patient.dateOfBirth, on: today)
        switch wording {
        case .hours, .days, .weeks: wording = days < 28 ? AgeWording(hoursSinceBirth: hours) : .weeks(days / 7)
        case .months, .yearsMonths: break
        }
        self.init(days: days, wording: wording, gestationalAgeWeeks: patient.gestationalAgeWeeks,
                  gestationalAgeDays: patient.gestationalAgeDays)
    }

    private init(days: Int, wording: AgeWording, gestationalAgeWeeks: Int?, gestationalAgeDays: Int?) {
        self.days = days
        self.wording = wording
        if let gestationalAgeWeeks, let gestationalAgeDays, gestationalAgeWeeks < Self.termWeeks {
            let total = gestationalAgeWeeks * 7 + gestationalAgeDays + days
            correctedGestationWeeks = total / 7
            correctedGestationDays = total % 7
        } else {
            correctedGestationWeeks = nil
            correctedGestationDays = nil
        }
    }

    public var isPreterm: Bool { correctedGestationWeeks != nil }
}
