import Foundation
import GRDB
import WardSQL

// The ward's records and values on the portable layer (WardSQL), beside their GRDB
// conformances while the store moves onto it: each enum is stored by raw value, days and times
// of day as their text, exactly as GRDB stores them, so both paths read and write the same rows.

extension Sex: SQLValueConvertible {}
extension StaffRole: SQLValueConvertible {}
extension NappyKind: SQLValueConvertible {}
extension NappySize: SQLValueConvertible {}
extension StoolColour: SQLValueConvertible {}
extension OxygenMode: SQLValueConvertible {}
extension DoseUnit: SQLValueConvertible {}
extension MedicationRoute: SQLValueConvertible {}
extension MedicationCategory: SQLValueConvertible {}
extension DoseStatus: SQLValueConvertible {}
extension WithheldReason: SQLValueConvertible {}
extension FeedKind: SQLValueConvertible {}
extension MeasurementKind: SQLValueConvertible {}
extension AuditAction: SQLValueConvertible {}
extension WardEntity: SQLValueConvertible {}

extension CalendarDay: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(description) }
    public static func fromSQL(_ value: SQLValue) -> CalendarDay? { String.fromSQL(value).flatMap(CalendarDay.init(_:)) }
}

extension TimeOfDay: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(description) }
    public static func fromSQL(_ value: SQLValue) -> TimeOfDay? { String.fromSQL(value).flatMap(TimeOfDay.init(_:)) }
}

/// A GRDB row read through the same column reader as a portable row, so a record's reader is
/// written once (GRDB matches column names without regard to case, as `SQLRow` does).
extension Row: SQLColumnReader {
    public func sqlValue(forColumn name: String) -> SQLValue? {
        guard hasColumn(name) else { return nil }
        return SQLValue(self[name] as DatabaseValue)
    }
}

extension Patient: SQLRecord { public static var tableName: String { databaseTableName } }
extension Staff: SQLRecord { public static var tableName: String { databaseTableName } }
extension NappyChange: SQLRecord { public static var tableName: String { databaseTableName } }
extension Feed: SQLRecord { public static var tableName: String { databaseTableName } }
extension MeasurementRecord: SQLRecord { public static var tableName: String { databaseTableName } }
extension DoseRecord: SQLRecord { public static var tableName: String { databaseTableName } }
extension AsNeededDose: SQLRecord { public static var tableName: String { databaseTableName } }
extension Medication: SQLRecord { public static var tableName: String { databaseTableName } }
extension SavedCalculatorResult: SQLRecord { public static var tableName: String { databaseTableName } }
extension StoredStrokeAssessment: SQLRecord { public static var tableName: String { databaseTableName } }
extension AuditEntry: SQLRecord { public static var tableName: String { databaseTableName } }

/// Import checks a pause row through GRDB (`SQLiteWardStore+Import`).
extension MedicationPause: FetchableRecord, TableRecord {
    public static var databaseTableName: String { tableName }
    public init(row: Row) throws { try self.init(reading: row) }
}
