import Foundation
import TerminalUI
import WardStore

/// Admit a patient to a cot, or correct an admission: every patient field, with the store's
/// `WardValidation` messages shown at the field they concern.
@MainActor
final class PatientFormScreen: WardFormScreen {
    let editing: Patient?
    /// The admission time as the form first showed it (minutes only).
    private let shownAdmitted: String
    static let sexes = Sex.allCases
    static let fieldFor = ["bedLabel": "bed", "givenName": "given", "familyName": "family",
                           "hospitalNumber": "hospital", "dateOfBirth": "dob", "sex": "sex",
                           "gestationalAgeWeeks": "ga", "gestationalAgeDays": "ga",
                           "birthWeightGrams": "weight", "admittedAt": "admitted", "timeOfBirth": "born_time"]

    init(editing: Patient?, _ context: AppContext) {
        self.editing = editing
        let format = WardFormat(context)
        let p = editing?.draft
        shownAdmitted = p.map { format.stamp($0.admittedAt) } ?? "now"
        super.init(titleKey: editing == nil ? "patient.title.admit" : "patient.title.edit", fields: [
            .text("bed", label: context.t("patient.field.bed"), maxLength: 16, required: true, value: p?.bedLabel ?? ""),
            .text("given", label: context.t("patient.field.given"), maxLength: 80, required: true, value: p?.givenName ?? ""),
            .text("family", label: context.t("patient.field.family"), maxLength: 80, required: true, value: p?.familyName ?? ""),
            .text("hospital", label: context.t("patient.field.hospital"), maxLength: 40, required: true, value: p?.hospitalNumber ?? ""),
            .text("dob", label: context.t("patient.field.dob"), maxLength: 10, required: true, value: p?.dateOfBirth.description ?? ""),
            .choice("sex", label: context.t("patient.field.sex"), options: Self.options(Self.sexes, format.sex),
                    selected: p.flatMap { Self.sexes.firstIndex(of: $0.sex) }),
            // Optional beyond the neonatal period; the store requires them for a neonate.
            .text("ga", label: context.t("patient.field.ga"), maxLength: 5, required: false,
                  value: p?.gestationText ?? ""),
            .text("weight", label: context.t("patient.field.weight"), maxLength: 12, required: false,
                  value: p?.birthWeightGrams.map { "\($0) g" } ?? ""),
            .dateTime("admitted", label: context.t("patient.field.admitted"),
                      value: p.map { format.stamp($0.admittedAt) } ?? "now"),
            // Optional, so last: with it, the first 72 hours of age read in hours.
            .text("born_time", label: context.t("patient.field.time_of_birth"), maxLength: 5, required: false,
                  value: p?.timeOfBirth?.description ?? ""),
        ], fieldFor: Self.fieldFor, context)
        if let editing { subtitle = context.t("patient.editing", editing.bedLabel, editing.fullName) }
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        state.context.now = context.clock.now
        var local: [String: String] = [:]
        let dob = CalendarDay(state.text("dob") ?? "")
        if dob == nil { local["dob"] = context.t("patient.bad_dob", state.text("dob") ?? "") }
        let bornText = (state.text("born_time") ?? "").trimmingCharacters(in: .whitespaces)
        let bornTime = TimeOfDay(bornText)
        if !bornText.isEmpty, bornTime == nil { local["born_time"] = context.t("patient.bad_time_of_birth", bornText) }
        let gaText = (state.text("ga") ?? "").trimmingCharacters(in: .whitespaces)
        let ga = GestationText.parse(gaText)
        if !gaText.isEmpty, ga == nil { local["ga"] = context.t("patient.bad_ga", gaText) }
        let weightText = (state.text("weight") ?? "").trimmingCharacters(in: .whitespaces)
        var weight: Int?
        if !weightText.isEmpty {
            switch WeightText.grams(weightText, stated: .grams, plausible: Self.birthWeightRange) {
            case .success(let grams): weight = Int(grams.rounded())
            case .failure(let error): local["weight"] = WardFormat(context).weightError(error)
            }
        }
        guard let dob, local["ga"] == nil, local["weight"] == nil, bornText.isEmpty || bornTime != nil,
              let admitted = date("admitted", original: editing?.admittedAt, shown: shownAdmitted),
              let sex = state.choice("sex") else {
            issues.merge(local) { $1 }
            if let first = state.fields.firstIndex(where: { local[$0.id] != nil }) { state.focus = first }
            return .message(.error(local.values.sorted().joined(separator: "; ")))
        }
        let draft = PatientDraft(
            bedLabel: state.text("bed") ?? "", givenName: state.text("given") ?? "", familyName: state.text("family") ?? "",
            hospitalNumber: state.text("hospital") ?? "", dateOfBirth: dob, sex: Self.sexes[sex],
            gestationalAgeWeeks: ga?.weeks, gestationalAgeDays: ga?.days, birthWeightGrams: weight, admittedAt: admitted,
            timeOfBirth: bornTime)
        let by = context.staff?.id
        let editing = editing
        // The store keeps the names without surrounding spaces; the words say them as kept.
        let bed = draft.bedLabel.trimmingCharacters(in: .whitespaces)
        let name = [draft.givenName, draft.familyName].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let message = context.t(editing == nil ? "patient.admitted" : "patient.updated", bed, name)
        // An admission is taken back by discharging, not by `u`; a corrected record can be.
        let undoSummary = editing == nil ? nil : context.t("patient.summary.edit", bed)
        return .write(WardWrite(undoSummary: undoSummary, closesAsker: true) { repository in
            let saved = if let editing {
                try await repository.updatePatient(id: editing.id, draft, by: by)
            } else {
                try await repository.admit(draft, by: by)
            }
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: message)
        })
    }

    /// The birth weights the form accepts, in grams (the store's range).
    static let birthWeightRange = Double(WardValidation.birthWeightGramsRange.lowerBound)...Double(WardValidation.birthWeightGramsRange.upperBound)

    /// On gestation and birth weight the line under the fields says when they may be left
    /// empty, and how a weight is written.
    override func hint(_ context: AppContext) -> String {
        switch state.fields.indices.contains(state.focus) ? state.fields[state.focus].id : "" {
        case "ga": return context.t("patient.hint.ga", WardValidation.neonatalPeriodDays)
        case "weight": return context.t("patient.hint.weight", WardValidation.neonatalPeriodDays)
        default: return super.hint(context)
        }
    }

    /// Asks before discharging (No is the default); the patient then leaves the Dashboard.
    static func confirmDischarge(_ patient: Patient, _ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let by = context.staff?.id
        // The discharge time is when Yes is pressed, so it is read in the follow-up.
        let discharge = Intent.followUp { context in
            let now = context.clock.now
            let message = context.t("patient.discharged_msg", patient.bedLabel, patient.fullName)
            // Once saved, the discharge summary is offered (a question, never forced).
            return .write(WardWrite(undoSummary: context.t("patient.summary.discharge", patient.bedLabel),
                                    followUp: { DischargeSummaryPreview.offer(patient, $0) }) { repository in
                let saved = try await repository.discharge(patientId: patient.id, at: now, by: by)
                return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: message)
            })
        }
        return .push(ConfirmScreen(title: context.t("patient.discharge.title"),
                                   body: context.t("patient.discharge.body", patient.bedLabel, patient.fullName),
                                   onConfirm: [discharge]))
    }
}
