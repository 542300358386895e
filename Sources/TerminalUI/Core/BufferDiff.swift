/// One cell a backend must redraw.
public struct CellChange: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cell: Cell

    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

extension Buffer {
    /// The cells that differ from `previous`, row by row, so a backend redraws only those.
    /// Continuation cells are never emitted: drawing a wide grapheme covers them, and any
    /// change to a continuation also changes (or blanks) the grapheme to its left.
    /// A size change returns every cell (a full redraw).
    public func diff(from previous: Buffer) -> [CellChange] {
        var changes: [CellChange] = []
        let full = previous.width != width || previous.height != height
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let cell = cells[i]
                if cell.isContinuation { continue }
                if full || cell != previous.cells[i] {
                    changes.append(CellChange(x: x, y: y, cell: cell))
                } else if x + 1 < width, cells[i + 1].isContinuation != previous.cells[i + 1].isContinuation
                            || (cells[i + 1].isContinuation && cells[i + 1] != previous.cells[i + 1]) {
                    // Same grapheme but its right half changed (e.g. role): redraw the pair.
                    changes.append(CellChange(x: x, y: y, cell: cell))
                }
            }
        }
        return changes
    }
}
