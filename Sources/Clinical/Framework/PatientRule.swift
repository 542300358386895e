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

    /// Why the tool does not apply to this patient, or nil when it does (English).
    public func problem(_ patient: PatientFacts) -> String? { problemText(patient)?.englishText }

    /// Why the tool does not apply to this patient, as a catalogue text (`calc.not_for.<rule>`).
    public func problemText(_ patient: PatientFacts) -> ClinicalText? {
        func text(_ rule: String, _ english: String, _ args: [CustomStringConvertible]) -> ClinicalText {
            ClinicalText("calc.not_for.\(rule)", english, plain: args)
        }
        switch self {
        case .adultsOnly:
            return patient.ageDays < Self.adultDays ? text("adults_only", "an adult tool, not made or validated for children under 18", []) : nil
        case .notBeforePostmenstrualWeeks(let weeks):
            // The postmenstrual age is at least the days of life: this old is past the limit whatever the gestation.
            if patient.ageDays >= weeks * 7 { return nil }
            guard let pma = patient.postmenstrualDays else {
                return text("pma_unknown", "not for babies before {0} weeks' postmenstrual age (this baby's gestation at birth is not recorded)", [weeks])
            }
            return pma < weeks * 7
                ? text("pma", "not for babies before {0} weeks' postmenstrual age (this baby is {1})", [weeks, "\(pma / 7)+\(pma % 7)"]) : nil
        case .notUnderDays(let days):
            return patient.ageDays < days
                ? text("under_days", "not for babies under {0} days old (this baby is {1} days)", [days, patient.ageDays]) : nil
        case .notBornBeforeWeeks(let weeks):
            guard let born = patient.gestationDays else {
                return text("gestation_unknown", "for babies of {0} weeks or more (this baby's gestation at birth is not recorded)", [weeks])
            }
            return born < weeks * 7
                ? text("born_before", "for babies of {0} weeks or more (born at {1})", [weeks, "\(born / 7)+\(born % 7)"]) : nil
        }
    }

    /// Every wording a rule can take, with sample arguments (ClinicalCatalogueTests).
    public static var declaredTexts: [ClinicalText] {
        let young = PatientFacts(ageDays: 1, gestationDays: 200), unknown = PatientFacts(ageDays: 1, gestationDays: nil)
        let rules: [PatientRule] = [.adultsOnly, .notBeforePostmenstrualWeeks(37), .notUnderDays(28), .notBornBeforeWeeks(35)]
        return rules.flatMap { [$0.problemText(young), $0.problemText(unknown)].compactMap { $0 } }
    }
}

extension ToolSpec {
    /// Every reason this tool does not apply to the patient (empty when it does).
    public func problems(for patient: PatientFacts) -> [String] {
        notFor.compactMap { $0.problem(patient) }
    }

    /// The same reasons as catalogue texts, for people in their language.
    public func problemTexts(for patient: PatientFacts) -> [ClinicalText] {
        notFor.compactMap { $0.problemText(patient) }
    }
}
