import Foundation
import WardStore

/// How typed text picks a member of staff, so that Enter on the first row signs in the person
/// whose initials were typed, never someone whose initials merely begin with them ("LN" is Luca
/// Novak, not Leo Nowak LNA) or whose name holds the letters ("HA" is Hana Ahmed, not Aisha Ahmed).
/// Case is ignored and the text is trimmed.
enum StaffSearch {
    /// Best first. Within a rank members keep the order they came in (the store's: by name).
    enum Rank: Int, Comparable {
        /// The initials are the text ("ln" → LN).
        case exactInitials
        /// The initials begin with the text ("ln" → LNA).
        case initialsPrefix
        /// The name, or a word of it, begins with the text ("now" → Leo Nowak, "leo n" → Leo Nowak).
        case nameWordPrefix
        /// The name holds the text anywhere ("owa" → Leo Nowak).
        case nameContains

        static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    /// How well `member` matches `typed`; nil when it does not match (an empty text matches everyone).
    static func rank(_ member: Staff, typed: String) -> Rank? {
        let needle = typed.trimmingCharacters(in: .whitespaces).lowercased()
        guard !needle.isEmpty else { return .exactInitials }
        let initials = member.initials.lowercased()
        if initials == needle { return .exactInitials }
        if initials.hasPrefix(needle) { return .initialsPrefix }
        let name = member.name.lowercased()
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "'" })
        if name.hasPrefix(needle) || words.contains(where: { $0.hasPrefix(needle) }) { return .nameWordPrefix }
        if name.contains(needle) { return .nameContains }
        return nil
    }

    /// The members matching `typed`, best first (`Rank`), the given order kept within a rank.
    static func ranked(_ staff: [Staff], typed: String) -> [Staff] {
        staff.enumerated()
            .compactMap { index, member in rank(member, typed: typed).map { (rank: $0, index: index, member: member) } }
            .sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
            .map(\.member)
    }
}
