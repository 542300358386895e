import Clinical
import Foundation
import TerminalUI
import WardStore

/// Chart one measurement for a cot: time (shortcuts; more than 5 min ahead refused, more than
/// 7 days back asks first), kind, value in the kind's unit (glucose in the ward's chosen unit,
/// stored as mmol/L), diastolic beside systolic for blood pressure, the oxygen beside an SpO2,
/// notes. Opened from History
/// on a measurement it corrects that one (a mistaken length must not stay on the chart).
@MainActor
final class MeasurementFormScreen: EntryFormScreen {
    /// The measurement being corrected, or nil to chart a new one.
    let editing: MeasurementRecord?
    /// The value as the edit form first showed it: unchanged, the stored one is kept exactly.
    private let shownValue: String

    static let kinds = MeasurementKind.allCases
    static let fieldFor = ["measuredAt": "time", "kind": "kind", "value": "value", "diastolicMmHg": "diastolic",
                           "oxygen": "oxygen", "notes": "notes", "patientId": "time"]

    init(patient: Patient, editing: MeasurementRecord? = nil, _ context: AppContext) {
        self.editing = editing
        let kind = editing?.kind ?? .weight
        shownValue = editing.map { Self.shownValue($0.value, $0.kind, context) } ?? ""
        var fields: [FormField] = [
            .dateTime("time", label: context.t("measure.field.time"), value: editing.map { WardFormat(context).stamp($0.measuredAt) } ?? "now"),
            .choice("kind", label: context.t("measure.field.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("measure.kind.\($0.rawValue)")) },
                    selected: Self.kinds.firstIndex(of: kind) ?? 0),
            Self.valueField(kind, context, value: shownValue),
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: editing?.notes ?? ""),
        ]
        if kind == .bloodPressure {
            fields.insert(Self.diastolicField(context, value: editing?.diastolicMmHg.map(NumberText.plain) ?? ""), at: 3)
        }
        if kind == .spo2 { fields.insert(contentsOf: OxygenFields.fields(editing?.oxygen, context), at: 3) }
        super.init(titleKey: editing == nil ? "measure.title" : "measure.title.edit", patient: patient,
                   originalTime: editing?.measuredAt, fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = context.t("nappy.subtitle", patient.bedLabel, patient.fullName, patient.hospitalNumber)
    }

    var kind: MeasurementKind { Self.kinds[state.choice("kind") ?? 0] }

    /// Glucose is typed in the ward's unit; everything else in the stored unit.
    static func shownUnit(_ kind: MeasurementKind, _ context: AppContext) -> String {
        kind == .glucose ? context.wardSettings.glucoseUnit.rawValue : kind.canonicalUnit
    }

    /// The plausible range in the unit the user types.
    static func shownRange(_ kind: MeasurementKind, _ context: AppContext) -> ClosedRange<Double> {
        let range = kind.plausibleRange
        guard kind == .glucose, context.wardSettings.glucoseUnit == .mgPerDl else { return range }
        return UnitConversion.mgPerDl(fromMmolPerL: range.lowerBound).rounded(.up)...UnitConversion.mgPerDl(fromMmolPerL: range.upperBound).rounded(.down)
    }

    /// A stored value in the unit the user types (glucose in mg/dL to one decimal; a weight
    /// with its unit, as the weight field takes g or kg).
    static func shownValue(_ value: Double, _ kind: MeasurementKind, _ context: AppContext) -> String {
        if kind == .weight { return "\(NumberText.plain(value)) g" }
        guard kind == .glucose, context.wardSettings.glucoseUnit == .mgPerDl else { return NumberText.plain(value) }
        return NumberText.plain((UnitConversion.mgPerDl(fromMmolPerL: value) * 10).rounded() / 10)
    }

    static func valueField(_ kind: MeasurementKind, _ context: AppContext, value: String = "") -> FormField {
        // A weight is typed in g or kg ("3.4 kg", "3400 g"; a bare number is grams): `WeightText`.
        if kind == .weight { return .text("value", label: context.t("measure.field.weight"), maxLength: 12, required: true, value: value) }
        return .number("value", label: context.t(kind == .bloodPressure ? "measure.field.systolic" : "measure.field.value"),
                spec: NumberSpec(range: shownRange(kind, context), unit: shownUnit(kind, context), allowsFraction: true),
                value: value)
    }

    static func diastolicField(_ context: AppContext, value: String = "") -> FormField {
        .number("diastolic", label: context.t("measure.field.diastolic"),
                spec: NumberSpec(range: 10...200, unit: "mmHg", allowsFraction: false), value: value)
    }

    /// The value field follows the kind (unit and range); diastolic exists only for blood
    /// pressure, the oxygen only for SpO2 (its amount follows its choice).
    override func fieldEdited(_ id: String, _ context: AppContext) {
        if id == "oxygen" { return OxygenFields.relayAmount(&state, issues: &issues, context) }
        guard id == "kind", let index = state.fields.firstIndex(where: { $0.id == "value" }) else { return }
        state.fields.removeAll { $0.id == "oxygen" || $0.id == "o2amount" }
        issues["oxygen"] = nil
        issues["o2amount"] = nil
        if kind == .spo2 { state.fields.insert(OxygenFields.choice(context), at: index + 1) }
        state.fields[index] = Self.valueField(kind, context)
        issues["value"] = nil
        let hasDiastolic = state["diastolic"] != nil
        if kind == .bloodPressure && !hasDiastolic {
            state.fields.insert(Self.diastolicField(context), at: index + 1)
        } else if kind != .bloodPressure && hasDiastolic {
            state.fields.removeAll { $0.id == "diastolic" }
            issues["diastolic"] = nil
        }
    }

    override func submit(_ context: AppContext) -> Intent {
        withCheckedTime(futureKey: "measure.future", context) { time, now in
            let typed: Double
            if kind == .weight {
                switch WeightText.grams(state.text("value") ?? "", stated: .grams, plausible: MeasurementKind.weight.plausibleRange) {
                case .success(let grams): typed = grams
                case .failure(let error): return refuse("value", WardFormat(context).weightError(error), focus: true)
                }
            } else {
                guard let number = state.number("value") else { return refuse("value", context.t("measure.value_needed")) }
                typed = number
            }
            let diastolic = state.number("diastolic")
            if kind == .bloodPressure, diastolic == nil { return refuse("diastolic", context.t("measure.diastolic_needed")) }
            if let question = confirmBackdate(time, now: now, keeping: originalTime, titleKey: "nappy.backdate.title",
                                              bodyKey: "measure.backdate.body", context) {
                return question
            }
            var stored = kind == .glucose && context.wardSettings.glucoseUnit == .mgPerDl
                ? UnitConversion.mmolPerL(fromMgPerDl: typed) : typed
            if let editing, editing.kind == kind, state.text("value") == shownValue { stored = editing.value }
            let draft = MeasurementDraft(patientId: patient.id, measuredAt: time, kind: kind, value: stored,
                                         diastolicMmHg: kind == .bloodPressure ? diastolic : nil,
                                         oxygen: kind == .spo2 ? OxygenFields.reading(state) : nil,
                                         notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
            let by = context.staff?.id
            let shown = kind == .bloodPressure
                ? "\(NumberText.plain(typed))/\(NumberText.plain(diastolic ?? 0)) mmHg"
                : "\(NumberText.plain(typed)) \(Self.shownUnit(kind, context))"
            let summary = context.t("measure.summary", context.t("measure.kind.\(kind.rawValue)"), shown, patient.bedLabel)
            let editing = editing
            let message = context.t(editing == nil ? "measure.saved" : "entry.updated", summary)
            return write(summary: summary, message: message) { repository in
                if let editing { return try await repository.updateMeasurement(id: editing.id, draft, by: by) }
                return try await repository.logMeasurement(draft, by: by)
            }
        }
    }
}
