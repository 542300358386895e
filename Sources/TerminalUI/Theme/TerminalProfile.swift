/// Picks the theme and glyphs the terminal can actually show, so the rule lives in one place:
/// NO_COLOR (any non-empty value, see no-color.org), `--no-color` or a terminal without colours
/// force monochrome; a locale that is not UTF-8 forces ASCII glyphs.
public enum TerminalProfile {
    public static func theme(requested: ThemeName, noColorFlag: Bool, environment: [String: String],
                             terminalHasColors: Bool) -> Theme {
        let noColorEnv = !(environment["NO_COLOR"] ?? "").isEmpty
        if noColorFlag || noColorEnv || !terminalHasColors { return .monochrome }
        return Theme.named(requested)
    }

    public static func glyphs(localeIsUTF8: Bool) -> GlyphSet {
        localeIsUTF8 ? .unicode : .ascii
    }
}
