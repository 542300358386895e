import Foundation

/// `Codable` records to and from one row: each stored property is a column of the same name.
/// Dates are Unix milliseconds, booleans `SQLValue.boolean`, enums their raw values, optionals
/// NULL. Nested values have no column to go to and are refused, naming the property.
enum SQLRowEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> [(name: String, value: SQLValue)] {
        let encoder = RowEncoder()
        try value.encode(to: encoder)
        return encoder.storage.columns
    }

    final class Storage {
        var columns: [(name: String, value: SQLValue)] = []
    }

    struct RowEncoder: Encoder {
        let storage = Storage()
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Columns<Key>(storage: storage))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("a record is stored as a keyed row") }
        func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("a record is stored as a keyed row") }
    }

    struct Columns<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let storage: Storage
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) throws { storage.columns.append((key.stringValue, .null)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            storage.columns.append((key.stringValue, try SQLRowEncoder.value(of: value, column: key.stringValue)))
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            storage.columns.append((key.stringValue, try value.map { try SQLRowEncoder.value(of: $0, column: key.stringValue) } ?? .null))
        }
        // The standard library's defaults for these skip a nil; a row needs its NULL column.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeIfPresent(value.map(Present.init), forKey: key) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            fatalError("column \(key.stringValue): a nested value has no column")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            fatalError("column \(key.stringValue): a nested value has no column")
        }
        mutating func superEncoder() -> any Encoder { fatalError("a record has no superclass row") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("a record has no superclass row") }
    }

    /// A primitive optional's value, routed through the generic `encodeIfPresent` above.
    struct Present<T: Encodable>: Encodable {
        let value: T
        init(_ value: T) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    /// One property's column value: a known storage type directly, anything else (an enum) by
    /// encoding it to a single value.
    static func value<T: Encodable>(of value: T, column: String) throws -> SQLValue {
        if let convertible = value as? any SQLValueConvertible { return convertible.sqlValue }
        let single = SingleValue(column: column)
        try value.encode(to: single)
        guard let stored = single.box.value else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "column \(column): no single value"))
        }
        return stored
    }

    final class Box { var value: SQLValue? }

    /// Receives an enum's raw value.
    struct SingleValue: Encoder, SingleValueEncodingContainer {
        let column: String
        let box = Box()
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            fatalError("column \(column): a nested value has no column")
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("column \(column): a list has no column") }
        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        mutating func encodeNil() throws { box.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws {
            box.value = try SQLRowEncoder.value(of: value, column: column)
        }
    }
}

/// The reverse of `SQLRowEncoder`: a `Decodable` record from a row, column by property name.
enum SQLRowDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from row: SQLRow) throws -> T {
        try T(from: RowDecoder(row: row))
    }

    struct RowDecoder: Decoder {
        let row: SQLRow
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Columns<Key>(row: row))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a row is keyed by column"))
        }
        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "a row is keyed by column"))
        }
    }

    struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let row: SQLRow
        var codingPath: [any CodingKey] = []
        var allKeys: [Key] { row.columns.names.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { row.hasColumn(key.stringValue) }

        func decodeNil(forKey key: Key) throws -> Bool { row[key.stringValue] == .null || row[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = row[key.stringValue] else {
                throw SQLDecodingError(column: key.stringValue, expected: "\(T.self)", found: "no such column")
            }
            if let convertible = T.self as? any SQLValueConvertible.Type {
                guard let decoded = convertible.fromSQL(value) as? T else {
                    throw SQLDecodingError(column: key.stringValue, expected: "\(T.self)", found: value.storageClass)
                }
                return decoded
            }
            return try T(from: SingleValue(column: key.stringValue, value: value))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                   forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw SQLDecodingError(column: key.stringValue, expected: "a nested value", found: "a column")
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw SQLDecodingError(column: key.stringValue, expected: "a list", found: "a column")
        }
        func superDecoder() throws -> any Decoder { RowDecoder(row: row) }
        func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row) }
    }

    /// Gives an enum its raw value.
    struct SingleValue: Decoder, SingleValueDecodingContainer {
        let column: String
        let value: SQLValue
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw SQLDecodingError(column: column, expected: "a nested value", found: "a column")
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw SQLDecodingError(column: column, expected: "a list", found: "a column")
        }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if let convertible = T.self as? any SQLValueConvertible.Type {
                guard let decoded = convertible.fromSQL(value) as? T else {
                    throw SQLDecodingError(column: column, expected: "\(T.self)", found: value.storageClass)
                }
                return decoded
            }
            return try T(from: self)
        }
    }
}
