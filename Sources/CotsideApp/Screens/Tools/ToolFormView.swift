import Clinical
import TerminalUI

/// Draws a generated tool form: one row per input (label, value with unit, then the range or
/// the problem in the danger style); the focused row shows its help underneath, and a focused
/// score row opens to list every option with its points and descriptor (in the wording the
/// form currently holds, e.g. GCS verbal under 5). Pure: lines are computed from the form.
struct ToolFormView {
    struct Line {
        var text: String
        var role: StyleRole
        /// Extra text drawn after `text` in another role (a verdict or note).
        var trailing: String = ""
        var trailingRole: StyleRole = .muted
        var field: Int
    }

    var form: ToolForm
    var glyphs: GlyphSet
    var strings: ToolStrings

    func lines(width: Int) -> [Line] {
        let evaluation = form.evaluation
        let labelWidth = min(30, (form.state.fields.map { TextWidth.columns(of: $0.label) }.max() ?? 0)) + 1
        var out: [Line] = []
        let understood = form.entries.understood
        for (index, (input, field)) in zip(form.inputs, form.state.fields).enumerated() {
            let focused = index == form.state.focus
            let marker = focused ? glyphs.arrowRight + " " : "  "
            let label = marker + pad(TextWidth.truncate(field.label, to: labelWidth - 1, ellipsis: glyphs.ellipsis), labelWidth)
            let problem = form.problem(for: input.key, in: evaluation)
            let note = form.chartNotes[input.key]
            var line = Line(text: label, role: focused ? .focus : .normal, field: index)
            switch field.kind {
            case .choice(let options):
                let picked = field.choice.flatMap { options.indices.contains($0) ? options[$0] : nil }
                if case .choice = input.kind {
                    line.text += picked.map { pad("\($0.title) \($0.title == "1" ? strings.point : strings.points)", 9) + " \($0.descriptor)" } ?? "–"
                } else {
                    let title = picked?.title ?? "–"
                    line.text += focused ? "\(glyphs.arrowLeft) \(title) \(glyphs.arrowRight)" : "  \(title)"
                    if let d = picked?.descriptor, !d.isEmpty { line.text += "  \(d)" }
                }
            case .toggle:
                line.text += field.isOn ? glyphs.toggleOn : glyphs.toggleOff
            default:
                let shown = field.text.isEmpty && !focused ? "…" : field.text + (focused ? "_" : "")
                // A unit typed after the number, or a time of birth, replaces the field's unit.
                let typed = field.text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
                let ownUnit = understood[input.key] == nil && (typed.isEmpty || Double(typed) != nil)
                line.text += pad(shown, 10) + " " + (ownUnit ? input.unit ?? "" : "")
            }
            if let problem {
                line.trailing = "  \(glyphs.statusDanger) \(problem)"
                line.trailingRole = .danger
                if !focused { line.role = .inputInvalid }
            } else if let shown = understood[input.key] {
                // What a unit or a time of birth was read as, and where it came from.
                line.trailing = "  \(shown)" + (note.map { " · \($0)" } ?? "")
                line.trailingRole = .info
            } else if let note {
                line.trailing = "  \(glyphs.statusInfo) \(note)"
                line.trailingRole = .info
            } else if case .date = input.kind {
                let typed = field.text.trimmingCharacters(in: .whitespaces)
                if let day = CalendarDateText.parse(typed, today: form.today), !typed.isEmpty, typed != day.description {
                    line.trailing = "  = \(day.description)"
                    line.trailingRole = .info
                } else if focused {
                    line.trailing = "  \(CalendarDateText.examples)"
                }
            } else if focused || input.kind == .number || input.kind == .integer {
                let range = input.rangeText().resolved(strings.wording)
                if !range.isEmpty, input.kind == .number || input.kind == .integer { line.trailing = "  \(range)" }
                // A unit group's one field is how the required quantity is given, not optional.
                let grouped = !form.spec.unitAlternatives(of: input.key).isEmpty
                if !input.isRequired && !grouped {
                    line.trailing += line.trailing.isEmpty ? "  \(strings.optional)" : " · \(strings.optional)"
                }
            }
            out.append(line)
            if focused, let help = help(for: input), !help.isEmpty {
                for text in TextWrap.wrap(help, width: max(20, width - 6)) {
                    out.append(Line(text: "    \(glyphs.statusInfo) " + text, role: .muted, field: index))
                }
            }
            if focused, case .choice = input.kind, case .choice(let items) = field.kind {
                for (i, item) in items.enumerated() {
                    let mark = field.choice == i ? glyphs.radioOn : glyphs.radioOff
                    let text = "    \(mark) \(pad(item.title, 3)) \(item.descriptor)"
                    out.append(Line(text: text, role: field.choice == i ? .selection : .normal, field: index))
                }
            }
        }
        return out
    }

    /// The focused field's help: a unit group's field says which units it takes (the
    /// declaration's help names the contract's other key, which the form does not show).
    func help(for input: InputSpec) -> String? {
        let others = form.spec.unitAlternatives(of: input.key).compactMap { form.spec.input($0)?.unit }
        guard let unit = input.unit, let example = others.first else { return input.help }
        return UIStrings.fill(strings.unitHelp, ["0": unit, "1": example])
    }

    /// Draws the lines, scrolled so the focused field's rows are visible.
    func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let all = lines(width: area.width)
        let focusRows = all.indices.filter { all[$0].field == form.state.focus }
        var top = 0
        if let last = focusRows.last, last >= area.height { top = last - area.height + 1 }
        if let first = focusRows.first, first < top { top = first }
        for (row, line) in all.dropFirst(top).prefix(area.height).enumerated() {
            let r = area.row(row)
            let end = buffer.put(line.text, x: r.x, y: r.y, role: line.role, clip: r)
            if !line.trailing.isEmpty {
                buffer.put(TextWidth.truncate(line.trailing, to: max(0, r.maxX - end), ellipsis: glyphs.ellipsis),
                           x: end, y: r.y, role: line.trailingRole, clip: r)
            }
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let w = TextWidth.columns(of: text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }
}

/// Localised words the tool views need, gathered once per render from the catalogue.
struct ToolStrings {
    var point: String
    var points: String
    var optional: String
    var result: String
    var missing: String
    var fix: String
    var warning: String
    var interpretation: String
    /// "In {0}, or type another unit after the number ({1})".
    var unitHelp: String
    /// The catalogue the clinical texts of results (categories, sentences, labels) are read from.
    var wording: Localizer

    @MainActor init(_ context: AppContext) {
        point = context.t("tools.point")
        points = context.t("tools.points")
        optional = context.t("tools.optional")
        result = context.t("tools.result")
        missing = context.t("tools.missing")
        fix = context.t("tools.fix")
        warning = context.t("tools.warning")
        interpretation = context.t("tools.interpretation")
        unitHelp = context.t("tools.unit_help")
        wording = context.localizer
    }
}
