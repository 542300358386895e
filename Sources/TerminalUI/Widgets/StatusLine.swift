/// One line of context (ward, user, clock) with left, centre and right segments.
/// When space is short the right segment wins, then the left, then the centre.
public struct StatusLine: Widget, Sendable {
    public var left: String
    public var center: String
    public var right: String
    public var role: StyleRole

    public init(left: String = "", center: String = "", right: String = "", role: StyleRole = .statusBar) {
        self.left = left
        self.center = center
        self.right = right
        self.role = role
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, role: role)
        let rightText = TextWidth.truncate(right, to: row.width)
        let rightWidth = TextWidth.columns(of: rightText)
        let parts = row.split(.horizontal, [.fill, .length(rightWidth)])
        buffer.put(rightText, in: parts[1], role: role, alignment: .right)
        let leftArea = parts[0].inset(right: rightWidth > 0 ? 1 : 0)
        let leftText = TextWidth.truncate(left, to: leftArea.width)
        buffer.put(leftText, in: leftArea, role: role)
        // The centre goes in the middle of the whole row if it does not collide with the sides.
        let centerWidth = TextWidth.columns(of: center)
        let leftWidth = TextWidth.columns(of: leftText)
        let centred = row.centered(width: centerWidth, height: 1)
        if centerWidth > 0, centred.x > row.x + leftWidth, centred.maxX < parts[1].x {
            buffer.put(center, in: centred, role: role)
        }
    }
}
