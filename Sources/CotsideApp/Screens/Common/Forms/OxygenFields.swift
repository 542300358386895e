import Clinical
import Foundation
import TerminalUI
import WardStore

/// The oxygen an SpO2 was read on, as form fields: a choice (not recorded, room air, litres per
/// minute, FiO2) and, for litres and FiO2, an amount in its unit right after it. One shape for
/// the observations form and the measurement form (which corrects a charted SpO2, oxygen too).
@MainActor
enum OxygenFields {
    /// The choice's options, in order; nil: not recorded.
    static let modes: [OxygenMode?] = [nil, .air, .litres, .fio2]

    static func choice(_ context: AppContext, selected: OxygenMode? = nil) -> FormField {
        .choice("oxygen", label: context.t("obs.field.oxygen"),
                options: modes.map { ChoiceOption(context.t("obs.oxygen.\($0?.rawValue ?? "none")")) },
                selected: modes.firstIndex(of: selected) ?? 0, required: false)
    }

    /// The amount field for `mode` (nil for room air, which has no amount).
    static func amount(_ mode: OxygenMode?, _ context: AppContext, value: String = "") -> FormField? {
        guard let mode, let allowed = OxygenSupport.amountRange(mode) else { return nil }
        return .number("o2amount", label: context.t("obs.field.o2amount.\(mode.rawValue)"),
                       spec: NumberSpec(range: allowed.range, unit: allowed.unit, allowsFraction: true), value: value)
    }

    /// Both fields for a stored oxygen (the choice, then its amount when it has one).
    static func fields(_ oxygen: OxygenSupport?, _ context: AppContext) -> [FormField] {
        [choice(context, selected: oxygen?.mode)]
            + [amount(oxygen?.mode, context, value: oxygen?.amount.map(NumberText.plain) ?? "")].compactMap { $0 }
    }

    static func mode(_ state: FormState) -> OxygenMode? { modes[state.choice("oxygen") ?? 0] }

    /// What the fields say; nil when not recorded.
    static func reading(_ state: FormState) -> OxygenSupport? {
        mode(state).map { OxygenSupport(mode: $0, amount: state.number("o2amount")) }
    }

    /// After the choice changed, the amount field follows it (L/min, %, or none for air).
    static func relayAmount(_ state: inout FormState, issues: inout [String: String], _ context: AppContext) {
        state.fields.removeAll { $0.id == "o2amount" }
        issues["o2amount"] = nil
        issues["oxygen"] = nil
        guard let field = amount(mode(state), context), let index = state.fields.firstIndex(where: { $0.id == "oxygen" }) else { return }
        state.fields.insert(field, at: index + 1)
    }
}
