import Clinical
import Foundation
import GRDB

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
    public init(row: Row) throws {
        id = row["id"]
        patientId = row["patientId"]
        drugName = row["drugName"]
        doseAmount = row["doseAmount"]
        doseUnit = row["doseUnit"]
        route = row["route"]
        let kind: String = row["scheduleKind"]
        guard let schedule = MedicationSchedule.fromColumns(
            kind: kind, times: row["scheduleTimes"], intervalHours: row["intervalHours"],
            minimumIntervalMinutes: row["minimumIntervalMinutes"], maxDosesPer24h: row["maxDosesPer24h"]) else {
            throw WardStoreError("medication \(id) has an unreadable schedule (\(kind))")
        }
        self.schedule = schedule
        startsAt = StoredTime.date(milliseconds: row["startsAt"])
        endsAt = (row["endsAt"] as Int64?).map(StoredTime.date(milliseconds:))
        isPaused = row["isPaused"]
        category = row["category"]
        notes = row["notes"]
        createdAt = StoredTime.date(milliseconds: row["createdAt"])
        updatedAt = StoredTime.date(milliseconds: row["updatedAt"])
        deletedAt = (row["deletedAt"] as Int64?).map(StoredTime.date(milliseconds:))
        isDemo = row["isDemo"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        let ms = StoredTime.milliseconds
        container["id"] = id > 0 ? id : nil  // 0: let SQLite choose on insert
        container["patientId"] = patientId
        container["drugName"] = drugName
        container["doseAmount"] = doseAmount
        container["doseUnit"] = doseUnit
        container["route"] = route
        container["scheduleKind"] = schedule.kindText
        container["scheduleTimes"] = schedule.timesText
        container["intervalHours"] = schedule.intervalHours
        container["minimumIntervalMinutes"] = schedule.asNeededLimits?.minutes
        container["maxDosesPer24h"] = schedule.asNeededLimits?.max
        container["startsAt"] = ms(startsAt)
        container["endsAt"] = endsAt.map(ms)
        container["isPaused"] = isPaused
        container["category"] = category
        container["notes"] = notes
        container["createdAt"] = ms(createdAt)
        container["updatedAt"] = ms(updatedAt)
        container["deletedAt"] = deletedAt.map(ms)
        container["isDemo"] = isDemo
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
