import Clinical
import Foundation
import TerminalUI
import WardStore

/// Adds or edits one of a patient's medications: drug, dose and unit, route, schedule (fixed
/// times, every N hours, or as needed with a minimum interval and a 24 h maximum), start,
/// category and notes. Only the chosen schedule's fields are shown: changing the schedule lays
/// the form out again, keeping everything typed (a hidden schedule field keeps its value for
/// when its schedule is chosen again). A dose above the dosage table's maximum for the latest weight asks for
/// confirmation before it is saved; the store's validation is shown at the field.
@MainActor
final class MedicationFormScreen: WardFormScreen, CommandScreen {
    let patient: Patient
    let editing: Medication?
    private var ceilingConfirmed = false
    static let units = DoseUnit.allCases
    static let routes = MedicationRoute.allCases
    static let categories = MedicationCategory.allCases
    static let scheduleKinds = ["fixed", "every", "prn"]
    /// The fields each schedule shows, in order, just after the schedule choice.
    static let scheduleFields = ["fixed": ["times"], "every": ["hours"], "prn": ["interval", "max"]]
    static let allScheduleFields: Set<String> = ["times", "hours", "interval", "max"]
    /// The schedule fields not shown now, with what was typed in them.
    private var hiddenFields: [String: FormField] = [:]
    static let fieldFor = ["drugName": "drug", "doseAmount": "dose", "schedule": "times", "notes": "notes", "endsAt": "starts"]

    /// Only a prescriber saves (`nurses_prescribe` lets nurses).
    override var savePermission: WardPermission? { .prescribe }

    init(patient: Patient, editing: Medication?, _ context: AppContext) {
        self.patient = patient
        self.editing = editing
        let format = WardFormat(context)
        var kind = 0, times = "", hours = "", interval = "", maxDoses = ""
        switch editing?.schedule {
        case .fixedTimes(let list)?: times = list.map(\.description).joined(separator: " ")
        case .everyHours(let h)?: kind = 1; hours = String(h)
        case .asNeeded(let minutes, let max)?: kind = 2; interval = String(minutes); maxDoses = String(max)
        case nil: break
        }
        let amount = editing.map { $0.doseAmount == $0.doseAmount.rounded() ? String(Int($0.doseAmount)) : String($0.doseAmount) } ?? ""
        super.init(titleKey: editing == nil ? "medform.title.add" : "medform.title.edit", fields: [
            .text("drug", label: context.t("medform.drug"), maxLength: 80, required: true, value: editing?.drugName ?? ""),
            .number("dose", label: context.t("medform.dose"), spec: NumberSpec(range: 0.001...100_000, unit: ""), value: amount),
            .choice("unit", label: context.t("medform.unit"), options: Self.units.map { ChoiceOption($0.rawValue) },
                    selected: Self.units.firstIndex(of: editing?.doseUnit ?? .mg)),
            .choice("route", label: context.t("medform.route"), options: Self.routes.map { ChoiceOption(context.t("med.route.\($0.rawValue)")) },
                    selected: Self.routes.firstIndex(of: editing?.route ?? .oral)),
            .choice("kind", label: context.t("medform.schedule"),
                    options: Self.scheduleKinds.map { ChoiceOption(context.t("medform.schedule.\($0)")) }, selected: kind),
            .text("times", label: context.t("medform.times"), maxLength: 80, value: times),
            .number("hours", label: context.t("medform.hours"), spec: NumberSpec(range: 1...168, unit: "h", allowsFraction: false),
                    required: false, value: hours),
            .number("interval", label: context.t("medform.interval"), spec: NumberSpec(range: 1...10_080, unit: "min", allowsFraction: false),
                    required: false, value: interval),
            .number("max", label: context.t("medform.max"), spec: NumberSpec(range: 1...48, unit: "", allowsFraction: false),
                    required: false, value: maxDoses),
            .dateTime("starts", label: context.t("medform.starts"), value: format.stamp(editing?.startsAt ?? context.clock.now)),
            .choice("category", label: context.t("medform.category"),
                    options: Self.categories.map { ChoiceOption(context.t("medform.category.\($0.rawValue)")) },
                    selected: Self.categories.firstIndex(of: editing?.category ?? .other)),
            .text("notes", label: context.t("medform.notes"), maxLength: 500, value: editing?.notes ?? ""),
        ], fieldFor: Self.fieldFor, context)
        subtitle = context.t("feed.quick.for", patient.bedLabel, patient.fullName)
        layScheduleFields()
    }

