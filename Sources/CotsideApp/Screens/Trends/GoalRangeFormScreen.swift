import Clinical
import Foundation
import TerminalUI
import WardStore

/// Edits one kind's goal range for a cot: low and high in the shown unit (glucose in the ward's
/// unit), each within the physical limits measurement entry uses for that kind, low below high.
/// A limit may be left empty only where the age default has that end open (SpO2 ≥ 94 %).
/// Checked as the user types; saved through `setGoalRange` (audited, undone with `u`), which checks it again.
@MainActor
final class GoalRangeFormScreen: WardFormScreen {
    let patient: Patient
    let kind: MeasurementKind
    static let fieldFor = ["range": "low"]

    override var savePermission: WardPermission? { .setGoalRanges }

    init(patient: Patient, kind: MeasurementKind, current: GoalRange?, ageDefault: GoalRange?, _ context: AppContext) {
        self.patient = patient
        self.kind = kind
        let text = GoalText(context)
        let spec = NumberSpec(range: text.limits(kind), unit: text.unit(kind), allowsFraction: true)
        // An end the age default leaves open may stay empty; an end it closes must be given.
        let lowRequired = ageDefault.map { $0.low != nil } ?? false
        let highRequired = ageDefault.map { $0.high != nil } ?? false
        super.init(titleKey: "goals.form.title", fields: [
            .number("low", label: context.t("goals.field.low"), spec: spec, required: lowRequired,
                    value: current?.low.map { text.number($0, kind) } ?? ""),
            .number("high", label: context.t("goals.field.high"), spec: spec, required: highRequired,
                    value: current?.high.map { text.number($0, kind) } ?? ""),
        ], fieldFor: Self.fieldFor, context)
        subtitle = context.t("goals.form.subtitle", text.kindName(kind), patient.bedLabel, patient.fullName,
                             text.range(ageDefault, kind))
    }

    /// The cross-field rule, live: a message for the high field while low is not below it.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        issues["high"] = orderIssue(context)
        if issues["high"] == nil, id == "high" || id == "low" { issues["low"] = nil }
    }

    private func orderIssue(_ context: AppContext) -> String? {
        guard let low = state.number("low"), let high = state.number("high"), low >= high else { return nil }
        return context.t("goals.low_below_high", NumberText.plain(low), NumberText.plain(high))
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let low = state.number("low")
        let high = state.number("high")
        if low == nil && high == nil { return refuse("low", context.t("goals.need_a_limit")) }
        if let issue = orderIssue(context) { return refuse("high", issue, focus: true) }
        let text = GoalText(context)
        let kind = self.kind
        let range = GoalRange(low: low.map { text.stored($0, kind) }, high: high.map { text.stored($0, kind) },
                              source: MeasurementGoals.patientGoalSource)
        let by = context.staff?.id
        let patientId = patient.id
        let message = context.t("goals.saved", text.kindName(kind), patient.bedLabel, text.range(range, kind))
        let summary = context.t("goals.undo_summary", text.kindName(kind), patient.bedLabel)
        return .write(WardWrite(undoSummary: summary, closesAsker: true, needs: .setGoalRanges) { repository in
            let auditId = try await repository.setGoalRange(patientId: patientId, kind: kind, range, by: by)
            return WriteReceipt(auditEntryIds: [auditId], message: message)
        })
    }
}
