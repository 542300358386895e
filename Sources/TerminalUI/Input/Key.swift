/// A key press, already decoded by the backend (or parsed from a `--keys` replay string).
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space).
    case char(Character)
    case enter, escape, tab, backTab
    case up, down, left, right
    case pageUp, pageDown, home, end
    case backspace, delete, insert
    /// F1…F12.
    case function(Int)
    /// Control plus a letter, lower-cased: `.ctrl("c")`.
    case ctrl(Character)

    /// The name used in key maps, help and `--keys`: "Esc", "S-Tab", "PgDn", "F1", "C-c", "Space", "q".
    public var name: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .function(let n): return "F\(n)"
        case .ctrl(let c): return "C-\(c)"
        }
    }

    /// The names `KeySequence.parse` accepts (besides F1…F12, C-x and single characters),
    /// with aliases; case-insensitive.
    static let namedKeys: [String: Key] = [
        "enter": .enter, "return": .enter, "ret": .enter,
        "esc": .escape, "escape": .escape,
        "tab": .tab, "s-tab": .backTab, "backtab": .backTab, "btab": .backTab,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "ppage": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown, "npage": .pageDown,
        "home": .home, "end": .end,
        "backspace": .backspace, "bspace": .backspace, "bs": .backspace,
        "del": .delete, "delete": .delete, "dc": .delete,
        "ins": .insert, "insert": .insert, "ic": .insert,
        "space": .char(" "),
    ]

    /// Parses one key name ("Esc", "S-Tab", "F5", "C-c"); nil when it is not a key name.
    public init?(name: String) {
        let lower = name.lowercased()
        if let key = Key.namedKeys[lower] {
            self = key
            return
        }
        if lower.count >= 2, lower.first == "f", let n = Int(lower.dropFirst()) {
            guard (1...12).contains(n) else { return nil }
            self = .function(n)
            return
        }
        if lower.count == 3, lower.hasPrefix("c-"), let c = lower.last, c.isASCII, c.isLetter {
            self = .ctrl(c)
            return
        }
        if name.count == 1, let c = name.first {
            self = .char(c)
            return
        }
        return nil
    }
}
