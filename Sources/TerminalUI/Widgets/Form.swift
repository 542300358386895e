/// Draws a form: one row per field — label, input (with unit), then the verdict: the error
/// in the invalid style with its symbol, or what a date/choice was understood as.
/// Scrolls to keep the focused field visible when the area is short.
public struct Form: Widget, Sendable {
    public var state: FormState
    public var glyphs: GlyphSet
    /// Columns for the input itself (the unit follows it).
    public var inputWidth: Int

    public init(_ state: FormState, glyphs: GlyphSet = .unicode, inputWidth: Int = 22) {
        self.state = state
        self.glyphs = glyphs
        self.inputWidth = inputWidth
    }

    static func firstVisible(focus: Int, count: Int, height: Int) -> Int {
        ListState.offset(for: focus, current: 0, visibleRows: height, count: count)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area)
        guard !area.isEmpty, !state.fields.isEmpty else { return }
        let labelWidth = min(state.fields.map { TextWidth.columns(of: $0.label) }.max() ?? 0, max(4, area.width / 3))
        let unitWidth = state.fields.map { field -> Int in
            if case .number(let spec) = field.kind { return TextWidth.columns(of: spec.unit) }
            return 0
        }.max() ?? 0
        let valueWidth = inputWidth + (unitWidth > 0 ? unitWidth + 1 : 0)
        let first = Form.firstVisible(focus: state.focus, count: state.fields.count, height: area.height)
        for row in 0..<area.height {
            let index = first + row
            guard state.fields.indices.contains(index) else { break }
            // A path takes the row, leaving a third (at most 30 columns) for what is wrong with it.
            let width = state.fields[index].fillsRow
                ? max(valueWidth, area.width - labelWidth - 2 - min(30, area.width / 3)) : valueWidth
            let columns = area.row(row).split(.horizontal, [.length(labelWidth), .length(width), .fill], spacing: 1)
            draw(state.fields[index], focused: index == state.focus, label: columns[0], value: columns[1],
                 verdict: columns[2], into: &buffer)
        }
    }

    private func draw(_ field: FormField, focused: Bool, label: Rect, value: Rect, verdict: Rect,
                      into buffer: inout Buffer) {
        let check = field.check(state.context)
        buffer.put(field.label, in: label, role: focused ? .focus : .normal, ellipsis: glyphs.ellipsis)
        let invalid = !check.isAcceptable
        let inputRole: StyleRole = invalid ? .inputInvalid : .input
        switch field.kind {
        case .toggle:
            buffer.put(field.isOn ? glyphs.toggleOn : glyphs.toggleOff, in: value,
                       role: focused ? .focus : .normal)
        case .choice(let options):
            let title = field.choice.flatMap { options.indices.contains($0) ? options[$0].title : nil } ?? ""
            let parts = value.split(.horizontal, [.length(2), .fill, .length(2)])
            buffer.fill(parts[1], role: inputRole)
            buffer.put(title, in: parts[1], role: inputRole, ellipsis: glyphs.ellipsis)
            if focused {
                buffer.put(glyphs.arrowLeft, in: parts[0], role: .focus)
                buffer.put(glyphs.arrowRight, in: parts[2], role: .focus, alignment: .right)
            }
        case .text, .number, .dateTime:
            var unit = ""
            if case .number(let spec) = field.kind { unit = spec.unit }
            let unitWidth = TextWidth.columns(of: unit)
            let parts = value.split(.horizontal, [.fill, .length(unitWidth)], spacing: unitWidth > 0 ? 1 : 0)
            drawInput(field, focused: focused, role: inputRole, in: parts[0], into: &buffer)
            buffer.put(unit, in: parts[1], role: .muted)
        }
        switch check {
        case .invalid(let message):
            buffer.put("\(glyphs.statusDanger) \(message)", in: verdict, role: .danger, ellipsis: glyphs.ellipsis)
        case .valid(let understood?):
            buffer.put(understood, in: verdict, role: .info, ellipsis: glyphs.ellipsis)
        default:
            break
        }
    }

    /// The typed text, scrolled so the cursor stays visible; the cursor cell is reversed, and
    /// so is the whole text while it is a selected prefilled value (typing replaces it).
    private func drawInput(_ field: FormField, focused: Bool, role: StyleRole, in area: Rect,
                           into buffer: inout Buffer) {
        buffer.fill(area, role: role)
        guard !area.isEmpty else { return }
        // A secret shows how many characters, never which.
        let chars = field.isSecret ? Array(repeating: glyphs.bullet.first ?? "*", count: field.text.count) : Array(field.text)
        let cursor = min(max(0, field.cursor), chars.count)
        // Scroll left just enough to keep the cursor column inside the area.
        var start = 0
        while start < cursor,
              TextWidth.columns(of: String(chars[start..<cursor])) + 1 > area.width { start += 1 }
        var x = area.x
        for i in start...chars.count {
            let isCursor = focused && (i == cursor || field.isSelected)
            let grapheme = i < chars.count ? String(chars[i]) : " "
            let w = max(1, TextWidth.columns(of: grapheme))
            guard x + w <= area.maxX else { break }
            buffer.put(grapheme, x: x, y: area.y, role: role, attributes: isCursor ? .reverse : [], clip: area)
            x += w
        }
    }
}
