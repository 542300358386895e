import Clinical
import TerminalUI

/// The live result under a tool form: values, each category with symbol and word,
/// the interpretation and warnings; or, until the inputs are complete and valid, what is
/// missing or wrong (in the danger style), and no numbers at all.
struct ResultBar {
    var evaluation: ToolEvaluation
    /// Whose declarations give each result its words and unit ("Body surface area", "m²").
    var spec: ToolSpec
    var glyphs: GlyphSet
    var strings: ToolStrings

    static func symbol(_ severity: Severity, _ glyphs: GlyphSet) -> String {
        switch severity {
        case .ok: return glyphs.statusOK
        case .info: return glyphs.statusInfo
        case .caution: return glyphs.statusHigh
        case .danger: return glyphs.statusDanger
        }
    }

    static func role(_ severity: Severity) -> StyleRole {
        switch severity {
        case .ok: return .ok
        case .info: return .info
        case .caution: return .warning
        case .danger: return .danger
        }
    }

    /// A result as people read it: its label, then the value with its unit ("Dose 240 mg",
    /// "Score 1 point"); an object's parts follow its label ("Weight-for-age: z-score -0.72, …").
    /// `siblings` are the result's other fields, whose flags can change a label (`OutputLabel`).
    static func describe(_ field: ResultField, spec: ToolSpec, siblings: [ResultField] = [],
                         wording: (any ClinicalLookup)? = nil) -> String {
        let label = OutputLabel.of(field.key, tool: spec.id, in: siblings, lookup: wording)
        switch field.value {
        case .object(let fields):
            return "\(label.label): " + fields.map { describe($0, spec: spec, siblings: fields, wording: wording) }.joined(separator: ", ")
        case .number(let d):
            return "\(label.label) \(label.valueText(format(field.value, wording: wording), isOne: d == 1))"
        case .integer(let n):
            return "\(label.label) \(label.valueText(format(field.value, wording: wording), isOne: n == 1))"
        case .bool, .word:
            return "\(label.label) \(format(field.value, key: field.key, wording: wording))"
        }
    }

    /// Numbers for a glance: 1 decimal from 10, 2 from 1, else 3, with the language's decimal
    /// mark; a value word in the language's words. The CLI keeps numbers unrounded.
    static func format(_ value: ResultValue, key: String = "", wording: (any ClinicalLookup)? = nil) -> String {
        switch value {
        case .number(let d):
            let digits = abs(d) >= 10 ? 1 : (abs(d) >= 1 ? 2 : 3)
            return NumberText.withDecimalMark(NumberText.rounded(d, digits: digits), wording?.decimalMark ?? ".")
        case .integer(let n): return String(n)
        case .bool(let b): return (b ? ResultWording.yes : ResultWording.no).resolved(wording)
        case .word(let w): return ResultWording.words(w, key: key, lookup: wording)
        case .object(let fields): return fields.map { "\($0.key) \(format($0.value, key: $0.key, wording: wording))" }.joined(separator: ", ")
        }
    }

    /// Keys for scripts that the screen says in words instead: the dose sentence names the route
    /// and band and whether the source states a cap, and the review line above the result
    /// replaces `review` and `table_version` with the ward's sign-off.
    static let saidElsewhere: Set<String> = [
        "route", "band", "max_single_dose_stated", "max_daily_dose_stated", "review", "table_version",
    ]

    func lines(width: Int) -> [(String, StyleRole)] {
        switch evaluation {
        case .incomplete(let missing, let notes):
            var out: [(String, StyleRole)] = []
            if !missing.isEmpty { out.append(("\(glyphs.statusUnknown) \(strings.missing) \(missing.joined(separator: ", "))", .muted)) }
            for note in notes { out.append(("\(glyphs.statusUnknown) \(note)", .muted)) }
            return out
        case .invalid(let errors):
            // The input's label, not its contract key ("Weight", not "weight_kg").
            return errors.map { error in
                let message = error.message(strings.wording, naming: spec.fieldName)
                return ("\(glyphs.statusDanger) \(strings.fix) \(spec.fieldName(error.field) ?? error.field): \(message)", .danger)
            }
        case .result(let english):
            let result = english.localized(spec, strings.wording)
            var out: [(String, StyleRole)] = []
            let values = result.fields.filter { field in
                !result.categories.contains { $0.key == field.key } && !ResultBar.saidElsewhere.contains(field.key)
            }
                .map { ResultBar.describe($0, spec: spec, siblings: result.fields, wording: strings.wording) }
            var line = ""
            for value in values {
                let next = line.isEmpty ? value : line + "   " + value
                if TextWidth.columns(of: next) > width, !line.isEmpty {
                    out.append((line, .header))
                    line = value
                } else {
                    line = next
                }
            }
            if !line.isEmpty { out.append((line, .header)) }
            for category in result.categories {
                out.append(("\(ResultBar.symbol(category.severity, glyphs)) \(spec.outputLabel(category.key, lookup: strings.wording).label): \(category.label)",
                            ResultBar.role(category.severity)))
            }
            for text in TextWrap.wrap(result.interpretation, width: max(1, width)) { out.append((text, .normal)) }
            for warning in result.warnings {
                out.append(("\(glyphs.statusWarning) \(strings.warning) \(warning)", .warning))
            }
            return out
        }
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        let all = lines(width: area.width)
        for (i, (text, role)) in all.prefix(area.height).enumerated() {
            buffer.put(text, in: area.row(i), role: role, ellipsis: glyphs.ellipsis)
        }
    }
}
