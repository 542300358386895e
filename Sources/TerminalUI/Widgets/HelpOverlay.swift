/// Filter text and scroll of the `?` overlay.
public struct HelpOverlayState: Hashable, Sendable {
    public var filter: String
    public var scroll: Int

    public init(filter: String = "", scroll: Int = 0) {
        self.filter = filter
        self.scroll = scroll
    }

    /// Typing filters, Backspace edits, Up/Down/PgUp/PgDn scroll; returns false on Esc (close).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .escape: return false
        case .backspace: if !filter.isEmpty { filter.removeLast() }; scroll = 0
        case .ctrl("u"): filter = ""; scroll = 0
        case .up: scroll = max(0, scroll - 1)
        case .down: scroll += 1
        case .pageUp: scroll = max(0, scroll - 10)
        case .pageDown: scroll += 10
        case .char(let c): filter.append(c); scroll = 0
        default: break
        }
        return true
    }
}

/// The `?` overlay: every binding of the screen in front, grouped, filtered as you type
/// (matching key names, labels and help text, case-insensitively). A binding the person at the
/// keyboard may not use is greyed, with the reason under it.
public struct HelpOverlay: Widget, Sendable {
    public var keyMap: KeyMap
    public var state: HelpOverlayState
    public var strings: UIStrings
    public var glyphs: GlyphSet

    public init(keyMap: KeyMap, state: HelpOverlayState, strings: UIStrings = .english, glyphs: GlyphSet = .unicode) {
        self.keyMap = keyMap
        self.state = state
        self.strings = strings
        self.glyphs = glyphs
    }

    /// The lines shown (group headings and bindings) after filtering. Greyed bindings are
    /// followed by why, once under the last one it explains (wrapped to `width` when given):
    /// people learn whom to ask.
    public func lines(width: Int? = nil) -> [(text: String, role: StyleRole)] {
        let needle = state.filter.lowercased()
        let keyWidth = keyMap.bindings.map { TextWidth.columns(of: $0.keyNames) }.max() ?? 0
        let indent = String(repeating: " ", count: keyWidth + 4)
        var out: [(String, StyleRole)] = []
        for (group, bindings) in keyMap.groups {
            let shown = bindings.filter { b in
                needle.isEmpty || b.keyNames.lowercased().contains(needle) || b.label.lowercased().contains(needle)
                    || b.help.lowercased().contains(needle)
            }
            guard !shown.isEmpty else { continue }
            if !group.isEmpty { out.append((group, .header)) }
            for (index, b) in shown.enumerated() {
                out.append(("  " + TextWidth.fit(b.keyNames, to: keyWidth) + "  " + b.help, b.disabledReason == nil ? .normal : .muted))
                // Why, once, under the last greyed binding it explains.
                guard let reason = b.disabledReason, !shown[(index + 1)...].contains(where: { $0.disabledReason == reason }) else { continue }
                let wrapped = width.map { TextWrap.wrap(reason, width: max(10, $0 - TextWidth.columns(of: indent))) } ?? [reason]
                out += wrapped.map { (indent + $0, StyleRole.muted) }
            }
        }
        return out
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let box = area.centered(width: min(area.width, 76), height: area.height - 2 > 4 ? area.height - 2 : area.height)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: glyphs, role: .dialog, title: strings.helpTitle).inset(left: 1, right: 1)
        let parts = inner.split(.vertical, [.length(1), .length(1), .fill])
        let prompt = buffer.put(strings.helpFilterPrompt, x: parts[0].x, y: parts[0].y, role: .muted, clip: parts[0])
        let input = Rect(x: prompt, y: parts[0].y, width: parts[0].maxX - prompt, height: parts[0].height)
        buffer.put(state.filter, in: input, role: .input, ellipsis: glyphs.ellipsis)
        let body = parts[2]
        let all = lines(width: body.width)
        if all.isEmpty {
            buffer.put(strings.helpNoMatch, in: body.row(0), role: .muted, ellipsis: glyphs.ellipsis)
            return
        }
        let first = min(state.scroll, max(0, all.count - body.height))
        for (i, line) in all.dropFirst(first).prefix(body.height).enumerated() {
            buffer.put(line.text, in: body.row(i), role: line.role == .normal ? .dialog : line.role,
                       ellipsis: glyphs.ellipsis)
        }
    }
}
