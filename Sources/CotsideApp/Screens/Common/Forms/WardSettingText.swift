import Foundation
import WardStore

/// A ward setting's line under the form in the user's language: what it does and what it
/// allows, worded from its declaration's kind and range (`cotside settings` keeps the
/// declaration's English).
@MainActor
struct WardSettingText {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// "The ward's name, shown on every workstation's status line."
    func meaning(_ declaration: WardSettingDeclaration) -> String {
        context.t("ward.settings.meaning.\(declaration.key.rawValue)")
    }

    /// "5 to 120 min", "mmol/L or mg/dL", "0 (never) to 60 min".
    func allowed(_ declaration: WardSettingDeclaration) -> String {
        let number = { (value: Double) in context.format.number(value, digits: 2) }
        switch declaration.kind {
        case .text(let maxLength): return context.t("ward.settings.allowed.text", maxLength)
        case .timeOfDay: return context.t("ward.settings.allowed.time_of_day")
        case .integer(let range, let unit, let zeroMeans):
            let shownUnit = unit == "files" ? context.t("ward.settings.unit.files") : unit
            guard zeroMeans != nil else { return context.t("ward.settings.allowed.range", range.lowerBound, range.upperBound, shownUnit) }
            return context.t("ward.settings.allowed.range_zero", range.lowerBound,
                             context.t("ward.settings.zero.\(declaration.key.rawValue)"), range.upperBound, shownUnit)
        case .minutesAsHours(let range):
            return context.t("ward.settings.allowed.range", number(Double(range.lowerBound) / 60), number(Double(range.upperBound) / 60), "h")
        case .choice(let values):
            return or(values.map { WardSettingsScreen.choiceTitle(declaration.key, $0, context) })
        case .flag:
            return or([context.t("ward.settings.choice.on"), context.t("ward.settings.choice.off")])
        case .dayOfLifeTable: return context.t("ward.settings.allowed.fluid_table", NeonatalFluidTable.nice.text)
        case .secondCheckRules: return context.t("ward.settings.allowed.second_check")
        case .timesOfDay: return context.t("ward.settings.allowed.times", ShiftChanges.maximumCount, ShiftChanges.standard.description)
        }
    }

    /// "a, b or c" in the user's words.
    private func or(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.joined() }
        return context.t("ward.settings.allowed.or", items.dropLast().joined(separator: ", "), last)
    }
}
