/// Table column widths fitted to the room (text columns or PDF points alike): natural widths when
/// they fit; otherwise each column keeps its longest word and the rest is shared in proportion
/// to what each still wants; when even the longest words do not fit, the room is shared evenly.
enum ColumnFit {
    static func widths(natural: [Int], longestWord: [Int], room: Int) -> [Int] {
        let count = natural.count
        guard count > 0 else { return [] }
        let room = max(count, room)
        if natural.reduce(0, +) <= room { return natural }
        let words = (0..<count).map { max(1, min(natural[$0], longestWord[$0])) }
        var widths: [Int]
        if words.reduce(0, +) > room {
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
        widths = words
        var left = room - widths.reduce(0, +)
        let wants = (0..<count).map { natural[$0] - widths[$0] }
        let totalWant = wants.reduce(0, +)
        guard totalWant > 0 else { return widths }
        for c in 0..<count { widths[c] += min(wants[c], left * wants[c] / totalWant) }
        left = room - widths.reduce(0, +)
        for c in 0..<count where left > 0 && widths[c] < natural[c] {
            widths[c] += 1
            left -= 1
        }
        return widths
    }
}
