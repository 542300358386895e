import Foundation

/// What Cotside knows of the selected patient when a tool opens: age and gestation at birth.
public struct PatientFacts: Sendable, Equatable {
    /// Whole days since the day of birth.
    public var ageDays: Int
    /// Gestation at birth in days; nil when not recorded (an older child's may not be).
    public var gestationDays: Int?

    public init(ageDays: Int, gestationDays: Int?) {
        self.ageDays = ageDays
        self.gestationDays = gestationDays
    }

    /// Nil when the gestation at birth is not recorded: never guessed.
    public var postmenstrualDays: Int? { gestationDays.map { $0 + ageDays } }
}

/// A patient a tool was not made for; the Tools pane says so when the tool is opened with such
/// a patient selected (the tool stays usable: the clinician decides).
public enum PatientRule: Sendable, Equatable {
    /// Adult tools (the stroke triage maths): not for anyone under 18 years.
    case adultsOnly
    /// Not before this postmenstrual age in weeks (Phoenix: 37).
    case notBeforePostmenstrualWeeks(Int)
    /// Not under this many days of age (Holliday–Segar: 28).
    case notUnderDays(Int)
    /// Not for babies born before this many completed weeks (AAP 2022 bilirubin: 35).
    case notBornBeforeWeeks(Int)

    /// 18 years in days, counted as 365.25 days a year.
    static let adultDays = Int((18 * 365.25).rounded(.down))

    /// Why the tool does not apply to this patient, or nil when it does.
    public func problem(_ patient: PatientFacts) -> String? {
        switch self {
        case .adultsOnly:
            return patient.ageDays < Self.adultDays ? "an adult tool, not made or validated for children under 18" : nil
        case .notBeforePostmenstrualWeeks(let weeks):
            // The postmenstrual age is at least the days of life: this old is past the limit whatever the gestation.
            if patient.ageDays >= weeks * 7 { return nil }
            guard let pma = patient.postmenstrualDays else {
                return "not for babies before \(weeks) weeks' postmenstrual age (this baby's gestation at birth is not recorded)"
            }
            return pma < weeks * 7
                ? "not for babies before \(weeks) weeks' postmenstrual age (this baby is \(pma / 7)+\(pma % 7))" : nil
        case .notUnderDays(let days):
            return patient.ageDays < days ? "not for babies under \(days) days old (this baby is \(patient.ageDays) days)" : nil
        case .notBornBeforeWeeks(let weeks):
            guard let born = patient.gestationDays else {
                return "for babies of \(weeks) weeks or more (this baby's gestation at birth is not recorded)"
            }
            return born < weeks * 7
                ? "for babies of \(weeks) weeks or more (born at \(born / 7)+\(born % 7))" : nil
        }
    }
}

extension ToolSpec {
    /// Every reason this tool does not apply to the patient (empty when it does).
    public func problems(for patient: PatientFacts) -> [String] {
        notFor.compactMap { $0.problem(patient) }
    }
}
