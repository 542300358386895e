import Foundation
import GRDB

/// The state of one scheduled dose slot, identified by (medication, scheduled instant): its one
/// final status (nil while only snoozed) with who recorded it and when. The table holds at most
/// one row per slot (UNIQUE). Recording a slot that holds a live status is refused; an undone
/// (soft-deleted) row is a blank slot again.
public struct DoseRecord: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "dose_record"

    public var id: Int64
    public var medicationId: Int64
    /// Denormalised from the medication so ward and patient queries need no join.
    public var patientId: Int64
    /// The slot's scheduled instant: with `medicationId`, the slot identity.
    public var scheduledAt: Date
    /// The ward-local day and wall time the slot belongs to (for lists and grouping).
    public var slotDay: CalendarDay
    public var slotTime: TimeOfDay
    /// Nil while the slot only carries a snooze.
    public var status: DoseStatus?
    public var withheldReason: WithheldReason?
    /// When the dose was given / withheld (entered; may be backdated).
    public var recordedAt: Date?
    public var recordedBy: Int64?
    /// The second member who checked a given dose (a drug the ward's `secondCheck` setting
    /// names); nil when nobody was asked to.
    public var checkedBy: Int64?
    /// A snoozed slot is due again at this time; the identity is unchanged.
    public var snoozedUntil: Date?
    public var notes: String
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let medicationId = Column(CodingKeys.medicationId)
        public static let scheduledAt = Column(CodingKeys.scheduledAt)
        public static let deletedAt = Column(CodingKeys.deletedAt)
    }

    /// The final status when the row is live.
    public var liveStatus: DoseStatus? { deletedAt == nil ? status : nil }
}

/// Recording one slot's final status (given / withheld with a reason / missed).
public struct DoseRecordDraft: Sendable, Hashable, Codable {
    public var medicationId: Int64
    public var scheduledAt: Date
    public var status: DoseStatus
    public var withheldReason: WithheldReason?
    public var recordedAt: Date
    /// For `withheldReason` other: the reason in words (required then).
    public var notes: String
    /// The second member who checked a given dose (required for a drug the ward names).
    public var checkedBy: Int64?

    public init(medicationId: Int64, scheduledAt: Date, status: DoseStatus, withheldReason: WithheldReason? = nil,
                recordedAt: Date, notes: String = "", checkedBy: Int64? = nil) {
        self.medicationId = medicationId
        self.scheduledAt = scheduledAt
        self.status = status
        self.withheldReason = withheldReason
        self.recordedAt = recordedAt
        self.notes = notes
        self.checkedBy = checkedBy
    }
}

/// One as-needed (PRN) dose. `overrideReason` is set when it was given although the minimum
/// interval or the 24 h maximum said no.
public struct AsNeededDose: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "as_needed_dose"

    public var id: Int64
    public var medicationId: Int64
    public var patientId: Int64
    public var givenAt: Date
    public var doseAmount: Double
    public var overrideReason: String?
    public var notes: String
    public var recordedBy: Int64?
    /// The second member who checked it (a drug the ward's `secondCheck` setting names).
    public var checkedBy: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool
}

public struct AsNeededDoseDraft: Sendable, Hashable, Codable {
    public var medicationId: Int64
    public var givenAt: Date
    /// Nil: the prescribed dose.
    public var doseAmount: Double?
    /// Required to give a dose the rules refuse.
    public var overrideReason: String?
    public var notes: String
    /// The second member who checked it (required for a drug the ward names).
    public var checkedBy: Int64?

    public init(medicationId: Int64, givenAt: Date, doseAmount: Double? = nil, overrideReason: String? = nil,
                notes: String = "", checkedBy: Int64? = nil) {
        self.medicationId = medicationId
        self.givenAt = givenAt
        self.doseAmount = doseAmount
        self.overrideReason = overrideReason
        self.notes = notes
        self.checkedBy = checkedBy
    }
}
