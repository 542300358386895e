import Clinical
import TerminalUI

/// Human-readable text for single calls, `--list` and `TOOL --help`, all generated
/// from the tool declarations so nothing is written twice. With `wording` (the app's
/// catalogue) every word is in that language; without, English. JSON is never localised.
public enum TextRenderer {
    /// The renderer's own words, catalogue keys under `calc.text.`.
    enum Words {
        static let warning = ClinicalText("calc.text.warning", "warning: {0}")
        static let limitations = ClinicalText("calc.text.limitations", "Limitations: {0}")
        static let reference = ClinicalText("calc.text.reference", "Reference: {0}")
        static let referenceHeading = ClinicalText("calc.text.reference_heading", "Reference:")
        static let referencesHeading = ClinicalText("calc.text.references_heading", "References:")
        static let listFooter = ClinicalText("calc.text.list_footer",
                                             "cotside calc TOOL --help shows a tool's inputs; cotside calc TOOL key=value ... [--json] runs it.")
        static let usage = ClinicalText("calc.text.usage", "Usage: cotside calc {0} key=value ... [--json]")
        static let inputs = ClinicalText("calc.text.inputs", "Inputs:")
        static let optional = ClinicalText("calc.text.optional", " (optional)")
        static let boolean = ClinicalText("calc.text.boolean", "true or false, default false")
        static let rules = ClinicalText("calc.text.rules", "Rules:")
        static let appliesTo = ClinicalText("calc.text.applies_to", "Applies to:")

        static let all = [warning, limitations, reference, referenceHeading, referencesHeading, listFooter, usage, inputs,
                          optional, boolean, rules, appliesTo]
    }

    /// The group's heading in the `--list` (catalogue keys the Tools pane uses as well).
    static func groupText(_ group: ToolGroup) -> ClinicalText {
        switch group {
        case .scores: return ClinicalText("tools.group.scores", group.rawValue)
        case .calculators: return ClinicalText("tools.group.calculators", group.rawValue)
        case .strokeTriage: return ClinicalText("tools.group.stroke", group.rawValue)
        }
    }

    /// Every text the `calc` words use besides the tools' own (en.json holds each).
    public static var wordTexts: [ClinicalText] { Words.all + ToolGroup.allCases.map(groupText) + [ResultWording.yes, ResultWording.no] }

    /// Status symbol that goes with a category word; never colour alone.
    public static func symbol(_ severity: Severity, ascii: Bool = false) -> String {
        switch severity {
        case .ok: return ascii ? "+" : "✔"
        case .info: return ascii ? "*" : "•"
        case .caution: return ascii ? "^" : "▲"
        case .danger: return "!"
        }
    }

    /// Numbers for people: at most 4 decimals, no trailing zeros, the language's decimal mark,
    /// with the unit the tool declares ("0.7619 m²", "1 point"); a value word (`iv`,
    /// `p90_to_p95`) in the language's words. JSON output stays unrounded, keyed and English.
    static func humanValue(_ field: ResultField, label: OutputLabel, wording: (any ClinicalLookup)? = nil) -> String {
        let mark = wording?.decimalMark ?? "."
        switch field.value {
        case .number(let d): return label.valueText(NumberText.withDecimalMark(NumberText.rounded(d, digits: 4), mark), isOne: d == 1)
        case .integer(let n): return label.valueText(String(n), isOne: n == 1)
        case .bool(let b): return (b ? ResultWording.yes : ResultWording.no).resolved(wording)
        case .word(let w): return ResultWording.words(w, key: field.key, lookup: wording)
        case .object: return ""
        }
    }

    /// `text` followed by spaces up to `width` terminal columns (a Chinese character takes two).
    static func pad(_ text: String, _ width: Int) -> String { TextWidth.padded(text, to: width) }

