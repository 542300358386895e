import Clinical
import Foundation
import TerminalUI
import WardStore

/// Corrects an as-needed dose from History: when it was given, how much (in the prescription's
/// unit) and notes. The store checks it as a new dose (interval and 24 h maximum, the dose itself
/// not counting); when a rule refuses it, an override reason is asked and the save tried again.
@MainActor
final class AsNeededDoseFormScreen: WardFormScreen {
    let dose: AsNeededDose
    let medication: Medication
    /// "bed 10 ibuprofen": how messages and undo name it.
    let label: String
    private let shownTime: String
    static let fieldFor = ["givenAt": "time", "doseAmount": "amount", "notes": "notes", "patientId": "time",
                           "overrideReason": "notes"]

    init(dose: AsNeededDose, medication: Medication, patient: Patient, _ context: AppContext) {
        self.dose = dose
        self.medication = medication
        label = context.t("round.slot_label", patient.bedLabel, medication.drugName)
        shownTime = WardFormat(context).stamp(dose.givenAt)
        super.init(titleKey: "prn.edit.title", fields: [
            .dateTime("time", label: context.t("measure.field.time"), value: shownTime),
            .number("amount", label: context.t("prn.edit.amount"),
                    spec: NumberSpec(range: 0.001...10_000, unit: medication.doseUnit.rawValue, allowsFraction: true),
                    value: NumberText.plain(dose.doseAmount)),
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: dose.notes),
        ], fieldFor: Self.fieldFor, context)
        subtitle = context.t("prn.edit.subtitle", patient.bedLabel, patient.fullName, medication.doseText)
    }

    override func submit(_ context: AppContext) -> Intent { save(context, override: nil) }

    private func save(_ context: AppContext, override: String?) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        state.context.now = context.clock.now
        guard let time = date("time", original: dose.givenAt, shown: shownTime) else { return .handled }
        let draft = AsNeededDoseDraft(medicationId: medication.id, givenAt: time, doseAmount: state.number("amount"),
                                      overrideReason: override,
                                      notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
        let by = context.staff?.id
        let id = dose.id
        return write(summary: label, message: context.t("entry.updated", label)) { repository in
            try await repository.updateAsNeededDose(id: id, draft, by: by)
        }
    }

    /// A rule (interval, 24 h maximum) refused the edit: ask why it is right anyway, and save
    /// again with that reason. Anything else goes to the fields as usual.
    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        guard let refused = error as? AsNeededRefusalError else { return super.failed(error, context) }
        let field = FormField.text("reason", label: context.t("prn.override_reason"), maxLength: 200, required: true)
        let prompt = PromptScreen(titleKey: "prn.override_title", field: field, context) { [self] state, context in
            let reason = state.text("reason")?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !reason.isEmpty else { return .message(.error(context.t("prn.override_needed"))) }
            return .all([.pop, .followUp { [self] context in save(context, override: reason) }])
        }
        return .all([.push(prompt),
                     .message(.warning(context.t("prn.refused", refused.refusals.map(MedicationText(context).refusal).joined(separator: "; "))))])
    }
}
