import Clinical
import Foundation
import TerminalUI

/// An axial slice of an adult brain in text, front at the top and the patient's right on the
/// left (as a CT is read), with the estimated haematoma drawn to scale.
///
/// Scaling rule (`HaematomaScale`): the haematoma fills (V / 1,200 mL)^(2/3) of the slice's
/// inner cells — the area ratio of two similar solids cut through their middles, against a
/// typical adult brain — at least one cell for any bleed, and at most one hemisphere. The cells
/// nearest the bleed's centre (in the right hemisphere) are filled first, so a larger volume
/// always covers the cells of a smaller one. Only the area carries information; the place is
/// schematic. Filled cells differ by glyph (█, ASCII #), not only by colour.
struct AxialBrainPicture: Widget {
    var volumeMl: Double
    var glyphs: GlyphSet

    /// 13 rows by 21 columns: about 170 × 140 mm (front to back, side to side) in cells twice
    /// as tall as wide.
    static let rows = 13
    static let columns = 21

    /// Which cells are the outline, which are inside, and the glyph for each outline cell.
    struct Slice {
        var outline: [(x: Int, y: Int, glyph: Int)] = []
        var inside: [(x: Int, y: Int)] = []
        var midline: Int
    }

    /// The slice, worked out once: an ellipse a little narrower at the front. Outline glyph
    /// index: 0 vertical, 1 rising, 2 horizontal, 3 falling.
    static let slice: Slice = {
        let cx = Double(columns - 1) / 2, cy = Double(rows - 1) / 2
        let rx = Double(columns) / 2, ry = Double(rows) / 2
        func isInside(_ x: Int, _ y: Int) -> Bool {
            let dy = (Double(y) - cy) / ry
            let narrowing = 1 - 0.06 * max(0, -dy)
            let dx = (Double(x) - cx) / (rx * narrowing)
            return dx * dx + dy * dy <= 1
        }
        var slice = Slice(midline: columns / 2)
        for y in 0..<rows {
            for x in 0..<columns where isInside(x, y) {
                let edge = !(isInside(x + 1, y) && isInside(x - 1, y) && isInside(x, y + 1) && isInside(x, y - 1))
                guard edge else { slice.inside.append((x, y)); continue }
                // The outline's direction from the ellipse's normal (cells twice as tall as wide).
                let nx = (Double(x) - cx) / (rx * rx), ny = 2 * (Double(y) - cy) / (ry * ry)
                var degrees = atan2(-ny, nx) * 180 / Double.pi
                if degrees < 0 { degrees += 180 }
                let glyph = degrees < 22.5 || degrees >= 157.5 ? 0 : degrees < 67.5 ? 3 : degrees < 112.5 ? 2 : 1
                slice.outline.append((x, y, glyph))
            }
        }
        return slice
    }()

    /// The haematoma's cells for `volumeMl`, nearest its centre first (ties top-left first).
    static func haematoma(volumeMl: Double) -> [(x: Int, y: Int)] {
        let s = slice
        let hx = Double(columns - 1) / 2 - Double(columns) / 4, hy = Double(rows - 1) / 2 - 0.5
        let hemisphere = s.inside.filter { $0.x < s.midline }
        let ordered = hemisphere.sorted { a, b in
            let da = pow((Double(a.x) - hx) / 2, 2) + pow(Double(a.y) - hy, 2)
            let db = pow((Double(b.x) - hx) / 2, 2) + pow(Double(b.y) - hy, 2)
            return da != db ? da < db : (a.y, a.x) < (b.y, b.x)
        }
        let n = min(hemisphere.count, HaematomaScale.cells(volumeMl: volumeMl, sliceCells: s.inside.count))
        return Array(ordered.prefix(n))
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.width >= Self.columns, area.height >= Self.rows else { return }
        let unicode = glyphs.hasBraille
        let strokes = unicode ? ["│", "╱", "─", "╲"] : ["|", "/", "-", "\\"]
        for cell in Self.slice.outline {
            buffer.set(Cell(strokes[cell.glyph], role: .border), x: area.x + cell.x, y: area.y + cell.y)
        }
        // The falx: the midline at the front and the back.
        for y in [1, Self.rows - 2] {
            buffer.set(Cell(unicode ? "┊" : ":", role: .muted), x: area.x + Self.slice.midline, y: area.y + y)
        }
        for cell in Self.haematoma(volumeMl: volumeMl) {
            buffer.set(Cell(unicode ? "█" : "#", role: .danger), x: area.x + cell.x, y: area.y + cell.y)
        }
    }
}
