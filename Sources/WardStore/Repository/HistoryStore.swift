import Foundation

/// The History tab's reads: every recorded event, filtered (patient, kinds, staff, dates, words
/// in the notes) and paged by cursor in either direction or from a date. Part of
/// `WardRepository`: async reads, each page one consistent snapshot; nothing here writes.
public protocol HistoryStore: Sendable {
    /// Events strictly older than `cursor` (from the newest when nil), newest first.
    func historyPage(_ filter: HistoryFilter, after cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage
    /// The `limit` events strictly newer than `cursor` (the page above), newest first.
    func historyPage(_ filter: HistoryFilter, before cursor: HistoryCursor, limit: Int) async throws -> HistoryPage
    /// Jump to a date: the newest events at or before `date`, newest first.
    func historyPage(_ filter: HistoryFilter, atOrBefore date: Date, limit: Int) async throws -> HistoryPage
}
