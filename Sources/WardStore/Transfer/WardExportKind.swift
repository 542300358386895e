import Foundation

/// What one column of an export holds, so writer, reader and schema document agree on it.
public enum WardExportValueType: String, Sendable, CaseIterable {
    /// A whole number (ids, counts, grams, minutes).
    case integer
    /// A decimal number.
    case number
    case text
    /// `true` / `false` (stored as 0 / 1).
    case boolean
    /// An instant: ISO 8601 UTC with milliseconds, `2026-11-25T08:30:00.000Z` (stored as Unix ms).
    case instant
}

/// One column of one kind: its key in the JSON object and the CSV header (the store's column
/// name; units are in the names: `birthWeightGrams`, `volumeML`, `diastolicMmHg`), its type,
/// whether it may be null, and which kind an id in it refers to.
public struct WardExportColumn: Sendable, Hashable {
    public let key: String
    public let type: WardExportValueType
    public let nullable: Bool
    /// The table whose `id` this column names (checked on import, named in the message).
    public let references: String?
    /// True for a key added after format version 1 was published: a record without it (an
    /// older export) still imports, the column taking its default in the table.
    public let mayBeMissing: Bool

    init(_ key: String, _ type: WardExportValueType, nullable: Bool = false, references: String? = nil,
         mayBeMissing: Bool = false) {
        self.key = key
        self.type = type
        self.nullable = nullable
        self.references = references
        self.mayBeMissing = mayBeMissing
    }
}

/// One kind of record in an export: its name (the JSON key, the CSV file's name), the table it
/// comes from, its columns, its key, and how `--bed` and `--since` narrow it. Declared once here;
/// the exporter, the importer and the schema test read this list.
public struct WardExportKind: Sendable {
    public let name: String
    let table: String
    public let columns: [WardExportColumn]
    /// The record's identity: `["id"]`, or the natural key of a table without ids.
    public let keyColumns: [String]
    /// SQL (over the table's columns) for the patient a row belongs to; nil: ward-wide.
    let patientExpression: String?
    /// The column `--since` compares with; nil: the kind is exported whole.
    let timeColumn: String?
    /// The audit trail's name for this kind (to narrow the audit trail to a bed's records).
    let entity: WardEntity?

    var pagedById: Bool { keyColumns == ["id"] }

    init(_ name: String, table: String, keys: [String] = ["id"], patient: String? = "patientId", time: String? = nil,
         entity: WardEntity? = nil, _ columns: [WardExportColumn]) {
        self.name = name
        self.table = table
        self.columns = columns
        self.keyColumns = keys
        self.patientExpression = patient
        self.timeColumn = time
        self.entity = entity
    }
}

extension WardExportKind {
    /// The export's format version: bump it when a key changes meaning or disappears.
    public static let formatVersion = 1
    /// The JSON export's file name.
    public static let jsonFileName = "cotside-export.json"

