/// A grid of sub-cell dots: Braille gives 2×4 dots per cell; the ASCII fallback 1×3
/// (a dot high, middle or low in the cell, drawn as ' - . and | when more than one is set;
/// `:` stays free for band shading).
/// Each cell remembers the role of the layer that drew there last with the highest priority.
struct DotCanvas: Equatable {
    let columns: Int
    let rows: Int
    let braille: Bool
    let dotsWide: Int
    let dotsHigh: Int
    private(set) var bits: [UInt8]
    private(set) var roles: [StyleRole?]
    private var priorities: [Int]

    init(columns: Int, rows: Int, braille: Bool) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.braille = braille
        dotsWide = braille ? 2 : 1
        dotsHigh = braille ? 4 : 3
        bits = Array(repeating: 0, count: self.columns * self.rows)
        roles = Array(repeating: nil, count: self.columns * self.rows)
        priorities = Array(repeating: Int.min, count: self.columns * self.rows)
    }

    var pixelWidth: Int { columns * dotsWide }
    var pixelHeight: Int { rows * dotsHigh }

    /// Braille dot bits by (column within cell, row within cell).
    private static let brailleBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at pixel (px, py), 0,0 top-left; outside is ignored.
    mutating func set(_ px: Int, _ py: Int, role: StyleRole, priority: Int) {
        guard px >= 0, py >= 0, px < pixelWidth, py < pixelHeight else { return }
        let cx = px / dotsWide, cy = py / dotsHigh
        let i = cy * columns + cx
        let bit: UInt8 = braille ? Self.brailleBits[px % 2][py % 4] : UInt8(1 << (py % 3))
        bits[i] |= bit
        if priority >= priorities[i] {
            priorities[i] = priority
            roles[i] = role
        }
    }

    /// A straight line between two pixels (Bresenham); `dashed` leaves every other pair of dots out.
    mutating func line(from a: (Int, Int), to b: (Int, Int), role: StyleRole, priority: Int, dashed: Bool) {
        var x0 = a.0, y0 = a.1
        let dx = abs(b.0 - x0), dy = -abs(b.1 - y0)
        let sx = x0 < b.0 ? 1 : -1, sy = y0 < b.1 ? 1 : -1
        var err = dx + dy
        var n = 0
        while true {
            if !dashed || (n / 2) % 2 == 0 { set(x0, y0, role: role, priority: priority) }
            if x0 == b.0 && y0 == b.1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x0 += sx }
            if e2 <= dx { err += dx; y0 += sy }
            n += 1
            if n > 1_000_000 { break }
        }
    }

    func hasDots(column: Int, row: Int) -> Bool { bits[row * columns + column] != 0 }

    /// The glyph for a cell with dots, or nil when it has none.
    func glyph(column: Int, row: Int) -> String? {
        let b = bits[row * columns + column]
        guard b != 0 else { return nil }
        if braille { return String(UnicodeScalar(0x2800 + UInt32(b))!) }
        switch b {
        case 0b001: return "'"
        case 0b010: return "-"
        case 0b100: return "."
        default: return "|"
        }
    }

    func role(column: Int, row: Int) -> StyleRole? { roles[row * columns + column] }
}