    /// The schedule choice changed: show its fields instead of the others.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        if id == "kind" { layScheduleFields() }
    }

    /// Shows the chosen schedule's fields right after the choice and keeps the others aside,
    /// values and all; every other field, the focus on the choice and the input stay as they were.
    private func layScheduleFields() {
        let kind = Self.scheduleKinds[state.choice("kind") ?? 0]
        let focusedID = state.fields.indices.contains(state.focus) ? state.fields[state.focus].id : nil
        for field in state.fields where Self.allScheduleFields.contains(field.id) { hiddenFields[field.id] = field }
        state.fields.removeAll { Self.allScheduleFields.contains($0.id) }
        let shown = (Self.scheduleFields[kind] ?? []).compactMap { hiddenFields.removeValue(forKey: $0) }
        let at = (state.fields.firstIndex { $0.id == "kind" } ?? state.fields.count - 1) + 1
        state.fields.insert(contentsOf: shown, at: at)
        for id in hiddenFields.keys { issues[id] = nil }
        if let focusedID, let index = state.fields.firstIndex(where: { $0.id == focusedID }) { state.focus = index }
    }

    /// The store names the whole schedule as one field ("schedule" → times); when the chosen
    /// schedule does not show the times, its words go to the first field it does show.
    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        let intent = super.failed(error, context)
        if state["times"] == nil, let message = issues.removeValue(forKey: "times"),
           let index = state.fields.firstIndex(where: { Self.allScheduleFields.contains($0.id) }) {
            issues[state.fields[index].id] = message
            state.focus = index
        }
        return intent
    }

    /// What the dose check before a save brings back: the dose against the dosage table's
    /// maximum for the latest weight, with the draft it checked.
    enum Loaded: Sendable {
        case checked(MedicationDraft, findings: [DoseCeiling.Finding], weightGrams: Int)
    }

    /// The schedule the form describes, or the field and message that is wrong.
    func schedule(_ context: AppContext) -> Result<MedicationSchedule, FieldIssue> {
        switch Self.scheduleKinds[state.choice("kind") ?? 0] {
        case "every":
            guard let hours = state.number("hours") else { return .failure(FieldIssue("hours", context.t("medform.need_hours"))) }
            return .success(.everyHours(Int(hours)))
        case "prn":
            guard let interval = state.number("interval") else { return .failure(FieldIssue("interval", context.t("medform.need_interval"))) }
            guard let max = state.number("max") else { return .failure(FieldIssue("max", context.t("medform.need_max"))) }
            return .success(.asNeeded(minimumIntervalMinutes: Int(interval), maxDosesPer24h: Int(max)))
        default:
            let words = (state.text("times") ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
            let times = words.compactMap { TimeOfDay(String($0)) }
            guard !words.isEmpty, times.count == words.count else {
                return .failure(FieldIssue("times", context.t("medform.bad_times", state.text("times") ?? "")))
            }
            return .success(.fixedTimes(times))
        }
    }

    struct FieldIssue: Error {
        let field: String
        let message: String
        init(_ field: String, _ message: String) { self.field = field; self.message = message }
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let drug = state.text("drug")?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let amount = state.number("dose") else { return refuse("dose", context.t("medform.need_dose")) }
        let schedule: MedicationSchedule
        switch self.schedule(context) {
        case .success(let value): schedule = value
        case .failure(let issue): return refuse(issue.field, issue.message, focus: true)
        }
        guard let starts = state.date("starts") else { return .message(.error(context.t("medform.need_start"))) }
        let draft = MedicationDraft(
            patientId: patient.id, drugName: drug, doseAmount: amount, doseUnit: Self.units[state.choice("unit") ?? 0],
            route: Self.routes[state.choice("route") ?? 0], schedule: schedule, startsAt: starts,
            endsAt: editing?.endsAt, category: Self.categories[state.choice("category") ?? 0],
            notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
        guard !ceilingConfirmed, case .success(let formulary) = DrugFormulary.shared else { return save(draft, context) }
        let patient = patient
        let ageDays = PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone).days
        // The latest weight is read first; a dose above the table's maximum asks before saving.
        return command("ceiling") { repository in
            let weight = try await repository.latestMeasurements(patientId: patient.id)
                .first { $0.measurement.kind == .weight }.map { Int($0.measurement.value) } ?? patient.birthWeightGrams ?? 0  // 0: no weight, no per-kg check
            let findings = DoseCeiling.check(drugName: draft.drugName, amount: draft.doseAmount, unit: draft.doseUnit,
                                             schedule: draft.schedule, route: draft.route, weightGrams: weight,
                                             ageDays: ageDays, gestationDays: patient.gestationDays, formulary: formulary)
            return .checked(draft, findings: findings, weightGrams: weight)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .checked(let draft, let findings, let weight):
            guard !findings.isEmpty else { return save(draft, context) }
            let body = findings.map {
                context.t("medform.ceiling.\($0.kind)", $0.drug, DashboardDoseColumns.number($0.doseMg),
                          DashboardDoseColumns.number($0.limitMg), weight, $0.covers.joined(separator: "; "))
            }.joined(separator: " ")
            return .push(ConfirmScreen(title: context.t("medform.ceiling.title"), body: body,
                                       onConfirm: [.followUp { [self] context in
                                           ceilingConfirmed = true
                                           return submit(context)
                                       }]))
        }
    }

    private func save(_ draft: MedicationDraft, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let editing = editing
        let summary = context.t("medform.summary", draft.drugName, patient.bedLabel)
        let message = context.t(editing == nil ? "medform.added" : "medform.updated", summary)
        return write(summary: summary, message: message) { repository in
            if let editing { return try await repository.updateMedication(id: editing.id, draft, by: by) }
            return try await repository.addMedication(draft, by: by)
        }
    }
}
