import Clinical
import TerminalUI

/// The live result under a tool form: values, each category with symbol and word,
/// the interpretation and warnings; or, until the inputs are complete and valid, what is
/// missing or wrong (in the danger style), and no numbers at all.
struct ResultBar {
    var evaluation: ToolEvaluation
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

    /// Numbers for a glance: 1 decimal from 10, 2 from 1, else 3; the CLI keeps them unrounded.
    static func format(_ value: ResultValue) -> String {
        switch value {
        case .number(let d):
            let digits = abs(d) >= 10 ? 1 : (abs(d) >= 1 ? 2 : 3)
            return NumberText.rounded(d, digits: digits)
        case .integer(let n): return String(n)
        case .bool(let b): return b ? "yes" : "no"
        case .word(let w): return w
        case .object(let fields): return fields.map { "\($0.key) \(format($0.value))" }.joined(separator: ", ")
        }
    }

    func lines(width: Int) -> [(String, StyleRole)] {
        switch evaluation {
        case .incomplete(let missing, let notes):
            var out: [(String, StyleRole)] = []
            if !missing.isEmpty { out.append(("\(glyphs.statusUnknown) \(strings.missing) \(missing.joined(separator: ", "))", .muted)) }
            for note in notes { out.append(("\(glyphs.statusUnknown) \(note)", .muted)) }
            return out
        case .invalid(let errors):
            return errors.map { ("\(glyphs.statusDanger) \(strings.fix) \($0.field): \($0.message)", .danger) }
        case .result(let result):
            var out: [(String, StyleRole)] = []
            let values = result.fields.filter { field in !result.categories.contains { $0.key == field.key } }
                .map { "\($0.key) \(ResultBar.format($0.value))" }
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
                out.append(("\(ResultBar.symbol(category.severity, glyphs)) \(category.key): \(category.word) (\(category.label))",
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