    /// One result field as padded lines: "  Body surface area  0.7619 m²"; an object's fields
    /// (a growth indicator's z-score and percentile) go indented under its label. `siblings` are
    /// the result's other fields, whose flags can change a label (`OutputLabel`).
    static func fieldLines(_ field: ResultField, spec: ToolSpec, indent: String, width: Int, siblings: [ResultField] = [],
                           wording: (any ClinicalLookup)? = nil) -> [String] {
        let label = OutputLabel.of(field.key, tool: spec.id, in: siblings, lookup: wording)
        guard case .object(let fields) = field.value else {
            return ["\(indent)\(pad(label.label, width))  \(humanValue(field, label: label, wording: wording))"]
        }
        let inner = fields.map { TextWidth.columns(of: spec.outputLabel($0.key, lookup: wording).label) }.max() ?? 0
        return ["\(indent)\(label.label)"]
            + fields.flatMap { fieldLines($0, spec: spec, indent: indent + "  ", width: inner, siblings: fields, wording: wording) }
    }

    /// The clinical wording of each chosen score option ("pulse 2: ≥ 100 bpm"), so a reader
    /// sees what was scored; the GCS verbal line follows the child's age.
    public static func chosenOptions(_ raw: [String: RawValue], spec: ToolSpec) -> [String] {
        var lines: [String] = []
        for input in spec.inputs {
            guard case .choice(var options) = input.kind, let value = raw[input.key] else { continue }
            let number: Double?
            switch value {
            case .number(let n): number = n
            case .string(let text): number = Double(text.trimmingSpaces)
            default: number = nil
            }
            if let wording = input.optionWording {
                var other: Double?
                if case .number(let n)? = raw[wording.dependsOn] { other = n }
                if case .string(let text)? = raw[wording.dependsOn] { other = Double(text.trimmingSpaces) }
                options = wording.options(for: other, default: options)
            }
            guard let number, let option = options.first(where: { Double($0.value) == number }) else { continue }
            lines.append("\(input.label) \(option.value): \(option.descriptor)")
        }
        return lines
    }

