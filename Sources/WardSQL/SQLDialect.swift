/// The two engines Cotside runs on. A statement is written once; the few places where the
/// engines' SQL differs are written as `SQLQuery.dialect(sqlite:postgres:)` (or one of the portable
/// helpers in `SQL+Portable.swift`) and chosen when the statement is rendered for an engine.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// SQLite 3.35 or later (RETURNING, FILTER, TRUE/FALSE), through GRDB.
    case sqlite
    /// PostgreSQL 15, through postgres-nio.
    case postgres
}
