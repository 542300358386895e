import Foundation

/// What a History row says, as values rather than words: the screen words them in the user's
/// language (the store knows none). `HistoryEvent.title` / `details` stay the English wording
/// of the same facts, for logs and tests.
public enum HistoryEventFacts: Sendable, Hashable {
    case nappy(NappyKind?, size: NappySize?, colour: StoolColour?, weightGrams: Int?)
    /// A feed or an output; `kindText` is the stored kind when it is not one this build knows.
    case feed(FeedKind?, kindText: String, fluid: String?, volumeML: Int?, infusion: Infusion?, minutes: Int?)
    case measurement(MeasurementKind, value: Double, diastolic: Double?, oxygen: OxygenSupport?)
    /// A scheduled slot's final status.
    case dose(DoseStatus?, statusText: String, drug: Drug?, slot: String, withheld: WithheldReason?, checkedBy: String?)
    /// An as-needed dose given; `overrideReason` as typed.
    case asNeeded(drug: Drug?, overrideReason: String?, checkedBy: String?)
    /// A saved calculator result: the tool's id and the summary saved with it.
    case calculator(toolId: String, summary: String)
    /// A saved stroke triage assessment: the module and the summary saved with it.
    case stroke(module: String, summary: String)

    /// An IV infusion's rate and whether it still runs.
    public struct Infusion: Sendable, Hashable {
        public let rateMLPerHour: Double
        public let running: Bool
    }

    /// The drug a dose row is about, as prescribed (the amount as given for an as-needed dose).
    public struct Drug: Sendable, Hashable {
        public let name: String
        public let amount: Double?
        /// The unit as charted ("mg", "mL"); units are written the same in every language.
        public let unit: String
        public let route: MedicationRoute?
        /// The stored route when it is not one this build knows.
        public let routeText: String
    }
}