    /// Result values, categories with symbol and word, the sentence, warnings and the reference;
    /// with `inputs`, the wording of each chosen score option first.
    public static func result(_ english: ToolResult, spec englishSpec: ToolSpec, inputs: [String: RawValue] = [:], ascii: Bool = false,
                              wording: (any ClinicalLookup)? = nil) -> String {
        let spec = wording.map { englishSpec.localized($0) } ?? englishSpec
        let result = wording.map { english.localized(englishSpec, $0) } ?? english
        var lines: [String] = ["\(spec.name)"]
        let chosen = chosenOptions(inputs, spec: spec)
        if !chosen.isEmpty {
            lines += chosen.map { "  \($0)" }
            lines.append("")
        }
        // Labels, not keys: the words come from the tool's declaration (`OutputLabel`).
        let keys = result.fields.filter { if case .object = $0.value { return false } else { return true } }.map(\.key)
            + result.categories.map(\.key).filter { key in !result.fields.contains { $0.key == key } }
        let width = keys.map { TextWidth.columns(of: spec.outputLabel($0, in: result, lookup: wording).label) }.max() ?? 0
        func categoryLine(_ category: ResultCategory) -> String {
            "  \(pad(spec.outputLabel(category.key, lookup: wording).label, width))  \(symbol(category.severity, ascii: ascii)) \(category.label)"
        }
        // Fields in the tool's order; a field that carries a category word shows its symbol.
        for field in result.fields {
            if let category = result.categories.first(where: { $0.key == field.key }) {
                lines.append(categoryLine(category))
            } else {
                lines += fieldLines(field, spec: spec, indent: "  ", width: width, siblings: result.fields, wording: wording)
            }
        }
        for category in result.categories where !result.fields.contains(where: { $0.key == category.key }) {
            lines.append(categoryLine(category))
        }
        lines.append("")
        lines.append(result.interpretation)
        for warning in result.warnings { lines.append("\(symbol(.caution, ascii: ascii)) \(say(Words.warning, warning, wording))") }
        lines.append("")
        lines.append(say(Words.limitations, spec.limitations, wording))
        for reference in spec.references { lines.append(say(Words.reference, reference.citation, wording)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every error, one per line, naming the input by its key (the command line's name for it),
    /// the message in the wording's language. The call's own fields (`tool`, `input`: JSON's
    /// names for the call as a whole) are not repeated before a message that names the problem.
    public static func errors(_ errors: ToolErrors, tool: String?, wording: (any ClinicalLookup)? = nil) -> String {
        let head = tool.map { "cotside calc \($0): " } ?? "cotside calc: "
        return errors.errors.map { error in
            let field = ["tool", "input"].contains(error.field) ? "" : "\(error.field): "
            return "\(head)\(field)\(error.message(wording))"
        }.joined(separator: "\n") + "\n"
    }

    /// `cotside calc --list`: tools grouped, one line each.
    public static func list(_ tools: [any ClinicalTool.Type] = ToolRegistry.all, wording: (any ClinicalLookup)? = nil) -> String {
        let width = tools.map { $0.spec.id.count }.max() ?? 0
        var lines: [String] = []
        for group in ToolGroup.allCases {
            let members = tools.filter { $0.spec.group == group }
            guard !members.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(groupText(group).resolved(wording))
            for tool in members {
                let spec = tool.spec
                lines.append("  \(spec.id.padding(toLength: width, withPad: " ", startingAt: 0))  "
                             + "\(spec.nameText.resolved(wording)): \(spec.summaryText.resolved(wording))")
            }
        }
        lines.append("")
        lines.append(Words.listFooter.resolved(wording))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `cotside calc TOOL --help`: inputs with units, ranges and options, rules, applicability, references.
    public static func help(_ englishSpec: ToolSpec, wording: (any ClinicalLookup)? = nil) -> String {
        let spec = wording.map { englishSpec.localized($0) } ?? englishSpec
        var lines = ["\(spec.id): \(spec.name)", spec.summary, "", say(Words.usage, spec.id, wording), "", Words.inputs.resolved(wording)]
        let width = spec.inputs.map(\.key.count).max() ?? 0
        for input in spec.inputs {
            // Booleans say "default false" instead.
            let optional = input.isRequired || input.kind == .boolean ? "" : Words.optional.resolved(wording)
            let unit = input.unit.map { " [\($0)]" } ?? ""
            var line = "  \(input.key.padding(toLength: width, withPad: " ", startingAt: 0))  \(input.label)\(unit)\(optional)"
            switch input.kind {
            case .choice: break
            case .boolean: line += ": " + Words.boolean.resolved(wording)
            default: line += ": \(input.rangeText().resolved(wording))"
            }
            lines.append(line)
            if case .choice(let options) = input.kind {
                for option in options {
                    let value = String(option.value)
                    lines.append("  \(String(repeating: " ", count: width))    \(value.count == 1 ? " " : "")\(value)  \(option.descriptor)")
                }
            }
            if let help = input.help { lines.append("  \(String(repeating: " ", count: width))    \(help)") }
        }
        if !spec.constraints.isEmpty {
            lines.append("")
            lines.append(Words.rules.resolved(wording))
            lines += spec.constraints.map { "  - \($0)" }
        }
        if !spec.applicability.isEmpty {
            lines.append("")
            lines.append(Words.appliesTo.resolved(wording))
            lines += spec.applicability.map { "  - \($0)" }
        }
        lines.append("")
        lines.append(say(Words.limitations, spec.limitations, wording))
        lines.append("")
        lines.append((spec.references.count == 1 ? Words.referenceHeading : Words.referencesHeading).resolved(wording))
        lines += spec.references.map { "  \($0.citation)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A renderer phrase with its one argument, in the lookup's language.
    static func say(_ text: ClinicalText, _ argument: String, _ wording: (any ClinicalLookup)?) -> String {
        ClinicalText(text.key, text.english, plain: [argument]).resolved(wording)
    }
}
