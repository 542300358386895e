import Foundation
import TerminalUI
import WardStore

/// The ward-wide settings every workstation shares: ward name, when the ward's day starts,
/// the no-wet-nappy alert threshold and the dry nappy weight used for urine output.
@MainActor
final class WardSettingsScreen: WardFormScreen {
    static let fieldFor = ["wardName": "name", "dayStartMinutes": "dayStart",
                           "noWetAlertThresholdMinutes": "threshold", "dryNappyWeightGrams": "dry"]

    init(_ context: AppContext) {
        let s = context.wardSettings
        super.init(titleKey: "ward.settings.title", fields: [
            .text("name", label: context.t("ward.settings.name"), maxLength: 60, required: true, value: s.wardName),
            .text("dayStart", label: context.t("ward.settings.day_start"), maxLength: 5, required: true,
                  value: String(format: "%02d:%02d", s.dayStartMinutes / 60, s.dayStartMinutes % 60)),
            .number("threshold", label: context.t("ward.settings.threshold"), spec: NumberSpec(range: 0.5...48, unit: "h"),
                    value: NumberSpec.format(Double(s.noWetAlertThresholdMinutes) / 60)),
            .number("dry", label: context.t("ward.settings.dry"), spec: NumberSpec(range: 0...500, unit: "g", allowsFraction: false),
                    value: String(s.dryNappyWeightGrams)),
        ], context)
        subtitle = context.t("ward.settings.subtitle")
    }

    /// "Ward · day starts 07:00 · alert after 8 h · dry nappy 12 g" for the Settings row.
    static func summary(_ s: WardSettings, _ context: AppContext) -> String {
        let dry = s.dryNappyWeightGrams > 0 ? context.t("ward.settings.dry_value", s.dryNappyWeightGrams) : context.t("ward.settings.dry_unset")
        return context.t("ward.settings.summary", s.wardName, String(format: "%02d:%02d", s.dayStartMinutes / 60, s.dayStartMinutes % 60),
                         NumberSpec.format(Double(s.noWetAlertThresholdMinutes) / 60), dry)
    }

    /// "07:00" → 420; nil unless HH:MM within a day.
    static func parseDayStart(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    override func submit(_ context: AppContext) -> Intent {
        guard let dayStart = Self.parseDayStart(state.text("dayStart") ?? "") else {
            issues["dayStart"] = context.t("ward.settings.bad_day_start", state.text("dayStart") ?? "")
            return .message(.error(issues["dayStart"]!))
        }
        let settings = WardSettings(wardName: state.text("name")?.trimmingCharacters(in: .whitespaces) ?? "",
                                    dayStartMinutes: dayStart,
                                    noWetAlertThresholdMinutes: Int(((state.number("threshold") ?? 8) * 60).rounded()),
                                    dryNappyWeightGrams: Int(state.number("dry") ?? 0))
        let by = context.staff?.id
        return save(context, fieldFor: Self.fieldFor) { repository in
            let saved = try await repository.updateSettings(settings, by: by)
            return .all([.pop, .session(.wardSettings(saved)), .message(.success(context.t("ward.settings.saved"))),
                         .perform(WardShellAction.reloadAll)])
        }
    }
}
