import Clinical
import Foundation
import GRDB
import WardSQL

/// A medication prescribed for one patient. The schedule is a value (`MedicationSchedule`) spread
/// over a few columns so SQL can tell scheduled from as-needed medications.
public struct Medication: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "medication"

    public var id: Int64
    public var patientId: Int64
    public var drugName: String
    public var doseAmount: Double
    public var doseUnit: DoseUnit
    public var route: MedicationRoute
    public var schedule: MedicationSchedule
    /// First possible slot (and the anchor of an every-N-hours schedule).
    public var startsAt: Date
    /// Stopped or course finished: no slots at or after it.
    public var endsAt: Date?
    /// Paused medications keep their schedule but have no due slots.
    public var isPaused: Bool
    public var category: MedicationCategory
    public var notes: String
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool

    public enum Columns {
        public static let id = Column("id")
        public static let patientId = Column("patientId")
        public static let deletedAt = Column("deletedAt")
    }

    /// "caffeine citrate 5 mg oral"
    public var doseText: String {
        "\(drugName) \(NumberText.rounded(doseAmount, digits: 3)) \(doseUnit.rawValue) \(route.displayName)"
    }

    /// Active at `date`: not paused, started, not ended, not deleted.
    public func isActive(at date: Date) -> Bool {
        !isPaused && deletedAt == nil && startsAt <= date && (endsAt.map { date < $0 } ?? true)
    }

    public var draft: MedicationDraft {
        MedicationDraft(patientId: patientId, drugName: drugName, doseAmount: doseAmount, doseUnit: doseUnit,
                        route: route, schedule: schedule, startsAt: startsAt, endsAt: endsAt, category: category,
                        notes: notes)
    }
}

extension Medication {
    public init(row: Row) throws { try self.init(reading: row) }
    public init(row: SQLRow) throws { try self.init(reading: row) }

    /// The schedule is stored as five columns (`MedicationSchedule.fromColumns`).
    init(reading row: some SQLColumnReader) throws {
        id = try row.column("id")
        patientId = try row.column("patientId")
        drugName = try row.column("drugName")
        doseAmount = try row.column("doseAmount")
        doseUnit = try row.column("doseUnit")
        route = try row.column("route")
        let kind: String = try row.column("scheduleKind")
        guard let schedule = MedicationSchedule.fromColumns(
            kind: kind, times: try row.column("scheduleTimes"), intervalHours: try row.column("intervalHours"),
            minimumIntervalMinutes: try row.column("minimumIntervalMinutes"),
            maxDosesPer24h: try row.column("maxDosesPer24h")) else {
            throw WardStoreError("medication \(id) has an unreadable schedule (\(kind))")
        }
        self.schedule = schedule
        startsAt = try row.column("startsAt")
        endsAt = try row.column("endsAt")
        isPaused = try row.column("isPaused")
        category = try row.column("category")
        notes = try row.column("notes")
        createdAt = try row.column("createdAt")
        updatedAt = try row.column("updatedAt")
        deletedAt = try row.column("deletedAt")
        isDemo = try row.column("isDemo")
    }

    public func storedColumns() throws -> [(name: String, value: SQLValue)] {
        [("id", id.sqlValue), ("patientId", patientId.sqlValue), ("drugName", drugName.sqlValue),
         ("doseAmount", doseAmount.sqlValue), ("doseUnit", doseUnit.sqlValue), ("route", route.sqlValue),
         ("scheduleKind", schedule.kindText.sqlValue), ("scheduleTimes", schedule.timesText.sqlValue),
         ("intervalHours", schedule.intervalHours.sqlValue),
         ("minimumIntervalMinutes", schedule.asNeededLimits?.minutes.sqlValue ?? .null),
         ("maxDosesPer24h", schedule.asNeededLimits?.max.sqlValue ?? .null),
         ("startsAt", startsAt.sqlValue), ("endsAt", endsAt.sqlValue), ("isPaused", isPaused.sqlValue),
         ("category", category.sqlValue), ("notes", notes.sqlValue), ("createdAt", createdAt.sqlValue),
         ("updatedAt", updatedAt.sqlValue), ("deletedAt", deletedAt.sqlValue), ("isDemo", isDemo.sqlValue)]
    }

    /// GRDB writes the same columns as the portable path; id 0 lets SQLite choose one on insert.
    public func encode(to container: inout PersistenceContainer) throws {
        for (name, value) in try storedColumns() {
            container[name] = name == "id" && id <= 0 ? nil : value.databaseValue
        }
    }
}

/// The fields of the medication form.
public struct MedicationDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var drugName: String
    public var doseAmount: Double
    public var doseUnit: DoseUnit
    public var route: MedicationRoute
    public var schedule: MedicationSchedule
    public var startsAt: Date
    public var endsAt: Date?
    public var category: MedicationCategory
    public var notes: String

    public init(patientId: Int64, drugName: String, doseAmount: Double, doseUnit: DoseUnit, route: MedicationRoute,
                schedule: MedicationSchedule, startsAt: Date, endsAt: Date? = nil, category: MedicationCategory = .other,
                notes: String = "") {
        self.patientId = patientId
        self.drugName = drugName
        self.doseAmount = doseAmount
        self.doseUnit = doseUnit
        self.route = route
        self.schedule = schedule
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.category = category
        self.notes = notes
    }
}
