import Clinical
import Foundation
import WardStore

/// Chart values a report words through the catalogue rather than the store's English names:
/// a drug's route, a stool colour, a withholding reason, a kind of feed. The store keeps the
/// machine values; the screens use the same keys, so a report says what the screen says.
extension Localizer {
    /// "caffeine citrate 10 mg oral", "Gentamicin 5 mg i.v.": the drug as charted, the unit and
    /// route in the language (the amount's decimal mark is set with the whole document).
    func dose(_ medication: Medication) -> String {
        "\(medication.drugName) \(NumberText.rounded(medication.doseAmount, digits: 3)) \(doseUnit(medication.doseUnit)) "
            + self("med.route.\(medication.route.rawValue)")
    }

    /// "mg", "units" / "IE" / "单位": the one wording of a dose unit for screens and reports.
    func doseUnit(_ unit: DoseUnit) -> String { self("med.unit.\(unit.rawValue)") }

    /// "06:00 14:00 22:00", "every 8 h", "as needed (≥ 4 h apart, max 4/24 h)": the one wording
    /// of a schedule for the medication screens and the reports.
    func schedule(_ schedule: MedicationSchedule) -> String {
        switch schedule {
        case .fixedTimes(let times): return times.map(\.description).joined(separator: " ")
        case .everyHours(let hours): return self("schedule.every_hours", hours)
        case .asNeeded(let minutes, let max):
            let gap = minutes % 60 == 0 ? self("age.hours", minutes / 60) : self("feed.minutes", minutes)
            return self("schedule.as_needed", gap, max)
        }
    }

    func stoolColour(_ colour: StoolColour) -> String { self("nappy.colour.\(colour.rawValue)") }

    func withheldReason(_ reason: WithheldReason) -> String { self("withheld.\(reason.rawValue)") }

    func feedKind(_ kind: FeedKind) -> String { self("feed.kind.\(kind.rawValue)") }
}
