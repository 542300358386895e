/// The extra symbols charts draw, chosen from a `GlyphSet` so the ASCII set stays pure ASCII.
struct ChartGlyphs {
    let braille: Bool
    let axisVertical: String
    let axisTick: String
    let axisHorizontal: String
    let axisCorner: String
    let axisTickDown: String
    let bandFill: String
    let cursor: String
    let high: String
    let low: String
    /// Legend swatches for the series styles.
    let solid: String
    let dashed: String
    let points: String
    /// Shades from light to full, for heatmaps.
    let shades: [String]
    /// Left-to-right eighth blocks (▏…█) for horizontal bars; ASCII has only whole cells.
    let horizontalRamp: [String]

    init(_ glyphs: GlyphSet) {
        let unicode = glyphs.hasBraille
        braille = unicode
        axisVertical = unicode ? "│" : "|"
        axisTick = unicode ? "┤" : "+"
        axisHorizontal = unicode ? "─" : "-"
        axisCorner = unicode ? "└" : "+"
        axisTickDown = unicode ? "┬" : "+"
        bandFill = unicode ? "░" : ":"
        cursor = unicode ? "┊" : "|"
        high = glyphs.statusHigh
        low = glyphs.statusLow
        solid = unicode ? "──" : "--"
        dashed = unicode ? "┄┄" : ". "
        points = unicode ? "••" : "**"
        shades = unicode ? ["░", "▒", "▓", "█"] : [".", ":", "+", "#"]
        horizontalRamp = unicode ? ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"] : ["#"]
    }
}
