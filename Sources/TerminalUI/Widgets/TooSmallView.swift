/// Replaces the whole layout when the terminal is smaller than the app can draw:
/// "Enlarge the window to at least 80×24 (now 60×20)", centred, wrapped, clipped.
public struct TooSmallView: Widget, Sendable {
    public var minimumWidth: Int
    public var minimumHeight: Int
    public var strings: UIStrings

    public init(minimumWidth: Int = 80, minimumHeight: Int = 24, strings: UIStrings = .english) {
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.strings = strings
    }

    /// Whether a terminal of this size must show this view instead of the app.
    public func applies(width: Int, height: Int) -> Bool { width < minimumWidth || height < minimumHeight }

    public func message(width: Int, height: Int) -> String {
        UIStrings.fill(strings.tooSmall, ["minW": "\(minimumWidth)", "minH": "\(minimumHeight)",
                                          "w": "\(width)", "h": "\(height)"])
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area)
        guard !area.isEmpty else { return }
        let lines = TextWrap.wrap(message(width: area.width, height: area.height), width: area.width)
        let box = area.centered(width: area.width, height: lines.count)
        for (i, line) in lines.enumerated() {
            buffer.put(line, in: box.row(i), role: .warning, alignment: .center)
        }
    }
}
