import Foundation
import GRDB
import WardSQL

// Hand-written readers for the records screens fetch by the hundred: GRDB's default for a
// Decodable record goes through Codable, whose generic containers cost runtime type lookups on
// every value (it was a tenth of the Dashboard's first frame). Each column is read by name with
// the stored conventions (instants as Unix milliseconds, enums by raw value), from a GRDB row or
// a portable `SQLRow` alike; `RecordRowDecodingTests` holds them equal to the Codable path.

extension Patient {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), bedLabel: try row.column("bedLabel"),
                  givenName: try row.column("givenName"), familyName: try row.column("familyName"),
                  hospitalNumber: try row.column("hospitalNumber"),
                  dateOfBirth: try row.column("dateOfBirth"), sex: try row.column("sex"),
                  gestationalAgeWeeks: try row.column("gestationalAgeWeeks"),
                  gestationalAgeDays: try row.column("gestationalAgeDays"),
                  birthWeightGrams: try row.column("birthWeightGrams"),
                  admittedAt: try row.column("admittedAt"), dischargedAt: try row.column("dischargedAt"),
                  createdAt: try row.column("createdAt"), updatedAt: try row.column("updatedAt"),
                  deletedAt: try row.column("deletedAt"), isDemo: try row.column("isDemo"),
                  timeOfBirth: try row.columnIfPresent("timeOfBirth"))
    }
}

extension MeasurementRecord {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), patientId: try row.column("patientId"),
                  measuredAt: try row.column("measuredAt"), kind: try row.column("kind"),
                  value: try row.column("value"), diastolicMmHg: try row.column("diastolicMmHg"),
                  notes: try row.column("notes"), recordedBy: try row.column("recordedBy"),
                  createdAt: try row.column("createdAt"), updatedAt: try row.column("updatedAt"),
                  deletedAt: try row.column("deletedAt"), isDemo: try row.column("isDemo"),
                  oxygenMode: try row.columnIfPresent("oxygenMode"),
                  oxygenAmount: try row.columnIfPresent("oxygenAmount"))
    }
}

extension NappyChange {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), patientId: try row.column("patientId"),
                  occurredAt: try row.column("occurredAt"), kind: try row.column("kind"),
                  size: try row.column("size"), stoolColour: try row.column("stoolColour"),
                  nappyWeightGrams: try row.column("nappyWeightGrams"), notes: try row.column("notes"),
                  recordedBy: try row.column("recordedBy"), createdAt: try row.column("createdAt"),
                  updatedAt: try row.column("updatedAt"), deletedAt: try row.column("deletedAt"),
                  isDemo: try row.column("isDemo"))
    }
}

extension Feed {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), patientId: try row.column("patientId"),
                  occurredAt: try row.column("occurredAt"), kind: try row.column("kind"),
                  volumeML: try row.column("volumeML"), durationMinutes: try row.column("durationMinutes"),
                  notes: try row.column("notes"), fluid: try row.column("fluid"),
                  rateMLPerHour: try row.column("rateMLPerHour"), stoppedAt: try row.column("stoppedAt"),
                  recordedBy: try row.column("recordedBy"),
                  createdAt: try row.column("createdAt"), updatedAt: try row.column("updatedAt"),
                  deletedAt: try row.column("deletedAt"), isDemo: try row.column("isDemo"))
    }
}

extension DoseRecord {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), medicationId: try row.column("medicationId"),
                  patientId: try row.column("patientId"), scheduledAt: try row.column("scheduledAt"),
                  slotDay: try row.column("slotDay"), slotTime: try row.column("slotTime"),
                  status: try row.column("status"), withheldReason: try row.column("withheldReason"),
                  recordedAt: try row.column("recordedAt"), recordedBy: try row.column("recordedBy"),
                  checkedBy: try row.column("checkedBy"),
                  snoozedUntil: try row.column("snoozedUntil"), notes: try row.column("notes"),
                  createdAt: try row.column("createdAt"), updatedAt: try row.column("updatedAt"),
                  deletedAt: try row.column("deletedAt"), isDemo: try row.column("isDemo"))
    }
}

extension AuditEntry {
    public init(row: SQLRow) throws { try self.init(reading: row) }

    /// Read by hand: a trail page joins the entry with its author and patient, and
    /// `cotside audit` reads thousands of entries.
    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), at: try row.column("at"), staffId: try row.column("staffId"),
                  action: try row.column("action"), entity: try row.column("entity"),
                  entityId: try row.column("entityId"), beforeJSON: try row.column("beforeJSON"),
                  afterJSON: try row.column("afterJSON"))
    }
}
