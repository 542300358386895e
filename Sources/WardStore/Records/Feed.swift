import Foundation
import GRDB

/// One feed or fluid given, or one output charted beside them. Breast feeds have a duration
/// (volume optional, usually unknown); an IV infusion has a fluid, a rate in mL/h, its start
/// (`occurredAt`) and, once stopped, its stop; every other kind has a volume in mL. NG aspirates
/// and vomits are outputs (`FeedKind.isOutput`): charted here, on the feed chart where a ward
/// writes them, and never counted as intake.
public struct Feed: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "feed"

    public var id: Int64
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: FeedKind
    public var volumeML: Int?
    public var durationMinutes: Int?
    public var notes: String
    /// IV only: what runs ("10% glucose"); nil for every other kind.
    public var fluid: String?
    /// An IV infusion's rate in mL/h (0.1–500); nil for a bolus or a feed by volume.
    public var rateMLPerHour: Double?
    /// When a running infusion was stopped; nil while it runs (and for every other feed).
    public var stoppedAt: Date?
    public var recordedBy: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool

    public var draft: FeedDraft {
        FeedDraft(patientId: patientId, occurredAt: occurredAt, kind: kind, volumeML: volumeML,
                  durationMinutes: durationMinutes, notes: notes, fluid: fluid, rateMLPerHour: rateMLPerHour,
                  stoppedAt: stoppedAt)
    }
}

public struct FeedDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: FeedKind
    public var volumeML: Int?
    public var durationMinutes: Int?
    public var notes: String
    public var fluid: String?
    public var rateMLPerHour: Double?
    public var stoppedAt: Date?

    public init(patientId: Int64, occurredAt: Date, kind: FeedKind, volumeML: Int? = nil, durationMinutes: Int? = nil,
                notes: String = "", fluid: String? = nil, rateMLPerHour: Double? = nil, stoppedAt: Date? = nil) {
        self.patientId = patientId
        self.occurredAt = occurredAt
        self.kind = kind
        self.volumeML = volumeML
        self.durationMinutes = durationMinutes
        self.notes = notes
        self.fluid = fluid
        self.rateMLPerHour = rateMLPerHour
        self.stoppedAt = stoppedAt
    }

    /// An IV infusion by rate (rather than a bolus or a feed by volume).
    public var isInfusion: Bool { rateMLPerHour != nil }
}
