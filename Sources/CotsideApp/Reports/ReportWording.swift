import Clinical
import Foundation
import WardStore

/// Chart values a report words through the catalogue rather than the store's English names:
/// a drug's route, a stool colour, a withholding reason, a kind of feed. The store keeps the
/// machine values; the screens use the same keys, so a report says what the screen says.
extension Localizer {
    /// "caffeine citrate 10 mg oral", "Gentamicin 5 mg i.v.": the drug and unit as charted, the
    /// route in the language (the amount's decimal mark is set with the whole document).
    func dose(_ medication: Medication) -> String {
        "\(medication.drugName) \(NumberText.rounded(medication.doseAmount, digits: 3)) \(medication.doseUnit.rawValue) "
            + self("med.route.\(medication.route.rawValue)")
    }

    func stoolColour(_ colour: StoolColour) -> String { self("nappy.colour.\(colour.rawValue)") }

    func withheldReason(_ reason: WithheldReason) -> String { self("withheld.\(reason.rawValue)") }

    func feedKind(_ kind: FeedKind) -> String { self("feed.kind.\(kind.rawValue)") }
}
