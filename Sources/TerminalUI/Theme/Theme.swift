/// The eight ANSI colours plus the terminal's own default.
public enum TerminalColor: Hashable, Sendable {
    case terminalDefault
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a role looks: colours plus attributes.
public struct Style: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(_ foreground: TerminalColor = .terminalDefault, on background: TerminalColor = .terminalDefault,
                _ attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// The themes a user can pick (Settings, `--theme`); monochrome is forced by NO_COLOR,
/// `--no-color` or a terminal without colours.
public enum ThemeName: String, CaseIterable, Hashable, Sendable {
    case dark, light, monochrome
}

/// A table from semantic roles to styles. Widgets only name roles; this is the one place
/// that decides colours, so a theme change is a table swap and a full redraw.
public struct Theme: Hashable, Sendable {
    public var name: ThemeName
    public var styles: [StyleRole: Style]

    public init(name: ThemeName, styles: [StyleRole: Style]) {
        self.name = name
        self.styles = styles
    }

    public static func named(_ name: ThemeName) -> Theme {
        switch name {
        case .dark: return .dark
        case .light: return .light
        case .monochrome: return .monochrome
        }
    }

    /// The style of a role, falling back to the terminal's defaults.
    public func style(for role: StyleRole) -> Style { styles[role] ?? Style() }

    /// Light text on the terminal's (dark) background.
    public static let dark = Theme(name: .dark, styles: [
        .normal: Style(),
        .muted: Style(.white, on: .terminalDefault, .dim),
        .header: Style(.cyan, on: .terminalDefault, .bold),
        .tabActive: Style(.black, on: .cyan, .bold),
        .tabInactive: Style(.white, on: .blue),
        .selection: Style(.black, on: .cyan),
        .focus: Style(.yellow, on: .terminalDefault, .bold),
        .warning: Style(.yellow, on: .terminalDefault, .bold),
        .danger: Style(.red, on: .terminalDefault, .bold),
        .ok: Style(.green),
        .info: Style(.cyan),
        .statusBar: Style(.white, on: .blue),
        .functionKey: Style(.black, on: .cyan, .bold),
        .functionLabel: Style(.white, on: .blue),
        .dialog: Style(.white, on: .blue),
        .dialogTitle: Style(.yellow, on: .blue, .bold),
        .border: Style(.cyan),
        .input: Style(.white, on: .black, .underline),
        .inputInvalid: Style(.white, on: .red, .bold),
        .highlight: Style(.yellow, on: .terminalDefault, .bold),
        .chartLine: Style(.green),
        .chartBand: Style(.blue),
        .chartAxis: Style(.white, on: .terminalDefault, .dim),
    ])

    /// Dark text on a light background.
    public static let light = Theme(name: .light, styles: [
        .normal: Style(.black, on: .white),
        .muted: Style(.blue, on: .white),
        .header: Style(.blue, on: .white, .bold),
        .tabActive: Style(.white, on: .blue, .bold),
        .tabInactive: Style(.black, on: .cyan),
        .selection: Style(.white, on: .blue),
        .focus: Style(.magenta, on: .white, .bold),
        .warning: Style(.magenta, on: .white, .bold),
        .danger: Style(.red, on: .white, .bold),
        .ok: Style(.green, on: .white, .bold),
        .info: Style(.blue, on: .white),
        .statusBar: Style(.white, on: .blue),
        .functionKey: Style(.white, on: .black, .bold),
        .functionLabel: Style(.black, on: .cyan),
        .dialog: Style(.black, on: .cyan),
        .dialogTitle: Style(.blue, on: .cyan, .bold),
        .border: Style(.blue, on: .white),
        .input: Style(.black, on: .white, .underline),
        .inputInvalid: Style(.white, on: .red, .bold),
        .highlight: Style(.red, on: .white, .bold),
        .chartLine: Style(.blue, on: .white),
        .chartBand: Style(.cyan, on: .white),
        .chartAxis: Style(.black, on: .white),
    ])

    /// No colour at all: meaning carried by attributes, symbols and words only.
    public static let monochrome = Theme(name: .monochrome, styles: [
        .normal: Style(),
        .muted: Style(.terminalDefault, on: .terminalDefault, .dim),
        .header: Style(.terminalDefault, on: .terminalDefault, .bold),
        .tabActive: Style(.terminalDefault, on: .terminalDefault, [.reverse, .bold]),
        .tabInactive: Style(),
        .selection: Style(.terminalDefault, on: .terminalDefault, .reverse),
        .focus: Style(.terminalDefault, on: .terminalDefault, [.bold, .underline]),
        .warning: Style(.terminalDefault, on: .terminalDefault, .bold),
        .danger: Style(.terminalDefault, on: .terminalDefault, [.bold, .underline]),
        .ok: Style(),
        .info: Style(),
        .statusBar: Style(.terminalDefault, on: .terminalDefault, .reverse),
        .functionKey: Style(.terminalDefault, on: .terminalDefault, .bold),
        .functionLabel: Style(.terminalDefault, on: .terminalDefault, .reverse),
        .dialog: Style(),
        .dialogTitle: Style(.terminalDefault, on: .terminalDefault, .bold),
        .border: Style(),
        .input: Style(.terminalDefault, on: .terminalDefault, .underline),
        .inputInvalid: Style(.terminalDefault, on: .terminalDefault, [.reverse, .bold]),
        .highlight: Style(.terminalDefault, on: .terminalDefault, [.bold, .underline]),
        .chartLine: Style(),
        .chartBand: Style(.terminalDefault, on: .terminalDefault, .dim),
        .chartAxis: Style(.terminalDefault, on: .terminalDefault, .dim),
    ])
}
