/// A status is never shown by colour alone: a symbol and a word go with it ("✔ normal",
/// "▲ high", "! overdue"). The caller passes the word (localised); the kit picks symbol and role.
public struct StatusBadge: Widget, Sendable, Hashable {
    public enum Status: Sendable, Hashable, CaseIterable {
        case ok, high, low, warning, danger, unknown, info

        public var role: StyleRole {
            switch self {
            case .ok: return .ok
            case .high, .low, .warning: return .warning
            case .danger: return .danger
            case .unknown: return .muted
            case .info: return .info
            }
        }

        public func symbol(_ glyphs: GlyphSet) -> String {
            switch self {
            case .ok: return glyphs.statusOK
            case .high: return glyphs.statusHigh
            case .low: return glyphs.statusLow
            case .warning: return glyphs.statusWarning
            case .danger: return glyphs.statusDanger
            case .unknown: return glyphs.statusUnknown
            case .info: return glyphs.statusInfo
            }
        }
    }

    public var status: Status
    public var word: String
    public var glyphs: GlyphSet

    public init(_ status: Status, word: String, glyphs: GlyphSet = .unicode) {
        self.status = status
        self.word = word
        self.glyphs = glyphs
    }

    /// "✔ normal": for embedding in table cells.
    public var text: String { word.isEmpty ? status.symbol(glyphs) : "\(status.symbol(glyphs)) \(word)" }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.put(text, in: area.row(0), role: status.role)
    }
}
