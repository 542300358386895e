import Foundation
import GRDB

/// One nappy change. `stoolColour` is only set for dirty and mixed nappies; a nappy weight
/// (grams, wet nappy on the scale) lets the Dashboard derive urine output.
public struct NappyChange: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "nappy_change"

    public var id: Int64
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: NappyKind
    public var size: NappySize
    public var stoolColour: StoolColour?
    public var nappyWeightGrams: Int?
    public var notes: String
    /// The staff member who logged it (nil only for scripted entries without `--by`).
    public var recordedBy: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let patientId = Column(CodingKeys.patientId)
        public static let occurredAt = Column(CodingKeys.occurredAt)
        public static let kind = Column(CodingKeys.kind)
        public static let recordedBy = Column(CodingKeys.recordedBy)
        public static let deletedAt = Column(CodingKeys.deletedAt)
    }

    /// The editable fields, e.g. to pre-fill an edit form.
    public var draft: NappyChangeDraft {
        NappyChangeDraft(patientId: patientId, occurredAt: occurredAt, kind: kind, size: size,
                         stoolColour: stoolColour, nappyWeightGrams: nappyWeightGrams, notes: notes)
    }
}

/// The fields of the nappy form (and of a quick log: `NappyChangeDraft(patientId:occurredAt:kind:)`).
public struct NappyChangeDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var occurredAt: Date
    public var kind: NappyKind
    public var size: NappySize
    public var stoolColour: StoolColour?
    public var nappyWeightGrams: Int?
    public var notes: String

    public init(patientId: Int64, occurredAt: Date, kind: NappyKind, size: NappySize = .medium,
                stoolColour: StoolColour? = nil, nappyWeightGrams: Int? = nil, notes: String = "") {
        self.patientId = patientId
        self.occurredAt = occurredAt
        self.kind = kind
        self.size = size
        self.stoolColour = stoolColour
        self.nappyWeightGrams = nappyWeightGrams
        self.notes = notes
    }
}
