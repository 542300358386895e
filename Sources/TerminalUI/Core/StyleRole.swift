/// What a cell means, not how it looks: a `Theme` maps each role to colours and attributes,
/// so screens never name a colour and monochrome/light/dark stay one table each.
public enum StyleRole: String, CaseIterable, Hashable, Sendable {
    case normal
    case muted
    case header
    case tabActive
    case tabInactive
    case selection
    case focus
    case warning
    case danger
    case ok
    case info
    case statusBar
    case functionKey
    case functionLabel
    case dialog
    case dialogTitle
    case border
    case input
    case inputInvalid
    case highlight
    case chartLine
    case chartBand
    case chartAxis
}
