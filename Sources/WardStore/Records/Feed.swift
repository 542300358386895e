import Foundation
import GRDB

/// One feed or fluid given. Breast feeds have a duration (volume optional, usually unknown);
/// every other kind has a volume in mL.
public struct Feed: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "feed"

    public var id: Int64
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: FeedKind
    public var volumeML: Int?
    public var durationMinutes: Int?
    public var notes: String
    public var recordedBy: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool

    public var draft: FeedDraft {
        FeedDraft(patientId: patientId, occurredAt: occurredAt, kind: kind, volumeML: volumeML,
                  durationMinutes: durationMinutes, notes: notes)
    }
}

public struct FeedDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: FeedKind
    public var volumeML: Int?
    public var durationMinutes: Int?
    public var notes: String

    public init(patientId: Int64, occurredAt: Date, kind: FeedKind, volumeML: Int? = nil, durationMinutes: Int? = nil,
                notes: String = "") {
        self.patientId = patientId
        self.occurredAt = occurredAt
        self.kind = kind
        self.volumeML = volumeML
        self.durationMinutes = durationMinutes
        self.notes = notes
    }
}
