import Foundation

/// What a key did to a form, for the screen to act on.
public enum FormOutcome: Hashable, Sendable {
    /// The key was not for the form (let the screen's key map have it).
    case ignored
    /// Focus moved or nothing visible changed.
    case moved
    /// A field's value changed (the form is now dirty).
    case edited
    /// Enter on a valid form: save it.
    case submit
    /// Enter on an invalid form: not saved; focus is on the first invalid field; the message says why.
    case refused(String)
    /// Esc: leave the form (ask first when `isDirty`).
    case cancel
}

/// The fields, focus and dirtiness of a form, owned by the screen. Fields validate as you
/// type; `handle` never clamps a value and refuses to submit while any field is invalid.
public struct FormState: Hashable, Sendable {
    public var fields: [FormField]
    public var focus: Int
    /// True once the user changed anything (ask before discarding).
    public var isDirty: Bool
    public var context: FormContext

    public init(fields: [FormField], context: FormContext) {
        self.fields = fields
        self.focus = 0
        self.isDirty = false
        self.context = context
    }

    public var isValid: Bool { fields.allSatisfy { $0.check(context).isAcceptable } }

    /// Every invalid field with its message ("Weight: must be between 0.3 and 10 kg").
    public var problems: [(id: String, message: String)] {
        fields.compactMap { field in
            if case .invalid(let message) = field.check(context) { return (field.id, "\(field.label): \(message)") }
            return nil
        }
    }

    public subscript(id: String) -> FormField? {
        get { fields.first(where: { $0.id == id }) }
        set {
            guard let i = fields.firstIndex(where: { $0.id == id }), let newValue else { return }
            fields[i] = newValue
        }
    }

    public func text(_ id: String) -> String? { self[id]?.text }
    public func number(_ id: String) -> Double? { self[id]?.numberValue }
    public func choice(_ id: String) -> Int? { self[id]?.choice }
    public func isOn(_ id: String) -> Bool { self[id]?.isOn ?? false }
    public func date(_ id: String) -> Date? { self[id]?.dateValue(context) }

    public mutating func handle(_ key: Key) -> FormOutcome {
        guard fields.indices.contains(focus) else { return key == .escape ? .cancel : .ignored }
        switch key {
        case .tab: focus = (focus + 1) % fields.count; return .moved
        case .backTab: focus = (focus + fields.count - 1) % fields.count; return .moved
        case .down: focus = min(fields.count - 1, focus + 1); return .moved
        case .up: focus = max(0, focus - 1); return .moved
        case .escape: return .cancel
        case .enter: return submit()
        default: return edit(key)
        }
    }

    /// Focuses the field under a click in a form drawn in `area`.
    public mutating func handle(_ mouse: MouseEvent, in area: Rect) -> FormOutcome {
        guard case .click = mouse.kind, area.contains(x: mouse.x, y: mouse.y) else { return .ignored }
        let index = Form.firstVisible(focus: focus, count: fields.count, height: area.height) + (mouse.y - area.y)
        guard fields.indices.contains(index) else { return .ignored }
        focus = index
        return .moved
    }

    /// Submits if valid; otherwise focuses the first invalid field and says why.
    public mutating func submit() -> FormOutcome {
        guard let first = fields.firstIndex(where: { !$0.check(context).isAcceptable }) else { return .submit }
        focus = first
        return .refused(problems.first?.message ?? "")
    }

    private mutating func edit(_ key: Key) -> FormOutcome {
        var field = fields[focus]
        defer { fields[focus] = field }
        switch field.kind {
        case .toggle:
            guard key == .char(" ") || key == .left || key == .right else { return .ignored }
            field.isOn.toggle()
        case .choice(let options):
            guard !options.isEmpty else { return .ignored }
            switch key {
            case .left: field.choice = max(0, (field.choice ?? 0) - 1)
            case .right, .char(" "): field.choice = field.choice.map { min(options.count - 1, $0 + 1) } ?? 0
            case .char(let c):
                guard let n = c.wholeNumberValue, n >= 1, n <= options.count else { return .ignored }
                field.choice = n - 1
            default: return .ignored
            }
        case .text, .number, .dateTime:
            var chars = Array(field.text)
            field.cursor = min(max(0, field.cursor), chars.count)
            if field.isSelected, case .char(let c) = key {
                var emptied = field
                emptied.text = ""
                guard emptied.accepts(c) else { return .ignored }
                field = emptied
                chars.removeAll()
                field.cursor = 0
            }
            let wasSelected = field.isSelected
            field.isSelected = false
            switch key {
            case .left: field.cursor = max(0, field.cursor - 1); return .moved
            case .right: field.cursor = min(chars.count, field.cursor + 1); return .moved
            case .home, .ctrl("a"): field.cursor = 0; return .moved
            case .end, .ctrl("e"): field.cursor = chars.count; return .moved
            case .backspace:
                guard field.cursor > 0 else { return .moved }
                chars.remove(at: field.cursor - 1)
                field.cursor -= 1
            case .delete:
                guard field.cursor < chars.count else { return .moved }
                chars.remove(at: field.cursor)
            case .ctrl("u"):
                chars.removeAll()
                field.cursor = 0
            case .char(let c):
                guard field.accepts(c) else { return .ignored }
                chars.insert(c, at: field.cursor)
                // A combining mark (or a Hangul jamo, an emoji's ZWJ part) joins the grapheme
                // before it: the cursor counts the graphemes the text now has up to it.
                field.cursor = String(chars[..<(field.cursor + 1)]).count
            default:
                field.isSelected = wasSelected
                return .ignored
            }
            field.text = String(chars)
        }
        isDirty = true
        return .edited
    }
}
