import Clinical
import Foundation
import TerminalUI

/// What a tool form currently computes to. Only `.result` shows numbers: an invalid or
/// missing input never yields a (clamped or guessed) value.
enum ToolEvaluation: Equatable {
    /// Required inputs are still empty (or a rule between inputs is not met yet).
    case incomplete(missing: [String], notes: [String])
    /// Some entered value is not allowed; each error names the field and the allowed range.
    case invalid([FieldError])
    case result(ToolResult)
}

/// A calculator form generated from a `ToolSpec`: one field per `InputSpec`, in order, with
/// the kit's editing behaviour; inputs that are one quantity in several units share one field
/// (in the preferred unit). Pure state; the screen draws it with `ToolFormView`.
struct ToolForm {
    typealias Evaluate = @Sendable ([String: RawValue]) -> Result<ToolResult, ToolErrors>

    let spec: ToolSpec
    /// The inputs that have a field, in order: every input but the other units of a unit group.
    let inputs: [InputSpec]
    var state: FormState
    /// Inputs filled from the chart: key → "from chart, 2 h ago". Editing a field drops its note.
    var chartNotes: [String: String] = [:]
    /// When each pre-filled value was recorded on the chart (dosage warns unless the weight is today's).
    var chartTimes: [String: Date] = [:]
    let evaluate: Evaluate
    let today: CalendarDate
    /// Writes a time of birth typed as a shortcut, and how far off one in the future is, in the
    /// user's language (the screen sets them as it draws; nil: English).
    var timeText: WardTimeText?
    var relativeWords: TimeShortcut.RelativeWords?
    /// Placeholder shown as the first option of optional word inputs ("none").
    static let noneTitle = "—"
    /// The catalogue messages, the drug table's names and strengths beside the pickers and the
    /// values' words are read from (nil: English).
    let wording: (any ClinicalLookup)?

    /// `preferredUnits` picks the field of a unit group (the ward's bilirubin unit); without a
    /// match the group's first input has the field. With `wording` the form shows the
    /// declaration in that catalogue's language (labels, options, help); keys stay the contract's.
    init(spec: ToolSpec, context: FormContext, today: CalendarDate, preferredUnits: [String] = [],
         wording: (any ClinicalLookup)? = nil, evaluate: @escaping Evaluate) {
        let spec = wording.map { spec.localized($0) } ?? spec
        self.spec = spec
        self.today = today
        self.evaluate = evaluate
        self.wording = wording
        inputs = ToolForm.visibleInputs(spec, preferredUnits: preferredUnits)
        state = FormState(fields: inputs.map { ToolForm.field(for: $0, in: spec, wording: wording) }, context: context)
        wordDrugNames()
        refreshDependentOptions()
    }

    init(tool: any ClinicalTool.Type, context: FormContext, today: CalendarDate, preferredUnits: [String] = [],
         wording: (any ClinicalLookup)? = nil) {
        self.init(spec: tool.spec, context: context, today: today, preferredUnits: preferredUnits, wording: wording,
                  evaluate: { tool.run($0, origin: .text) })
    }

    /// One input per unit group: the one in a preferred unit, else the group's first.
    static func visibleInputs(_ spec: ToolSpec, preferredUnits: [String]) -> [InputSpec] {
        spec.inputs.filter { input in
            guard let group = spec.unitAlternatives.first(where: { $0.contains(input.key) }) else { return true }
            let members = group.compactMap { spec.input($0) }
            let shown = members.first { preferredUnits.contains($0.unit ?? "") } ?? members.first
            return shown?.key == input.key
        }
    }

    /// The field for an input of `spec`: free text where more than a number may be typed (a
    /// unit after the number, a time of birth for hours), else the kind's own field.
    static func field(for input: InputSpec, in spec: ToolSpec, wording: (any ClinicalLookup)? = nil) -> FormField {
        if input.chartField == .ageHours || !spec.unitAlternatives(of: input.key).isEmpty {
            return .text(input.key, label: input.label, maxLength: 40, required: input.isRequired)
        }
        return field(for: input, wording: wording)
    }

