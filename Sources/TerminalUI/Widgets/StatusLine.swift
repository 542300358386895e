/// One line of context (ward, user, clock) with left, centre and right segments.
/// When space is short, shorter forms are used first (`leftShort`, then `rightShort` too), then
/// the left is truncated, then the centre, then the right: the centre (who is signed in) is
/// the last to go. The centre sits in the middle of the row, or beside the left when that
/// would collide.
public struct StatusLine: Widget, Sendable {
    public var left: String
    public var center: String
    public var right: String
    /// A shorter left used before anything is cut (the dose counts without the ward name).
    public var leftShort: String?
    /// A shorter right used after `leftShort` (the time without the day).
    public var rightShort: String?
    public var role: StyleRole

    public init(left: String = "", center: String = "", right: String = "", leftShort: String? = nil,
                rightShort: String? = nil, role: StyleRole = .statusBar) {
        self.left = left
        self.center = center
        self.right = right
        self.leftShort = leftShort
        self.rightShort = rightShort
        self.role = role
    }

    /// Left and right forms, fullest first.
    private var forms: [(left: String, right: String)] {
        var forms = [(left, right)]
        if let leftShort { forms.append((leftShort, right)) }
        if let rightShort { forms.append((leftShort ?? left, rightShort)) }
        return forms
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, role: role)
        let width = row.width
        let centerWidth = TextWidth.columns(of: center)
        func needed(_ l: String, _ r: String) -> Int {
            let widths = [TextWidth.columns(of: l), centerWidth, TextWidth.columns(of: r)].filter { $0 > 0 }
            return widths.reduce(0, +) + max(0, widths.count - 1)
        }
        var (leftText, rightText) = forms.first { needed($0.left, $0.right) <= width } ?? forms[forms.count - 1]
        var centerText = center
        if needed(leftText, rightText) > width {
            rightText = TextWidth.truncate(rightText, to: width)
            let rightSpace = TextWidth.columns(of: rightText) > 0 ? TextWidth.columns(of: rightText) + 1 : 0
            centerText = TextWidth.truncate(center, to: max(0, width - rightSpace))
            let centerSpace = TextWidth.columns(of: centerText) > 0 ? TextWidth.columns(of: centerText) + 1 : 0
            leftText = TextWidth.truncate(leftText, to: max(0, width - rightSpace - centerSpace))
        }
        let leftWidth = TextWidth.columns(of: leftText)
        let rightWidth = TextWidth.columns(of: rightText)
        let rightX = row.maxX - rightWidth
        buffer.put(rightText, in: Rect(x: rightX, y: row.y, width: rightWidth, height: 1), role: role)
        buffer.put(leftText, in: Rect(x: row.x, y: row.y, width: leftWidth, height: 1), role: role)
        let cw = TextWidth.columns(of: centerText)
        guard cw > 0 else { return }
        // In the middle when it clears both sides by two columns, else as close to it as allowed.
        let centred = row.x + (width - cw) / 2
        let low = row.x + leftWidth + (leftWidth > 0 ? 2 : 0)
        let high = rightX - (rightWidth > 0 ? 2 : 0) - cw
        let x = low <= high ? min(max(centred, low), high) : row.x + leftWidth + (leftWidth > 0 ? 1 : 0)
        buffer.put(centerText, in: Rect(x: x, y: row.y, width: cw, height: 1), role: role)
    }
}
