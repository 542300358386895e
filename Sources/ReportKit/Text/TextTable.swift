/// A table laid out in text columns fitted to the width: columns keep their natural width when
/// everything fits; otherwise each keeps at least its longest word (or a fair share, when even
/// that does not fit) and cells wrap inside their column. When even the longest words do not fit
/// side by side, each row is printed as a record ("Drug: Gentamicin", one column a line) rather
/// than breaking every word. Nothing is cut.
struct TextTable {
    var columns: [ReportColumn]
    var rows: [[String]]
    var gap = 2

    func lines(width: Int, indent: String) -> [String] {
        let count = max(columns.count, rows.map(\.count).max() ?? 0)
        guard count > 0 else { return [] }
        let titles = (0..<count).map { $0 < columns.count ? columns[$0].title : "" }
        let trailing = (0..<count).map { $0 < columns.count && columns[$0].alignment == .trailing }
        let body = rows.map { row in (0..<count).map { $0 < row.count ? row[$0] : "" } }
        let room = width - TextLayout.width(of: indent)
        let longest = (0..<count).map { c in ([titles] + body).map { TextLayout.longestWord($0[c]) }.max() ?? 0 }
        if longest.reduce(0, +) + gap * (count - 1) > room {
            return records(titles: titles, body: body, width: width, indent: indent)
        }
        let widths = Self.fit(cells: [titles] + body, width: room, gap: gap)
        var out = render(row: titles, widths: widths, trailing: trailing, indent: indent)
        out.append(indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: String(repeating: " ", count: gap)))
        for row in body { out += render(row: row, widths: widths, trailing: trailing, indent: indent) }
        return out
    }

    /// Each row as "Title: value" lines, rows apart by a blank line: for a width too narrow for the columns.
    private func records(titles: [String], body: [[String]], width: Int, indent: String) -> [String] {
        var out: [String] = []
        for (index, row) in body.enumerated() {
            if index > 0 { out.append("") }
            for (column, cell) in row.enumerated() where !cell.isEmpty {
                let title = titles[column].isEmpty ? "" : titles[column] + ": "
                out += TextLayout.hanging(title + cell, width: width, first: indent, rest: indent + "  ")
            }
        }
        return out
    }

    private func render(row: [String], widths: [Int], trailing: [Bool], indent: String) -> [String] {
        let wrapped = row.enumerated().map { TextLayout.wrap($0.element, width: widths[$0.offset]) }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { line in
            let cells = wrapped.enumerated().map { column, cellLines in
                TextLayout.pad(line < cellLines.count ? cellLines[line] : "", to: widths[column], trailing: trailing[column])
            }
            return Self.trimmed(indent + cells.joined(separator: String(repeating: " ", count: gap)))
        }
    }

    /// Column widths that add up (with gaps) to at most `width`, each at least 1.
    static func fit(cells: [[String]], width: Int, gap: Int) -> [Int] {
        let count = cells.first?.count ?? 0
        let natural = (0..<count).map { c in max(1, cells.map { TextLayout.width(of: $0[c]) }.max() ?? 1) }
        let room = max(count, width - gap * (count - 1))
        if natural.reduce(0, +) <= room { return natural }
        let words = (0..<count).map { c in max(1, min(natural[c], cells.map { TextLayout.longestWord($0[c]) }.max() ?? 1)) }
        var widths: [Int]
        if words.reduce(0, +) <= room {
            widths = words
        } else {
            // Even the longest words do not fit: share the room evenly, capped at each column's need.
            widths = Array(repeating: 1, count: count)
            var left = room - count
            while left > 0 {
                var grew = false
                for c in 0..<count where left > 0 && widths[c] < words[c] {
                    widths[c] += 1
                    left -= 1
                    grew = true
                }
                if !grew { break }
            }
            return widths
        }
        // Share what is left in proportion to what each column still wants.
        var left = room - widths.reduce(0, +)
        let wants = (0..<count).map { natural[$0] - widths[$0] }
        let totalWant = wants.reduce(0, +)
        if totalWant > 0 {
            for c in 0..<count {
                let share = min(wants[c], left * wants[c] / totalWant)
                widths[c] += share
            }
            left = room - widths.reduce(0, +)
            for c in 0..<count where left > 0 && widths[c] < natural[c] {
                widths[c] += 1
                left -= 1
            }
        }
        return widths
    }

    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
