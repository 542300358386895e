/// A modal question over the screen: confirm (Yes/No with a default) or alert (OK).
public struct DialogState: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case confirm
        case alert
    }

    public enum Result: Hashable, Sendable {
        case yes, no
        /// Alert acknowledged.
        case ok
    }

    public var kind: Kind
    public var title: String
    public var message: String
    /// For confirm: whether "Yes" is the highlighted button.
    public var yesSelected: Bool

    public static func confirm(title: String, message: String, defaultYes: Bool = false) -> DialogState {
        DialogState(kind: .confirm, title: title, message: message, yesSelected: defaultYes)
    }

    public static func alert(title: String, message: String) -> DialogState {
        DialogState(kind: .alert, title: title, message: message, yesSelected: true)
    }

    /// Left/Right/Tab move between buttons; Enter picks the highlighted one; the first letter of
    /// a button's word picks it; Esc answers No (or dismisses an alert). nil: still open.
    public mutating func handle(_ key: Key, strings: UIStrings = .english) -> Result? {
        switch kind {
        case .alert:
            switch key {
            case .enter, .escape, .char(" "): return .ok
            case .char(let c) where matches(c, strings.ok): return .ok
            default: return nil
            }
        case .confirm:
            switch key {
            case .left, .right, .tab, .backTab: yesSelected.toggle(); return nil
            case .enter, .char(" "): return yesSelected ? .yes : .no
            case .escape: return .no
            case .char(let c) where matches(c, strings.yes): return .yes
            case .char(let c) where matches(c, strings.no): return .no
            default: return nil
            }
        }
    }

    private func matches(_ c: Character, _ word: String) -> Bool {
        guard let first = word.first else { return false }
        return c.lowercased() == first.lowercased()
    }
}

/// Draws a `DialogState` centred in the area: a bordered box, the message wrapped, buttons below.
public struct Dialog: Widget, Sendable {
    public var state: DialogState
    public var strings: UIStrings
    public var glyphs: GlyphSet

    public init(_ state: DialogState, strings: UIStrings = .english, glyphs: GlyphSet = .unicode) {
        self.state = state
        self.strings = strings
        self.glyphs = glyphs
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let maxInner = max(1, min(60, area.width - 4))
        let wrapped = TextWrap.wrap(state.message, width: maxInner)
        let buttons = buttonLabels()
        let buttonsWidth = buttons.map { TextWidth.columns(of: $0.text) }.reduce(0, +) + 2 * max(0, buttons.count - 1)
        let contentWidth = max(buttonsWidth, TextWidth.columns(of: state.title) + 2,
                               wrapped.map { TextWidth.columns(of: $0) }.max() ?? 0)
        let box = area.centered(width: contentWidth + 4, height: wrapped.count + 4)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: glyphs, role: .dialog, title: state.title).inset(left: 1, right: 1)
        let parts = inner.split(.vertical, [.fill, .length(1)])
        for (i, line) in wrapped.enumerated() where i < parts[0].height {
            buffer.put(line, in: parts[0].row(i), role: .dialog, ellipsis: glyphs.ellipsis)
        }
        let buttonRow = parts[1].centered(width: buttonsWidth, height: 1)
        var x = buttonRow.x
        for button in buttons {
            x = buffer.put(button.text, x: x, y: buttonRow.y, role: button.selected ? .selection : .dialog,
                           attributes: button.selected ? .bold : [], clip: parts[1]) + 2
        }
    }

    private func buttonLabels() -> [(text: String, selected: Bool)] {
        switch state.kind {
        case .alert: return [("[ \(strings.ok) ]", true)]
        case .confirm: return [("[ \(strings.yes) ]", state.yesSelected), ("[ \(strings.no) ]", !state.yesSelected)]
        }
    }
}
