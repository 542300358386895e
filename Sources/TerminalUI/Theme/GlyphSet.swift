/// Every non-letter symbol widgets draw, in a Unicode and an ASCII version: a non-UTF-8
/// locale draws non-ASCII as blanks, so the app switches to `.ascii` there.
public struct GlyphSet: Hashable, Sendable {
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var check: String
    public var cross: String
    public var arrowUp: String
    public var arrowDown: String
    public var arrowLeft: String
    public var arrowRight: String
    public var bullet: String
    public var ellipsis: String
    /// Toggle boxes: on / off.
    public var toggleOn: String
    public var toggleOff: String
    /// Radio marks for choice options: selected / not.
    public var radioOn: String
    public var radioOff: String
    /// Status symbols: ✔ ok, ▲ high, ▼ low, ! warning/overdue, ✖ danger/error, ? unknown, i info.
    public var statusOK: String
    public var statusHigh: String
    public var statusLow: String
    public var statusWarning: String
    public var statusDanger: String
    public var statusUnknown: String
    public var statusInfo: String
    /// Bar heights from lowest to full, for sparklines and bar charts (index 0 = lowest step).
    public var barRamp: [String]
    /// Whether braille dot patterns (U+2800…) can be drawn, for denser charts.
    public var hasBraille: Bool

    public static let unicode = GlyphSet(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        check: "✔", cross: "✖", arrowUp: "▲", arrowDown: "▼", arrowLeft: "◀", arrowRight: "▶",
        bullet: "•", ellipsis: "…", toggleOn: "[✔]", toggleOff: "[ ]", radioOn: "(•)", radioOff: "( )",
        statusOK: "✔", statusHigh: "▲", statusLow: "▼", statusWarning: "!", statusDanger: "✖",
        statusUnknown: "?", statusInfo: "i",
        barRamp: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], hasBraille: true)

    public static let ascii = GlyphSet(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        check: "+", cross: "x", arrowUp: "^", arrowDown: "v", arrowLeft: "<", arrowRight: ">",
        bullet: "*", ellipsis: "~", toggleOn: "[x]", toggleOff: "[ ]", radioOn: "(*)", radioOff: "( )",
        statusOK: "+", statusHigh: "^", statusLow: "v", statusWarning: "!", statusDanger: "x",
        statusUnknown: "?", statusInfo: "i",
        barRamp: ["_", ".", ":", "-", "=", "+", "*", "#"], hasBraille: false)
}
