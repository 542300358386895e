/// Anything a record can be read from by column name: a portable `SQLRow`, and (in WardStore)
/// a GRDB row, so a record's hand-written reader serves both paths with one body while the
/// store moves onto WardSQL.
public protocol SQLColumnReader {
    /// The value of a column, or nil when there is no such column.
    func sqlValue(forColumn name: String) -> SQLValue?
}

extension SQLColumnReader {
    /// A column's value as a Swift type; throws naming the column when it is missing or of
    /// another type (an optional type reads NULL as nil).
    public func column<T: SQLValueConvertible>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = sqlValue(forColumn: name) else {
            throw SQLDecodingError(column: name, expected: "\(T.self)", found: "no such column")
        }
        guard let decoded = T.fromSQL(value) else {
            throw SQLDecodingError(column: name, expected: "\(T.self)", found: value.storageClass)
        }
        return decoded
    }

    /// A column added by a later migration: nil when the row does not have it.
    public func columnIfPresent<T: SQLValueConvertible>(_ name: String, as type: T?.Type = T?.self) throws -> T? {
        sqlValue(forColumn: name) == nil ? nil : try column(name, as: T?.self)
    }
}

extension SQLRow: SQLColumnReader {
    public func sqlValue(forColumn name: String) -> SQLValue? { self[name] }
}
