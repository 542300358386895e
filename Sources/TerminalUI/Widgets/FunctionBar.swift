/// The bottom line listing the screen's keys, generated from its bindings so it cannot
/// disagree with what the keys do. Bindings with an empty label are left out; what does not
/// fit is dropped from the end (the help overlay lists everything).
public struct FunctionBar: Widget, Sendable {
    public enum Style: Sendable, Hashable {
        /// "? Help  : Palette  q Quit": key name then label.
        case keyLabels
        /// "1Help 2Save …" (Midnight Commander): F-key number then a label in a fixed slot.
        case functionKeys
    }

    public var bindings: [KeyBinding]
    public var style: Style

    public init(bindings: [KeyBinding], style: Style = .keyLabels) {
        self.bindings = bindings
        self.style = style
    }

    public init(keyMap: KeyMap, style: Style = .keyLabels) {
        self.init(bindings: keyMap.bindings, style: style)
    }

    /// (key text, label, greyed) in drawing order.
    func items() -> [(key: String, label: String, disabled: Bool)] {
        bindings.compactMap { b in
            guard !b.label.isEmpty, let key = b.keys.first else { return nil }
            if style == .functionKeys, case .function(let n) = key { return ("\(n)", b.label, b.disabledReason != nil) }
            return (key.name, b.label, b.disabledReason != nil)
        }
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, role: .functionLabel)
        var x = row.x
        for (index, item) in items().enumerated() {
            let keyText = style == .keyLabels ? "\(item.key) " : item.key
            let labelText = item.label
            let needed = TextWidth.columns(of: keyText) + TextWidth.columns(of: labelText)
            let gap = index == 0 ? 0 : (style == .keyLabels ? 2 : 1)
            guard x + gap + needed <= row.maxX else { break }
            x += gap
            // What the person at the keyboard may not do stays on the bar, greyed.
            x = buffer.put(keyText, x: x, y: row.y, role: item.disabled ? .muted : .functionKey, clip: row)
            x = buffer.put(labelText, x: x, y: row.y, role: item.disabled ? .muted : .functionLabel, clip: row)
        }
    }
}
