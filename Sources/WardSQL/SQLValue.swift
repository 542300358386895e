import Foundation

/// A value bound into a statement or read from a row, in the few storage classes both engines
/// share. Instants are Unix milliseconds (`integer`) on both engines, so time arithmetic in SQL
/// is the same integer arithmetic everywhere.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    /// A boolean: bound as 1/0 on SQLite (which has no boolean type), as `boolean` on PostgreSQL.
    case boolean(Bool)

    /// How the value reads in an error message (never the value itself: it may be patient data).
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .boolean: "boolean"
        }
    }
}

/// A Swift value that can be bound into a statement and read back from a row. Conversions are
/// strict: a text column never silently becomes a number, and a real with a fraction never
/// becomes an integer.
public protocol SQLValueConvertible: Sendable {
    var sqlValue: SQLValue { get }
    /// The value for a column's content, or nil when the content cannot be this type.
    static func fromSQL(_ value: SQLValue) -> Self?
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public static func fromSQL(_ value: SQLValue) -> Int64? {
        switch value {
        case .integer(let i): i
        case .boolean(let b): b ? 1 : 0
        // PostgreSQL returns sum() and avg() over integers as numeric, decoded as a double.
        case .real(let d): d.rounded() == d ? Int64(exactly: d) : nil
        default: nil
        }
    }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public static func fromSQL(_ value: SQLValue) -> Int? { Int64.fromSQL(value).flatMap { Int(exactly: $0) } }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    public static func fromSQL(_ value: SQLValue) -> Double? {
        switch value {
        case .real(let d): d
        case .integer(let i): Double(i)
        default: nil
        }
    }
}

extension Bool: SQLValueConvertible {
    public var sqlValue: SQLValue { .boolean(self) }
    public static func fromSQL(_ value: SQLValue) -> Bool? {
        switch value {
        case .boolean(let b): b
        case .integer(let i): i != 0
        default: nil
        }
    }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public static func fromSQL(_ value: SQLValue) -> String? {
        if case .text(let s) = value { return s }
        return nil
    }
}

extension Data: SQLValueConvertible {
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
    public static func fromSQL(_ value: SQLValue) -> Data? {
        if case .blob(let b) = value { return Data(b) }
        return nil
    }
}

/// Instants as Unix milliseconds, rounded to the nearest millisecond, as every table stores them.
extension Date: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) }
    public static func fromSQL(_ value: SQLValue) -> Date? {
        Int64.fromSQL(value).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}

/// nil binds as NULL and reads back from NULL.
extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    public static func fromSQL(_ value: SQLValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromSQL(value).map { .some($0) }
    }
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
    public static func fromSQL(_ value: SQLValue) -> SQLValue? { value }
}

/// Enums are stored by raw value: `NappyKind.wet` is the text 'wet' on both engines.
extension SQLValueConvertible where Self: RawRepresentable, RawValue: SQLValueConvertible {
    public var sqlValue: SQLValue { rawValue.sqlValue }
    public static func fromSQL(_ value: SQLValue) -> Self? { RawValue.fromSQL(value).flatMap(Self.init(rawValue:)) }
}
