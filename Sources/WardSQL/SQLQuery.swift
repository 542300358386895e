/// A statement (or a piece of one) written once for both engines: literal text, bound values
/// and the few engine-specific spellings, rendered for one engine when it runs.
///
/// Values are bound, never spliced into the text: `"… WHERE id = \(id)"` binds `id`. Other
/// SQL is nested with `\(sql: fragment)`. Identifiers and keywords known when the code is
/// written can be added with `SQLQuery(verbatim:)`; user input never can.
public struct SQLQuery: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case text(String)
        case value(SQLValue)
        case dialect(sqlite: String, postgres: String)
        /// Whole fragments, with their own bound values, that differ between the engines.
        case fragments(sqlite: [Part], postgres: [Part])
    }

    private(set) var parts: [Part]

    /// Text taken as SQL as it is. For identifiers and keywords the code spells out.
    public init(verbatim text: String) { parts = text.isEmpty ? [] : [.text(text)] }

    /// Text that differs between the engines ("max" / "greatest", a join hint).
    public static func dialect(sqlite: String, postgres: String) -> SQLQuery {
        SQLQuery(parts: [.dialect(sqlite: sqlite, postgres: postgres)])
    }

    /// Fragments that differ between the engines and carry bound values of their own (SQLite's
    /// full-text `MATCH` against PostgreSQL's expression for the same rule); only the chosen
    /// engine's values are bound.
    public static func dialect(sqlite: SQLQuery, postgres: SQLQuery) -> SQLQuery {
        SQLQuery(parts: [.fragments(sqlite: sqlite.parts, postgres: postgres.parts)])
    }

    /// One bound value (`?` on SQLite, `$n` on PostgreSQL).
    public static func value(_ value: some SQLValueConvertible) -> SQLQuery { SQLQuery(parts: [.value(value.sqlValue)]) }

    init(parts: [Part]) { self.parts = parts }

    public var isEmpty: Bool { parts.isEmpty }

    public static func + (lhs: SQLQuery, rhs: SQLQuery) -> SQLQuery { SQLQuery(parts: lhs.parts + rhs.parts) }
    public static func += (lhs: inout SQLQuery, rhs: SQLQuery) { lhs.parts += rhs.parts }

    /// The fragments joined by a separator (", ", " AND ").
    public static func joined(_ fragments: [SQLQuery], separator: String) -> SQLQuery {
        var result = SQLQuery(parts: [])
        for (i, fragment) in fragments.enumerated() {
            if i > 0 { result.parts.append(.text(separator)) }
            result.parts += fragment.parts
        }
        return result
    }

    /// "?, ?, ?" for the values: an `IN (…)` list. An empty list gives `NULL`, so `IN (NULL)`
    /// matches nothing on both engines instead of being a syntax error.
    /// The most values one `IN (…)` list binds: under SQLite's 32,766 and PostgreSQL's 65,535
    /// bound values a statement, with room for the rest of the statement.
    public static let listLimit = 30_000

    /// `values` as lists of at most `listLimit` each, for a statement run once per list: a ward's
    /// history can name more rows than one statement may bind.
    public static func lists<C: Collection>(_ values: C) -> [SQLQuery] where C.Element: SQLValueConvertible {
        let all = Array(values)
        return stride(from: 0, to: all.count, by: listLimit).map { list(all[$0..<min($0 + listLimit, all.count)]) }
    }

    public static func list<S: Sequence>(_ values: S) -> SQLQuery where S.Element: SQLValueConvertible {
        let fragments = values.map { SQLQuery.value($0) }
        return fragments.isEmpty ? SQLQuery(verbatim: "NULL") : joined(fragments, separator: ", ")
    }

    /// The statement as one engine reads it: its text with that engine's placeholders, and the
    /// values in placeholder order.
    public func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        Self.render(parts, for: dialect, into: &text, &values)
        return (text, values)
    }

    private static func render(_ parts: [Part], for dialect: SQLDialect, into text: inout String, _ values: inout [SQLValue]) {
        for part in parts {
            switch part {
            case .text(let s): text += s
            case .dialect(let sqlite, let postgres): text += dialect == .sqlite ? sqlite : postgres
            case .fragments(let sqlite, let postgres): render(dialect == .sqlite ? sqlite : postgres, for: dialect, into: &text, &values)
            case .value(let value):
                values.append(value)
                text += dialect == .sqlite ? "?" : "$\(values.count)"
            }
        }
    }
}

extension SQLQuery: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(verbatim: value) }

    public init(stringInterpolation: Interpolation) { self.init(parts: stringInterpolation.parts) }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// A bound value.
        public mutating func appendInterpolation(_ value: some SQLValueConvertible) {
            parts.append(.value(value.sqlValue))
        }

        /// A bound value that may be nil (NULL). Spelled out so an optional binds without the
        /// compiler's warning about interpolating optionals into text.
        public mutating func appendInterpolation<T: SQLValueConvertible>(_ value: T?) {
            parts.append(.value(value.sqlValue))
        }

        /// Another fragment, nested as SQL.
        public mutating func appendInterpolation(sql fragment: SQLQuery) {
            parts += fragment.parts
        }
    }
}