    /// The form field for one declared input. Scores become choices whose titles are the points.
    static func field(for input: InputSpec, wording: (any ClinicalLookup)? = nil) -> FormField {
        switch input.kind {
        case .number, .integer:
            let isInteger = input.kind == .integer
            let range = input.range ?? -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
            return .number(input.key, label: input.label,
                           spec: NumberSpec(range: range, unit: input.unit ?? "", allowsFraction: !isInteger),
                           required: input.isRequired)
        case .choice(let options):
            return .choice(input.key, label: input.label,
                           options: options.map { TerminalUI.ChoiceOption(String($0.value), descriptor: $0.descriptor) },
                           required: input.isRequired)
        case .boolean:
            return .toggle(input.key, label: input.label)
        case .date:
            return .text(input.key, label: input.label, maxLength: 24, required: input.isRequired)
        case .word(let words):
            let options = (input.isRequired ? [] : [TerminalUI.ChoiceOption(noneTitle)])
                + words.map { TerminalUI.ChoiceOption($0, descriptor: wordDescriptor(input.key, $0, wording: wording)) }
            return .choice(input.key, label: input.label, options: options,
                           selected: input.isRequired ? nil : 0, required: input.isRequired)
        }
    }

    /// Human wording beside a word option: the value's words where they differ from the
    /// contract's word ("männlich" beside `male`, "intravenous" beside `iv`: ResultWording's
    /// value words), the drug's name, a strength's label (in the lookup's language, from the
    /// drug table's catalogue keys).
    static func wordDescriptor(_ key: String, _ word: String, wording: (any ClinicalLookup)? = nil) -> String {
        if let worded = ResultWording.valueText(group: key, word)?.resolved(wording), worded != word { return worded }
        guard case .success(let formulary) = DrugFormulary.shared else { return "" }
        if key == "drug" { return formulary.drug(id: word).map { DrugTableWording.text(.name, $0.name).resolved(wording) } ?? "" }
        if key == "concentration" {
            for drug in formulary.drugs {
                if let c = drug.concentration(id: word) { return DrugTableWording.text(.strength, c.label).resolved(wording) }
            }
        }
        return ""
    }

    /// The drug picker's names in the form's language (its field is built before the form has one).
    private mutating func wordDrugNames() {
        guard wording != nil, var field = state["drug"], case .choice(let options) = field.kind else { return }
        field.kind = .choice(options.map { TerminalUI.ChoiceOption($0.title, descriptor: ToolForm.wordDescriptor("drug", $0.title, wording: wording)) })
        state["drug"] = field
    }

    // MARK: - Editing

    var focusedInput: InputSpec? {
        inputs.indices.contains(state.focus) ? inputs[state.focus] : nil
    }

    /// Whether the focused field takes letters (a date, a unit, a time of birth), so printable
    /// keys are typed into it rather than used as shortcuts.
    var focusedTakesText: Bool {
        guard state.fields.indices.contains(state.focus), case .text = state.fields[state.focus].kind else { return false }
        return true
    }

    /// Sends a key to the kit form. A digit on a score row picks the option worth that many
    /// points and moves to the next row, so APGAR is typed as `2 1 2 2 1`.
    mutating func handle(_ key: Key) -> FormOutcome {
        if case .char(let c) = key, let input = focusedInput, let digit = c.wholeNumberValue {
            if case .choice(let options) = input.kind {
                guard let index = options.firstIndex(where: { $0.value == digit }) else { return .ignored }
                let outcome = setChoice(index)
                if state.focus < state.fields.count - 1 { state.focus += 1 }
                return outcome
            }
        }
        let before = state.fields
        let outcome = state.handle(key)
        if outcome == .edited {
            for (i, field) in state.fields.enumerated() where field != before[i] {
                chartNotes[field.id] = nil
                chartTimes[field.id] = nil
            }
            refreshDependentOptions()
        }
        return outcome
    }

    private mutating func setChoice(_ index: Int) -> FormOutcome {
        state.fields[state.focus].choice = index
        state.isDirty = true
        chartNotes[state.fields[state.focus].id] = nil
        chartTimes[state.fields[state.focus].id] = nil
        refreshDependentOptions()
        return .edited
    }