    /// Every kind, in the order they are written and imported (referenced before referring;
    /// the audit trail before pauses, because its triggers derive pauses the file already holds).
    public static let all: [WardExportKind] = [
        .init("staff", table: "staff", patient: nil, entity: .staff, [
            .init("id", .integer), .init("name", .text), .init("initials", .text), .init("role", .text),
            .init("active", .boolean), .init("autoLockMinutes", .integer, nullable: true), .init("isDemo", .boolean),
            .init("createdAt", .instant), .init("updatedAt", .instant),
            // Added with roles; an export from before them has no such key: the column's default
            // (not an admin), and the first member of an empty ward becomes its admin on import.
            .init("isWardAdmin", .boolean, mayBeMissing: true),
        ]),
        .init("patients", table: "patient", patient: "id", entity: .patient, [
            .init("id", .integer), .init("bedLabel", .text), .init("givenName", .text), .init("familyName", .text),
            .init("hospitalNumber", .text), .init("dateOfBirth", .text), .init("timeOfBirth", .text, nullable: true),
            .init("sex", .text), .init("gestationalAgeWeeks", .integer, nullable: true),
            .init("gestationalAgeDays", .integer, nullable: true),
            .init("birthWeightGrams", .integer, nullable: true), .init("admittedAt", .instant), .init("dischargedAt", .instant, nullable: true),
            .init("createdAt", .instant), .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true),
            .init("isDemo", .boolean),
        ]),
        .init("medications", table: "medication", entity: .medication, [
            .init("id", .integer), .init("patientId", .integer, references: "patient"), .init("drugName", .text),
            .init("doseAmount", .number), .init("doseUnit", .text), .init("route", .text), .init("scheduleKind", .text),
            .init("scheduleTimes", .text, nullable: true), .init("intervalHours", .integer, nullable: true),
            .init("minimumIntervalMinutes", .integer, nullable: true), .init("maxDosesPer24h", .integer, nullable: true),
            .init("startsAt", .instant), .init("endsAt", .instant, nullable: true), .init("isPaused", .boolean),
            .init("category", .text), .init("notes", .text), .init("createdAt", .instant), .init("updatedAt", .instant),
            .init("deletedAt", .instant, nullable: true), .init("isDemo", .boolean),
        ]),
        .init("auditTrail", table: "audit_entry", patient: nil, time: "at", [
            .init("id", .integer), .init("at", .instant), .init("staffId", .integer, nullable: true, references: "staff"),
            .init("action", .text), .init("entity", .text), .init("entityId", .integer),
            .init("beforeJSON", .text, nullable: true), .init("afterJSON", .text, nullable: true),
        ]),
        .init("medicationPauses", table: "medication_pause",
              patient: "(SELECT m.patientId FROM medication m WHERE m.id = medicationId)", time: "pausedAt", [
            .init("id", .integer), .init("medicationId", .integer, references: "medication"), .init("pausedAt", .instant),
            .init("pausedBy", .integer, nullable: true, references: "staff"), .init("resumedAt", .instant, nullable: true),
            .init("resumedBy", .integer, nullable: true, references: "staff"),
        ]),
        .init("nappies", table: "nappy_change", time: "occurredAt", entity: .nappyChange, [
            .init("id", .integer), .init("patientId", .integer, references: "patient"), .init("occurredAt", .instant),
            .init("kind", .text), .init("size", .text), .init("stoolColour", .text, nullable: true),
            .init("nappyWeightGrams", .integer, nullable: true), .init("notes", .text),
            .init("recordedBy", .integer, nullable: true, references: "staff"), .init("createdAt", .instant),
            .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true), .init("isDemo", .boolean),
        ]),
        .init("feeds", table: "feed", time: "occurredAt", entity: .feed, [
            .init("id", .integer), .init("patientId", .integer, references: "patient"), .init("occurredAt", .instant),
            .init("kind", .text), .init("volumeML", .integer, nullable: true), .init("durationMinutes", .integer, nullable: true),
            .init("notes", .text), .init("recordedBy", .integer, nullable: true, references: "staff"),
            .init("createdAt", .instant), .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true),
            .init("isDemo", .boolean),
            .init("fluid", .text, nullable: true, mayBeMissing: true),
            .init("rateMLPerHour", .number, nullable: true, mayBeMissing: true),
            .init("stoppedAt", .instant, nullable: true, mayBeMissing: true),
        ]),
        .init("measurements", table: "measurement", time: "measuredAt", entity: .measurement, [
            .init("id", .integer), .init("patientId", .integer, references: "patient"), .init("measuredAt", .instant),
            .init("kind", .text), .init("value", .number), .init("diastolicMmHg", .number, nullable: true),
            .init("notes", .text), .init("recordedBy", .integer, nullable: true, references: "staff"),
            .init("createdAt", .instant), .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true),
            .init("isDemo", .boolean), .init("oxygenMode", .text, nullable: true, mayBeMissing: true),
            .init("oxygenAmount", .number, nullable: true, mayBeMissing: true),
        ]),
        .init("goalRanges", table: "measurement_goal", keys: ["patientId", "kind"], entity: .measurementGoal, [
            .init("patientId", .integer, references: "patient"), .init("kind", .text), .init("low", .number, nullable: true),
            .init("high", .number, nullable: true), .init("updatedAt", .instant),
        ]),
        .init("doseRecords", table: "dose_record", time: "scheduledAt", entity: .doseRecord, [
            .init("id", .integer), .init("medicationId", .integer, references: "medication"),
            .init("patientId", .integer, references: "patient"), .init("scheduledAt", .instant), .init("slotDay", .text),
            .init("slotTime", .text), .init("status", .text, nullable: true), .init("withheldReason", .text, nullable: true),
            .init("recordedAt", .instant, nullable: true), .init("recordedBy", .integer, nullable: true, references: "staff"),
            .init("checkedBy", .integer, nullable: true, references: "staff", mayBeMissing: true),
            .init("snoozedUntil", .instant, nullable: true), .init("notes", .text), .init("createdAt", .instant),
            .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true), .init("isDemo", .boolean),
        ]),
        .init("asNeededDoses", table: "as_needed_dose", time: "givenAt", entity: .asNeededDose, [
            .init("id", .integer), .init("medicationId", .integer, references: "medication"),
            .init("patientId", .integer, references: "patient"), .init("givenAt", .instant), .init("doseAmount", .number),
            .init("overrideReason", .text, nullable: true), .init("notes", .text),
            .init("recordedBy", .integer, nullable: true, references: "staff"),
            .init("checkedBy", .integer, nullable: true, references: "staff", mayBeMissing: true), .init("createdAt", .instant),
            .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true), .init("isDemo", .boolean),
        ]),
        .init("calculatorResults", table: "calculator_result", time: "savedAt", entity: .calculatorResult, [
            .init("id", .integer), .init("patientId", .integer, references: "patient"), .init("toolId", .text),
            .init("inputsJSON", .text), .init("resultJSON", .text), .init("summary", .text), .init("reviewed", .boolean),
            .init("savedBy", .integer, nullable: true, references: "staff"), .init("savedAt", .instant),
            .init("createdAt", .instant), .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true),
        ]),
        .init("strokeAssessments", table: "stroke_assessment", time: "assessedAt", entity: .strokeAssessment, [
            .init("id", .integer), .init("patientId", .integer, nullable: true, references: "patient"), .init("module", .text),
            .init("inputsJSON", .text), .init("resultJSON", .text), .init("summary", .text),
            .init("assessedBy", .integer, nullable: true, references: "staff"), .init("assessedAt", .instant),
            .init("createdAt", .instant), .init("updatedAt", .instant), .init("deletedAt", .instant, nullable: true),
        ]),
        .init("wardSettings", table: "ward_setting", keys: ["key"], patient: nil, entity: .setting, [
            .init("key", .text), .init("value", .text),
        ]),
    ]

    public static func named(_ name: String) -> WardExportKind? { all.first { $0.name == name } }
}
