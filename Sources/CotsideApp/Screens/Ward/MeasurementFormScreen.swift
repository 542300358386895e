import Foundation
import TerminalUI
import WardStore

/// Chart one measurement for a cot: time (shortcuts; more than 5 min ahead refused, more than
/// 7 days back asks first), kind, value in the kind's unit (glucose in the ward's chosen unit,
/// stored as mmol/L), diastolic beside systolic for blood pressure, notes.
@MainActor
final class MeasurementFormScreen: WardFormScreen {
    let patient: Patient
    private var backdateConfirmed = false

    static let kinds = MeasurementKind.allCases
    static let fieldFor = ["measuredAt": "time", "kind": "kind", "value": "value", "diastolicMmHg": "diastolic",
                           "notes": "notes", "patientId": "time"]

    init(patient: Patient, _ context: AppContext) {
        self.patient = patient
        let kind = MeasurementKind.weight
        super.init(titleKey: "measure.title", fields: [
            .dateTime("time", label: context.t("measure.field.time"), value: "now"),
            .choice("kind", label: context.t("measure.field.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("measure.kind.\($0.rawValue)")) }, selected: 0),
            Self.valueField(kind, context),
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: ""),
        ], context)
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

    static func valueField(_ kind: MeasurementKind, _ context: AppContext) -> FormField {
        .number("value", label: context.t(kind == .bloodPressure ? "measure.field.systolic" : "measure.field.value"),
                spec: NumberSpec(range: shownRange(kind, context), unit: shownUnit(kind, context), allowsFraction: true), value: "")
    }

    static func diastolicField(_ context: AppContext) -> FormField {
        .number("diastolic", label: context.t("measure.field.diastolic"),
                spec: NumberSpec(range: 10...200, unit: "mmHg", allowsFraction: false), value: "")
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
        guard let time = state.date("time") else { return .handled }
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
        if WardValidation.needsBackdateConfirmation(time, now: now), !backdateConfirmed {
            return .push(ConfirmScreen(title: context.t("nappy.backdate.title"),
                                       body: context.t("measure.backdate.body", WardFormat(context).stamp(time)),
                                       onConfirm: [.perform("measure.save.confirmed")]))
        }
        let stored = kind == .glucose && context.wardSettings.glucoseUnit == .mgPerDl
            ? UnitConversion.mmolPerL(fromMgPerDl: typed) : typed
        let draft = MeasurementDraft(patientId: patient.id, measuredAt: time, kind: kind, value: stored,
                                     diastolicMmHg: kind == .bloodPressure ? diastolic : nil,
                                     notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
        let by = context.staff?.id
        let shown = kind == .bloodPressure
            ? "\(NumberFormat.plain(typed))/\(NumberFormat.plain(diastolic ?? 0)) mmHg"
            : "\(NumberFormat.plain(typed)) \(Self.shownUnit(kind, context))"
        let summary = context.t("measure.summary", context.t("measure.kind.\(kind.rawValue)"), shown, patient.bedLabel)
        return save(context, fieldFor: Self.fieldFor) { repository in
            let saved = try await repository.logMeasurement(draft, by: by)
            return .all([
                .pop,
                .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: summary))),
                .message(.success(context.t("measure.saved", summary))),
                .perform(WardShellAction.reloadAll),
            ])
        }
    }
}

/// Numbers as typed back to the user: no trailing ".0".
enum NumberFormat {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