    /// Sets a field's text (pre-fill from the chart) and records where it came from.
    mutating func prefill(_ key: String, text: String, note: String, recordedAt: Date? = nil) {
        guard var field = state[key] else { return }
        switch field.kind {
        case .choice(let options):
            guard let i = options.firstIndex(where: { $0.title == text }) else { return }
            field.choice = i
        default:
            field.text = text
            field.cursor = text.count
            field.isSelected = !text.isEmpty
        }
        state[key] = field
        chartNotes[key] = note
        chartTimes[key] = recordedAt
        refreshDependentOptions()
    }

    /// True only when the weight input holds, unedited, a weight charted on today's ward date.
    func weightIsFromTodaysChart(now: Date, timeZone: TimeZone) -> Bool {
        guard let at = chartTimes["weight_kg"] else { return false }
        return CalendarDate.on(at, in: timeZone) == CalendarDate.on(now, in: timeZone)
    }

    /// Options whose wording depends on another input (GCS verbal under 5) follow it; dosage's
    /// strength picker offers only the chosen drug's concentrations.
    private mutating func refreshDependentOptions() {
        refreshOptionWording()
        refreshConcentrations()
    }

    /// Re-words choice rows declared with an `OptionWording`; the chosen value is kept.
    private mutating func refreshOptionWording() {
        for input in spec.inputs {
            guard let wording = input.optionWording, case .choice(let own) = input.kind,
                  var field = state[input.key], case .choice(let current) = field.kind else { continue }
            let options = wording.options(for: state.number(wording.dependsOn), default: own)
                .map { TerminalUI.ChoiceOption(String($0.value), descriptor: $0.descriptor) }
            guard options != current else { continue }
            field.kind = .choice(options)
            state[input.key] = field
        }
    }

    private mutating func refreshConcentrations() {
        guard spec.input("drug") != nil, spec.input("concentration") != nil,
              case .success(let formulary) = DrugFormulary.shared,
              var field = state["concentration"] else { return }
        // The chosen drug's strengths for the chosen route (its first route until one is chosen).
        let drug = selectedWord("drug").flatMap { formulary.drug(id: $0) }
        let route = selectedWord("route") ?? drug?.routes.first
        let ids = drug.map { drug in (route.flatMap(drug.regimen(route:)) ?? drug.regimens[0]).concentrations.map(\.id) }
            ?? formulary.allConcentrationIds
        let options = [TerminalUI.ChoiceOption(ToolForm.noneTitle)]
            + ids.map { TerminalUI.ChoiceOption($0, descriptor: ToolForm.wordDescriptor("concentration", $0, wording: wording)) }
        guard case .choice(let current) = field.kind, current != options else { return }
        let kept = field.choice.flatMap { current.indices.contains($0) ? current[$0].title : nil }
        field.kind = .choice(options)
        field.choice = options.firstIndex { $0.title == kept } ?? 0
        state["concentration"] = field
    }

    func selectedWord(_ key: String) -> String? {
        guard let field = state[key], case .choice(let options) = field.kind, let i = field.choice,
              options.indices.contains(i), options[i].title != ToolForm.noneTitle else { return nil }
        return options[i].title
    }

    // MARK: - Evaluation

    /// The form's values as the tool takes them; blank inputs are left out.
    var raw: [String: RawValue] { entries.raw }

