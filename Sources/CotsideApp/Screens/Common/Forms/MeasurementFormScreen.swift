import Clinical
import Foundation
import TerminalUI
import WardStore

/// Chart one measurement for a cot: time (shortcuts; more than 5 min ahead refused, more than
/// 7 days back asks first), kind, value in the kind's unit (glucose in the ward's chosen unit,
/// stored as mmol/L), diastolic beside systolic for blood pressure, notes. Opened from History
/// on a measurement it corrects that one (a mistaken length must not stay on the chart).
@MainActor
final class MeasurementFormScreen: WardFormScreen {
    let patient: Patient
    /// The measurement being corrected, or nil to chart a new one.
    let editing: MeasurementRecord?
    private var backdateConfirmed = false
    /// Time and value as the edit form first showed them: unchanged, the stored ones are kept exactly.
    private let shownTime: String
    private let shownValue: String

    static let kinds = MeasurementKind.allCases
    static let fieldFor = ["measuredAt": "time", "kind": "kind", "value": "value", "diastolicMmHg": "diastolic",
                           "notes": "notes", "patientId": "time"]

    init(patient: Patient, editing: MeasurementRecord? = nil, _ context: AppContext) {
        self.patient = patient
        self.editing = editing
        let kind = editing?.kind ?? .weight
        shownTime = editing.map { WardFormat(context).stamp($0.measuredAt) } ?? "now"
        shownValue = editing.map { Self.shownValue($0.value, $0.kind, context) } ?? ""
        var fields: [FormField] = [
            .dateTime("time", label: context.t("measure.field.time"), value: shownTime),
            .choice("kind", label: context.t("measure.field.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("measure.kind.\($0.rawValue)")) },
                    selected: Self.kinds.firstIndex(of: kind) ?? 0),
            Self.valueField(kind, context, value: shownValue),
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: editing?.notes ?? ""),
        ]
        if kind == .bloodPressure {
            fields.insert(Self.diastolicField(context, value: editing?.diastolicMmHg.map(NumberText.plain) ?? ""), at: 3)
        }
        super.init(titleKey: editing == nil ? "measure.title" : "measure.title.edit", fields: fields, context)
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

    /// A stored value in the unit the user types (glucose in mg/dL to one decimal).
    static func shownValue(_ value: Double, _ kind: MeasurementKind, _ context: AppContext) -> String {
        guard kind == .glucose, context.wardSettings.glucoseUnit == .mgPerDl else { return NumberText.plain(value) }
        return NumberText.plain((UnitConversion.mgPerDl(fromMmolPerL: value) * 10).rounded() / 10)
    }

    static func valueField(_ kind: MeasurementKind, _ context: AppContext, value: String = "") -> FormField {
        .number("value", label: context.t(kind == .bloodPressure ? "measure.field.systolic" : "measure.field.value"),
                spec: NumberSpec(range: shownRange(kind, context), unit: shownUnit(kind, context), allowsFraction: true),
                value: value)
    }

    static func diastolicField(_ context: AppContext, value: String = "") -> FormField {
        .number("diastolic", label: context.t("measure.field.diastolic"),
                spec: NumberSpec(range: 10...200, unit: "mmHg", allowsFraction: false), value: value)
    }

    /// The value field follows the kind (unit and range); diastolic exists only for blood pressure.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "kind", let index = state.fields.firstIndex(where: { $0.id == "value" }) else { return }
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

    override func perform(_ action: String, _ context: AppContext) -> Intent {
        if action == "measure.save.confirmed" {
            backdateConfirmed = true
            return submit(context)
        }
        return super.perform(action, context)
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let now = context.clock.now
        state.context.now = now
        guard let time = date("time", original: editing?.measuredAt, shown: shownTime) else { return .handled }
        if time.timeIntervalSince(now) > WardValidation.futureTolerance {
            issues["time"] = context.t("nappy.future")
            return .message(.error(context.t("nappy.future")))
        }
        guard let typed = state.number("value") else {
            issues["value"] = context.t("measure.value_needed")
            return .message(.error(context.t("measure.value_needed")))
        }
        let diastolic = state.number("diastolic")
        if kind == .bloodPressure, diastolic == nil {
            issues["diastolic"] = context.t("measure.diastolic_needed")
            return .message(.error(context.t("measure.diastolic_needed")))
        }
        if WardValidation.needsBackdateConfirmation(time, now: now), !backdateConfirmed, time != editing?.measuredAt {
            return .push(ConfirmScreen(title: context.t("nappy.backdate.title"),
                                       body: context.t("measure.backdate.body", WardFormat(context).stamp(time)),
                                       onConfirm: [.perform("measure.save.confirmed")]))
        }
        var stored = kind == .glucose && context.wardSettings.glucoseUnit == .mgPerDl
            ? UnitConversion.mmolPerL(fromMgPerDl: typed) : typed
        if let editing, editing.kind == kind, state.text("value") == shownValue { stored = editing.value }
        let draft = MeasurementDraft(patientId: patient.id, measuredAt: time, kind: kind, value: stored,
                                     diastolicMmHg: kind == .bloodPressure ? diastolic : nil,
                                     notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
        let by = context.staff?.id
        let shown = kind == .bloodPressure
            ? "\(NumberText.plain(typed))/\(NumberText.plain(diastolic ?? 0)) mmHg"
            : "\(NumberText.plain(typed)) \(Self.shownUnit(kind, context))"
        let summary = context.t("measure.summary", context.t("measure.kind.\(kind.rawValue)"), shown, patient.bedLabel)
        let editing = editing
        return save(context, fieldFor: Self.fieldFor) { repository in
            let saved: Audited<MeasurementRecord>
            if let editing {
                saved = try await repository.updateMeasurement(id: editing.id, draft, by: by)
            } else {
                saved = try await repository.logMeasurement(draft, by: by)
            }
            return .all([
                .pop,
                .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: summary))),
                .message(.success(context.t(editing == nil ? "measure.saved" : "entry.updated", summary))),
                .shell(.reloadAll),
            ])
        }
    }
}
