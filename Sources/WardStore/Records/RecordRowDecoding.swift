import Foundation
import GRDB

// Explicit `init(row:)` for the records screens fetch by the hundred. GRDB's default for a
// Decodable record goes through Codable, whose generic containers cost runtime type lookups on
// every value: it was a tenth of the Dashboard's first frame. Each column is read by name and
// converted with the same rules as the Codable path (instants as Unix milliseconds, enums by raw
// value); `RecordRowDecodingTests` holds both paths equal.

extension Row {
    /// An instant stored as Unix milliseconds.
    func instant(_ column: String) throws -> Date {
        StoredTime.date(milliseconds: try decode(Int64.self, forColumn: column))
    }

    /// An instant stored as Unix milliseconds, or nil.
    func optionalInstant(_ column: String) throws -> Date? {
        try decode(Int64?.self, forColumn: column).map(StoredTime.date(milliseconds:))
    }
}

extension Patient {
    public init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), bedLabel: try row.decode(forColumn: "bedLabel"),
                  givenName: try row.decode(forColumn: "givenName"), familyName: try row.decode(forColumn: "familyName"),
                  hospitalNumber: try row.decode(forColumn: "hospitalNumber"),
                  dateOfBirth: try row.decode(forColumn: "dateOfBirth"), sex: try row.decode(forColumn: "sex"),
                  gestationalAgeWeeks: try row.decode(forColumn: "gestationalAgeWeeks"),
                  gestationalAgeDays: try row.decode(forColumn: "gestationalAgeDays"),
                  birthWeightGrams: try row.decode(forColumn: "birthWeightGrams"),
                  admittedAt: try row.instant("admittedAt"), dischargedAt: try row.optionalInstant("dischargedAt"),
                  createdAt: try row.instant("createdAt"), updatedAt: try row.instant("updatedAt"),
                  deletedAt: try row.optionalInstant("deletedAt"), isDemo: try row.decode(forColumn: "isDemo"),
                  timeOfBirth: row.hasColumn("timeOfBirth") ? try row.decode(forColumn: "timeOfBirth") : nil)
    }
}

extension MeasurementRecord {
    public init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), patientId: try row.decode(forColumn: "patientId"),
                  measuredAt: try row.instant("measuredAt"), kind: try row.decode(forColumn: "kind"),
                  value: try row.decode(forColumn: "value"), diastolicMmHg: try row.decode(forColumn: "diastolicMmHg"),
                  notes: try row.decode(forColumn: "notes"), recordedBy: try row.decode(forColumn: "recordedBy"),
                  createdAt: try row.instant("createdAt"), updatedAt: try row.instant("updatedAt"),
                  deletedAt: try row.optionalInstant("deletedAt"), isDemo: try row.decode(forColumn: "isDemo"),
                  oxygenMode: row.hasColumn("oxygenMode") ? try row.decode(forColumn: "oxygenMode") : nil,
                  oxygenAmount: row.hasColumn("oxygenAmount") ? try row.decode(forColumn: "oxygenAmount") : nil)
    }
}

extension NappyChange {
    public init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), patientId: try row.decode(forColumn: "patientId"),
                  occurredAt: try row.instant("occurredAt"), kind: try row.decode(forColumn: "kind"),
                  size: try row.decode(forColumn: "size"), stoolColour: try row.decode(forColumn: "stoolColour"),
                  nappyWeightGrams: try row.decode(forColumn: "nappyWeightGrams"), notes: try row.decode(forColumn: "notes"),
                  recordedBy: try row.decode(forColumn: "recordedBy"), createdAt: try row.instant("createdAt"),
                  updatedAt: try row.instant("updatedAt"), deletedAt: try row.optionalInstant("deletedAt"),
                  isDemo: try row.decode(forColumn: "isDemo"))
    }
}

extension Feed {
    public init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), patientId: try row.decode(forColumn: "patientId"),
                  occurredAt: try row.instant("occurredAt"), kind: try row.decode(forColumn: "kind"),
                  volumeML: try row.decode(forColumn: "volumeML"), durationMinutes: try row.decode(forColumn: "durationMinutes"),
                  notes: try row.decode(forColumn: "notes"), fluid: try row.decode(forColumn: "fluid"),
                  rateMLPerHour: try row.decode(forColumn: "rateMLPerHour"), stoppedAt: try row.optionalInstant("stoppedAt"),
                  recordedBy: try row.decode(forColumn: "recordedBy"),
                  createdAt: try row.instant("createdAt"), updatedAt: try row.instant("updatedAt"),
                  deletedAt: try row.optionalInstant("deletedAt"), isDemo: try row.decode(forColumn: "isDemo"))
    }
}

extension DoseRecord {
    public init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), medicationId: try row.decode(forColumn: "medicationId"),
                  patientId: try row.decode(forColumn: "patientId"), scheduledAt: try row.instant("scheduledAt"),
                  slotDay: try row.decode(forColumn: "slotDay"), slotTime: try row.decode(forColumn: "slotTime"),
                  status: try row.decode(forColumn: "status"), withheldReason: try row.decode(forColumn: "withheldReason"),
                  recordedAt: try row.optionalInstant("recordedAt"), recordedBy: try row.decode(forColumn: "recordedBy"),
                  checkedBy: try row.decode(forColumn: "checkedBy"),
                  snoozedUntil: try row.optionalInstant("snoozedUntil"), notes: try row.decode(forColumn: "notes"),
                  createdAt: try row.instant("createdAt"), updatedAt: try row.instant("updatedAt"),
                  deletedAt: try row.optionalInstant("deletedAt"), isDemo: try row.decode(forColumn: "isDemo"))
    }
}