    /// What each field's text means: the contract values, the texts that could not be read
    /// (a unit the input does not take, a time of birth in the future), and what was understood.
    var entries: (raw: [String: RawValue], problems: [FieldError], understood: [String: String]) {
        var raw: [String: RawValue] = [:]
        var problems: [FieldError] = []
        var understood: [String: String] = [:]
        for (input, field) in zip(inputs, state.fields) {
            switch input.kind {
            case .number, .integer:
                let text = field.text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
                if text.isEmpty { continue }
                let reading: Result<ToolFormEntry.Reading, FieldError>
                if input.chartField == .ageHours {
                    reading = ToolFormEntry.ageHours(text, key: input.key, now: state.context.now, timeZone: state.context.timeZone,
                                                     timeText: timeText, relativeWords: relativeWords, wording: wording)
                } else if !spec.unitAlternatives(of: input.key).isEmpty {
                    reading = ToolFormEntry.quantity(text, field: input, spec: spec, wording: wording)
                } else if input.chartField == .weightKg, field.text.contains(where: \.isLetter) {
                    reading = ToolFormEntry.weightKg(field.text.trimmingCharacters(in: .whitespaces), field: input, wording: wording)
                } else {
                    raw[input.key] = .string(text)
                    continue
                }
                switch reading {
                case .success(let r):
                    raw[r.key] = r.value
                    if let text = r.understood { understood[input.key] = text }
                case .failure(let e): problems.append(e)
                }
            case .choice(let options):
                if let i = field.choice, options.indices.contains(i) { raw[input.key] = .number(Double(options[i].value)) }
            case .boolean:
                raw[input.key] = .bool(field.isOn)
            case .date:
                let text = field.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                raw[input.key] = .string(CalendarDateText.parse(text, today: today)?.description ?? text)
            case .word:
                if let word = selectedWord(input.key) { raw[input.key] = .string(word) }
            }
        }
        return (raw, problems, understood)
    }

    var evaluation: ToolEvaluation {
        let entries = self.entries
        if !entries.problems.isEmpty { return .invalid(entries.problems) }
        let raw = entries.raw
        switch spec.validate(raw, origin: .text) {
        case .failure(let errors):
            let wrong = errors.errors.filter { raw[$0.field] != nil || spec.input($0.field) == nil }
            if !wrong.isEmpty { return .invalid(wrong) }
            let missing = errors.errors.compactMap { spec.input($0.field)?.label }
            return .incomplete(missing: missing, notes: [])
        case .success:
            switch evaluate(raw) {
            case .success(let result): return .result(result)
            case .failure(let errors):
                // A rule between inputs: wrong if it names a value the user gave, else still to do.
                if errors.errors.contains(where: { raw[$0.field] != nil && !isDefaultToggle($0.field) }) {
                    return .invalid(errors.errors)
                }
                // An empty unit-group field is missing by its label, not by the contract's keys.
                let grouped = errors.errors.filter { !spec.unitAlternatives(of: $0.field).isEmpty }
                return .incomplete(missing: grouped.compactMap { spec.input($0.field)?.label },
                                   notes: errors.errors.filter { spec.unitAlternatives(of: $0.field).isEmpty }.map(message))
            }
        }
    }

    private func isDefaultToggle(_ key: String) -> Bool {
        guard let input = spec.input(key), input.kind == .boolean else { return false }
        return !(state[key]?.isOn ?? false)
    }

    /// The message for one field, when its value is wrong (a unit group's field answers for
    /// every unit of its quantity).
    func problem(for key: String, in evaluation: ToolEvaluation) -> String? {
        guard case .invalid(let errors) = evaluation else { return nil }
        let keys = [key] + spec.unitAlternatives(of: key)
        return errors.first { keys.contains($0.field) }.map(message)
    }

    /// An error as this form says it: in its language, naming inputs by their labels.
    func message(_ error: FieldError) -> String {
        error.message(wording, naming: spec.fieldName)
    }
}

extension ToolSpec {
    /// How a form names an input in a sentence: its label, with its unit when another input has
    /// the same label ("Age (days)" and "Age (months)"); nil for a key the tool does not declare.
    func fieldName(_ key: String) -> String? {
        guard let input = input(key) else { return nil }
        guard inputs.contains(where: { $0.key != key && $0.label == input.label }), let unit = input.unit else { return input.label }
        return "\(input.label) (\(unit))"
    }

    /// A declared rule as a form says it: each input key in it ("give age_days or age_months")
    /// replaced by the field's name, since the form shows labels, not the contract's keys. Only
    /// keys with an underscore are taken for keys: "drug" in a sentence is the word.
    func namingFields(_ text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            out += word.contains("_") ? fieldName(word) ?? word : word
            word = ""
        }
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }
}
