import Foundation
import TerminalUI
import WardStore

/// The ward-wide settings every workstation shares, one field per `WardSettings.declarations`
/// entry (ward name, day start, no-wet alert, dry nappy weight, glucose unit, dose window and
/// grace, effectiveness mode, adherence gate, fluid table and backup schedule): the declaration gives the field its kind, range
/// and unit, the line under the fields says what the focused one does, and the store checks the
/// same declaration again (`cotside settings` reads the same list). Saving sends only the settings the
/// user changed, so one edited here never puts another back to its default.
@MainActor
final class WardSettingsScreen: WardFormScreen {
    /// The stored values the form opened with, by key: a field still showing its value is not sent.
    let shown: [WardSettingKey: String]

    /// Anyone may read the settings here; only a ward admin saves them.
    override var savePermission: WardPermission? { .changeSettings }

    init(_ context: AppContext) {
        shown = context.wardSettings.storedValues
        let shown = shown
        super.init(titleKey: "ward.settings.title",
                   fields: WardSettings.declarations.map { Self.field($0, stored: shown[$0.key] ?? $0.defaultValue, context) },
                   fieldFor: Dictionary(uniqueKeysWithValues: WardSettingKey.allCases.map { ($0.rawValue, $0.rawValue) }),
                   context)
        subtitle = context.t("ward.settings.subtitle")
    }

    /// The form field a declaration asks for, showing the stored value.
    static func field(_ declaration: WardSettingDeclaration, stored: String, _ context: AppContext) -> FormField {
        let id = declaration.key.rawValue
        let label = context.t("ward.settings.field.\(id)")
        switch declaration.kind {
        case .text(let maxLength):
            return .text(id, label: label, maxLength: maxLength, required: true, value: stored)
        case .timeOfDay:
            return .text(id, label: label, maxLength: 5, required: true, value: clock(Int(stored) ?? 0))
        case .integer(let range, let unit, _):
            return .number(id, label: label, spec: NumberSpec(range: Double(range.lowerBound)...Double(range.upperBound),
                                                              unit: unit == "files" ? context.t("ward.settings.unit.files") : unit,
                                                              allowsFraction: false), value: stored)
        case .minutesAsHours(let range):
            return .number(id, label: label, spec: NumberSpec(range: Double(range.lowerBound) / 60...Double(range.upperBound) / 60,
                                                              unit: "h"),
                           value: NumberSpec.format(Double(Int(stored) ?? 0) / 60))
        case .choice(let values):
            return .choice(id, label: label, options: values.map { ChoiceOption(choiceTitle(declaration.key, $0, context)) },
                           selected: values.firstIndex(of: stored))
        case .flag:
            return .choice(id, label: label, options: [ChoiceOption(context.t("ward.settings.choice.on")),
                                                       ChoiceOption(context.t("ward.settings.choice.off"))],
                           selected: stored == "1" ? 0 : 1)
        case .dayOfLifeTable:
            return .text(id, label: label, maxLength: 200, required: true, value: stored)
        case .secondCheckRules:
            // Empty is allowed: no dose needs a second check.
            return .text(id, label: label, maxLength: SecondCheckRules.maxLength, value: stored)
        case .timesOfDay:
            return .text(id, label: label, maxLength: 60, required: true, value: stored)
        }
    }

    /// What the focused setting does and what it allows, from its declaration (as `cotside settings` says it).
    override func hint(_ context: AppContext) -> String {
        guard state.fields.indices.contains(state.focus),
              let key = WardSettingKey(rawValue: state.fields[state.focus].id) else { return super.hint(context) }
        let declaration = WardSettings.declaration(key)
        let text = WardSettingText(context)
        return context.t("ward.settings.hint", text.meaning(declaration), text.allowed(declaration))
    }

    /// Units are shown as written; other choices by their name in the catalogue.
    static func choiceTitle(_ key: WardSettingKey, _ value: String, _ context: AppContext) -> String {
        key == .glucoseUnit || key == .bilirubinUnit ? value : context.t("ward.settings.choice.\(value)")
    }

    /// 420 → "07:00".
    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// "Ward · day starts 07:00 · alert after 8 h · dry nappy 12 g" for the Settings row.
    static func summary(_ s: WardSettings, _ context: AppContext) -> String {
        let dry = s.dryNappyWeightGrams > 0 ? context.t("ward.settings.dry_value", s.dryNappyWeightGrams) : context.t("ward.settings.dry_unset")
        return context.t("ward.settings.summary", s.wardName, clock(s.dayStartMinutes),
                         NumberSpec.format(Double(s.noWetAlertThresholdMinutes) / 60), dry)
    }

    /// "07:00" → 420; nil unless HH:MM within a day.
    static func parseDayStart(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    /// The stored text a field now holds, or the message for a time of day that is not one.
    private func stored(_ declaration: WardSettingDeclaration, _ context: AppContext) -> Result<String, FieldRefusal> {
        let id = declaration.key.rawValue
        switch declaration.kind {
        case .text, .dayOfLifeTable, .secondCheckRules, .timesOfDay: return .success(state.text(id)?.trimmingCharacters(in: .whitespaces) ?? "")
        case .timeOfDay:
            let text = state.text(id) ?? ""
            guard let minutes = Self.parseDayStart(text) else {
                return .failure(FieldRefusal(message: context.t("ward.settings.bad_day_start", text)))
            }
            return .success(String(minutes))
        case .integer: return .success(state.number(id).map { String(Int($0)) } ?? "")
        case .minutesAsHours: return .success(state.number(id).map { String(Int(($0 * 60).rounded())) } ?? "")
        case .choice(let values):
            return .success(state.choice(id).flatMap { values.indices.contains($0) ? values[$0] : nil } ?? "")
        case .flag: return .success(state.choice(id) == 0 ? "1" : "0")
        }
    }

    override func submit(_ context: AppContext) -> Intent {
        var changes: [WardSettingKey: String] = [:]
        for declaration in WardSettings.declarations {
            switch stored(declaration, context) {
            case .failure(let refusal):
                return refuse(declaration.key.rawValue, refusal.message, focus: true)
            case .success(let value) where value != shown[declaration.key]:
                changes[declaration.key] = value
            case .success:
                continue
            }
        }
        guard !changes.isEmpty else { return .all([.pop, .message(.info(context.t("ward.settings.unchanged")))]) }
        let by = context.staff?.id
        let changed = changes
        let saved = context.t("ward.settings.saved")
        let localizer = context.localizer
        // Only a ward admin changes them, so someone must be signed in.
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needs: .changeSettings) { repository in
            let settings = try await repository.updateSettings(changed, by: by)
            var message = saved
            if changed[.secondCheck] != nil {
                // A misspelt drug matches no dose and would switch its check off unseen.
                let unknown = try await repository.unknownSecondCheckDrugs(settings.secondCheck)
                if !unknown.isEmpty {
                    message += " " + localizer("ward.settings.second_check_unknown", unknown.map { "‘\($0)’" }.joined(separator: ", "))
                }
            }
            return WriteReceipt(auditEntryIds: [], message: message, session: [.wardSettings(settings)])
        })
    }
}

/// Why a field's text cannot be turned into a stored value.
struct FieldRefusal: Error {
    let message: String
}
