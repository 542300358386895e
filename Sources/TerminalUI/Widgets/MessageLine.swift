/// A one-line message for the user: info, success, warning or error, with its symbol so the
/// kind reads without colour.
public struct Message: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case info, success, warning, error
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public static func info(_ text: String) -> Message { Message(.info, text) }
    public static func success(_ text: String) -> Message { Message(.success, text) }
    public static func warning(_ text: String) -> Message { Message(.warning, text) }
    public static func error(_ text: String) -> Message { Message(.error, text) }

    var status: StatusBadge.Status {
        switch kind {
        case .info: return .info
        case .success: return .ok
        case .warning: return .warning
        case .error: return .danger
        }
    }
}

/// Draws a `Message` (or nothing) on one row.
public struct MessageLine: Widget, Sendable {
    public var message: Message?
    public var glyphs: GlyphSet

    public init(_ message: Message?, glyphs: GlyphSet = .unicode) {
        self.message = message
        self.glyphs = glyphs
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row)
        guard let message else { return }
        StatusBadge(message.status, word: message.text, glyphs: glyphs).render(in: row, into: &buffer)
    }
}
