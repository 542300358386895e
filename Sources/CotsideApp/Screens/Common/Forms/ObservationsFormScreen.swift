import Clinical
import Foundation
import TerminalUI
import WardStore

/// Chart a set of observations for a cot in one form, one time, one save: temperature, heart
/// rate, respiratory rate, SpO2 with its oxygen, blood pressure, glucose (in the ward's unit),
/// pain score — any of them. Each value is judged against the cot's goal range as it is typed
/// ("high"/"low" beside it, never refused); an impossible value is refused by the field's own
/// range; a set with no value is refused. Saved as one measurement per value (one transaction).
@MainActor
final class ObservationsFormScreen: EntryFormScreen, CommandScreen {
    /// The cot's goal ranges (its own or the age default), loaded when the form opens.
    enum Loaded: Sendable { case goals([MeasurementKind: GoalRange]) }

    /// The value fields, in order, with the kind each charts (blood pressure: the systolic).
    static let valueFields: [(id: String, kind: MeasurementKind)] = [
        ("temp", .temperature), ("hr", .heartRate), ("rr", .respiratoryRate), ("spo2", .spo2),
        ("systolic", .bloodPressure), ("glucose", .glucose), ("pain", .pain),
    ]
    static let fieldFor = ["measuredAt": "time", "patientId": "time", "readings": "temp", "temperature": "temp",
                           "heartRate": "hr", "respiratoryRate": "rr", "spo2": "spo2", "oxygen": "oxygen",
                           "bloodPressure": "systolic", "diastolicMmHg": "diastolic", "glucose": "glucose",
                           "pain": "pain", "notes": "notes"]

    private(set) var goals: [MeasurementKind: GoalRange] = [:]

    init(patient: Patient, _ context: AppContext) {
        func number(_ id: String, _ key: String, _ kind: MeasurementKind, fraction: Bool = true) -> FormField {
            .number(id, label: context.t(key),
                    spec: NumberSpec(range: MeasurementFormScreen.shownRange(kind, context),
                                     unit: MeasurementFormScreen.shownUnit(kind, context), allowsFraction: fraction),
                    required: false)
        }
        let fields: [FormField] = [
            .dateTime("time", label: context.t("measure.field.time")),
            number("temp", "measure.kind.temperature", .temperature),
            number("hr", "measure.kind.heartRate", .heartRate, fraction: false),
            number("rr", "measure.kind.respiratoryRate", .respiratoryRate, fraction: false),
            number("spo2", "measure.kind.spo2", .spo2, fraction: false),
            OxygenFields.choice(context),
            number("systolic", "obs.field.systolic", .bloodPressure, fraction: false),
            .number("diastolic", label: context.t("obs.field.diastolic"),
                    spec: NumberSpec(range: 10...200, unit: "mmHg", allowsFraction: false), required: false),
            number("glucose", "measure.kind.glucose", .glucose),
            number("pain", "measure.kind.pain", .pain, fraction: false),
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000),
        ]
        super.init(titleKey: "obs.title", patient: patient, originalTime: nil, fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = context.t("nappy.subtitle", patient.bedLabel, patient.fullName, patient.hospitalNumber)
    }

    override func reload(_ context: AppContext) -> Intent {
        let patientId = patient.id
        return command { repository in .goals(try await repository.goalRanges(patientId: patientId)) }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .goals(let goals): self.goals = goals
        }
        return .handled
    }

    var oxygenMode: OxygenMode? { OxygenFields.mode(state) }

    /// A typed value in the stored unit (glucose typed in mg/dL becomes mmol/L); nil when empty.
    func storedValue(_ id: String, _ kind: MeasurementKind, _ context: AppContext) -> Double? {
        guard let typed = state.number(id) else { return nil }
        return kind == .glucose && context.wardSettings.glucoseUnit == .mgPerDl ? UnitConversion.mmolPerL(fromMgPerDl: typed) : typed
    }

    /// "low"/"high" for a field whose value is acceptable and outside the cot's goal range.
    func mark(_ id: String, _ context: AppContext) -> RangeMark? {
        guard let field = Self.valueFields.first(where: { $0.id == id }),
              let index = state.fields.firstIndex(where: { $0.id == id }),
              case .valid = state.fields[index].check(state.context),
              let value = storedValue(id, field.kind, context) else { return nil }
        return goals[field.kind]?.mark(value)
    }

    /// The amount field follows the oxygen: L/min for litres, % for FiO2, none for air.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "oxygen" else { return }
        OxygenFields.relayAmount(&state, issues: &issues, context)
    }

    override func submit(_ context: AppContext) -> Intent {
        withCheckedTime(futureKey: "measure.future", context) { time, now in
            var readings: [ObservationReading] = []
            for (id, kind) in Self.valueFields {
                guard let value = storedValue(id, kind, context) else { continue }
                switch kind {
                case .bloodPressure:
                    guard let diastolic = state.number("diastolic") else {
                        return refuse("diastolic", context.t("measure.diastolic_needed"), focus: true)
                    }
                    readings.append(.init(kind, value, diastolicMmHg: diastolic))
                case .spo2:
                    readings.append(.init(kind, value, oxygen: OxygenFields.reading(state)))
                default:
                    readings.append(.init(kind, value))
                }
            }
            if state.number("diastolic") != nil, state.number("systolic") == nil {
                return refuse("systolic", context.t("obs.systolic_needed"), focus: true)
            }
            if oxygenMode != nil, state.number("spo2") == nil {
                return refuse("spo2", context.t("obs.spo2_needed"), focus: true)
            }
            if readings.isEmpty { return refuse("temp", context.t("obs.empty"), focus: true) }
            if let question = confirmBackdate(time, now: now, titleKey: "nappy.backdate.title",
                                              bodyKey: "measure.backdate.body", context) {
                return question
            }
            let set = ObservationSet(patientId: patient.id, measuredAt: time, readings: readings,
                                     notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
            let by = context.staff?.id
            let names = readings.map { context.t("measure.kind.\($0.kind.rawValue)") }.joined(separator: ", ")
            let summary = context.t("obs.summary", names, patient.bedLabel)
            let message = context.t("measure.saved", summary)
            return .write(WardWrite(undoSummary: summary, closesAsker: true, needs: savePermission) { repository in
                let saved = try await repository.logObservations(set, by: by)
                return WriteReceipt(auditEntryIds: saved.map(\.auditEntryId), message: message)
            })
        }
    }

    /// Under the fields: the pain scale while the pain score is focused, the oxygen amounts
    /// while the oxygen is, else the keys.
    override func hint(_ context: AppContext) -> String {
        switch state.fields.indices.contains(state.focus) ? state.fields[state.focus].id : "" {
        case "pain": return context.t("obs.hint.pain")
        case "oxygen", "o2amount": return context.t("obs.hint.oxygen")
        default: return context.t("form.hint")
        }
    }

    /// Beside each value outside the cot's goal range: its word and the goal, in the verdict
    /// column (the word is always shown, never colour alone).
    override func drawMarks(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        for (index, field) in state.fields.enumerated() {
            guard let mark = mark(field.id, context), let kind = Self.valueFields.first(where: { $0.id == field.id })?.kind,
                  let rect = verdictRect(index, in: area) else { continue }
            let glyph = mark == .high ? context.glyphs.arrowUp : context.glyphs.arrowDown
            let goal = GoalText(context).range(goals[kind], kind)
            buffer.fill(rect)
            buffer.put(context.t("obs.mark.\(mark.rawValue)", glyph, goal), in: rect, role: .warning, ellipsis: context.glyphs.ellipsis)
        }
    }
}
