import Foundation
import WardStore

/// A History row in the user's language, worded from the store's facts (`HistoryEventFacts`):
/// "Feed formula" / "Nahrung Formula", "Dose given: gentamicin 12 mg IV", "13:00 slot".
@MainActor
struct HistoryEventText {
    let context: AppContext
    var format: WardFormat { WardFormat(context) }

    init(_ context: AppContext) { self.context = context }

    /// What the row is: "Nappy wet", "Feed formula", "Temperature", "Dose withheld: …".
    func title(_ event: HistoryEvent) -> String {
        switch event.facts {
        case .nappy(let kind, _, _, _):
            return context.t("history.event.nappy", kind.map(format.kind) ?? "")
        case .feed(let kind, let kindText, _, _, _, _):
            guard let kind else { return context.t("history.event.feed", kindText) }
            return kind.isOutput ? context.t("history.event.output", context.t("history.output.\(kind.rawValue)"))
                : context.t("history.event.feed", context.t("feed.kind.\(kind.rawValue)"))
        case .measurement(let kind, _, _, _):
            return context.t("measure.kind.\(kind.rawValue)")
        case .dose(let status, let statusText, let drug, _, _, _):
            let word = status.map { context.t("dose.status.\($0.rawValue)") } ?? statusText
            return context.t("history.event.dose", word, dose(drug))
        case .asNeeded(let drug, _, _):
            return context.t("history.event.prn", dose(drug))
        case .calculator(let toolId, _):
            let nameKey = "calc.\(toolId).name"
            return context.t("history.event.calculator", context.localizer.has(nameKey) ? context.t(nameKey) : toolId)
        case .stroke(let module, _):
            return context.t("history.event.stroke", module)
        }
    }

    /// The details in a line: "medium · brown · 32 g", "91 % on 2 L/min", "13:00 slot · refused".
    func details(_ event: HistoryEvent) -> String {
        switch event.facts {
        case .nappy(_, let size, let colour, let grams):
            return [size.map(format.size), colour.map(format.colour), grams.map { "\($0) g" }].compactMap { $0 }.joined(separator: " · ")
        case .feed(_, _, let fluid, let ml, let infusion, let minutes):
            var parts: [String] = fluid.map { [$0] } ?? []
            if let ml { parts.append(context.t("feed.ml", ml)) }
            if let infusion {
                parts += [context.t("feed.ml_h", context.format.number(infusion.rateMLPerHour, digits: 2)),
                          context.t(infusion.running ? "history.feed.running" : "history.feed.stopped")]
            } else if let minutes {
                parts.append(context.t("feed.minutes", minutes))
            }
            return parts.joined(separator: " · ")
        case .measurement(let kind, let value, let diastolic, let oxygen):
            return format.measurement(kind, value: value, diastolic: diastolic, oxygen: oxygen)
        case .dose(_, _, _, let slot, let withheld, let checker):
            var parts = [context.t("history.dose.slot", slot)]
            if let withheld { parts.append(context.t("withheld.\(withheld.rawValue)")) }
            if let checker { parts.append(context.t("history.dose.checked", checker)) }
            return parts.joined(separator: " · ")
        case .asNeeded(_, let overrideReason, let checker):
            var parts = [context.t("history.prn.as_needed")]
            if let overrideReason { parts.append(context.t("history.prn.override", overrideReason)) }
            if let checker { parts.append(context.t("history.dose.checked", checker)) }
            return parts.joined(separator: " · ")
        case .calculator(_, let summary), .stroke(_, let summary):
            return format.decimals(summary)
        }
    }

    /// "gentamicin 12 mg IV": the drug as the drug round shows it, or "?" when it is gone.
    private func dose(_ drug: HistoryEventFacts.Drug?) -> String {
        guard let drug else { return "?" }
        let route = drug.route.map { context.t("med.route.\($0.rawValue)") } ?? drug.routeText
        let unit = DoseUnit(rawValue: drug.unit).map(format.unit) ?? drug.unit
        return [drug.name, drug.amount.map { context.format.number($0, digits: 3) }, unit, route].compactMap { $0 }
            .joined(separator: " ")
    }
}
