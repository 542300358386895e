/// Fuzzy matching for the command palette. A query matches when its characters appear in order
/// in the title (case-insensitive). Ranking: the whole query as a prefix of the title beats
/// it starting a word, which beats a scattered subsequence; ties go to the shorter title.
public enum FuzzyMatch {
    public enum Kind: Int, Comparable, Sendable {
        case subsequence = 0, wordStart = 1, prefix = 2
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Match: Hashable, Sendable {
        public var kind: Kind
        /// Character offsets in the title that matched (for highlighting).
        public var positions: [Int]
        /// Higher is better; compares kind first, then compactness.
        public var score: Int
    }

    public static func match(_ query: String, in title: String) -> Match? {
        let q = Array(query.lowercased())
        let t = Array(title.lowercased())
        guard !q.isEmpty else { return Match(kind: .prefix, positions: [], score: 0) }
        guard q.count <= t.count else { return nil }
        if t.starts(with: q) {
            return Match(kind: .prefix, positions: Array(0..<q.count), score: 3_000 - t.count)
        }
        // The query as a contiguous run starting at a word.
        // (When the query is as long as the title, only the prefix case above could match.)
        for start in stride(from: 1, through: t.count - q.count, by: 1) where isWordStart(t, start) && Array(t[start..<start + q.count]) == q {
            return Match(kind: .wordStart, positions: Array(start..<start + q.count), score: 2_000 - t.count)
        }
        // Subsequence, preferring characters at word starts.
        var positions: [Int] = []
        var qi = 0
        for (ti, ch) in t.enumerated() where qi < q.count && ch == q[qi] {
            positions.append(ti)
            qi += 1
        }
        guard qi == q.count else { return nil }
        let spread = (positions.last ?? 0) - (positions.first ?? 0)
        let wordHits = positions.filter { isWordStart(t, $0) }.count
        return Match(kind: .subsequence, positions: positions, score: 1_000 + wordHits * 50 - spread - t.count)
    }

    private static func isWordStart(_ t: [Character], _ i: Int) -> Bool {
        i == 0 || !(t[i - 1].isLetter || t[i - 1].isNumber)
    }
}
