import Foundation

/// Feeds: logging, correcting, soft delete and restore, and the quick log's memory of the last
/// feed. Part of `WardRepository`: async calls; each write is one transaction with its audit row.
public protocol FeedStore: Sendable {
    func logFeed(_ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed>
    func updateFeed(id: Int64, _ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed>
    func deleteFeed(id: Int64, by: Int64?) async throws -> Audited<Feed>
    func restoreFeed(id: Int64, by: Int64?) async throws -> Audited<Feed>
    func feed(id: Int64) async throws -> Feed?
    /// The patient's latest feed, never an output (the quick log remembers kind and volume per cot).
    func latestFeed(patientId: Int64) async throws -> Feed?
    /// Stops a running IV infusion at `at` (an audited update of the feed).
    func stopInfusion(id: Int64, at: Date, by: Int64?) async throws -> Audited<Feed>
    /// The patient's IV infusions still running, earliest first.
    func runningInfusions(patientId: Int64) async throws -> [Feed]
}
