import Foundation
import WardSQL

/// Moves a ward from one database to another — a SQLite file to a PostgreSQL schema, or back —
/// with every record and the audit trail, ids kept, in ONE transaction on the target, then checks
/// that both sides hold the same: per table, `count(*)` and a checksum over every row in key
/// order (`WardCopyChecksum`), compared inside that transaction, so a copy that does not match is
/// rolled back and the target is left as it was.
///
/// Transactions: the source is read in one read transaction (one snapshot: writes made meanwhile
/// are not half-copied) while the target is written in one write transaction; the two run at the
/// same time on their engines' threads and rows stream between them a few pages at a time
/// (`WardCopyPipe`), so a ward larger than memory copies. The target must be empty (apart from
/// the rows a fresh ward makes itself, `WardCopyRules.seededTables`); that is checked before the
/// copy and again inside its transaction. Both sides must have applied exactly this build's
/// schema steps; the caller migrates them first.
public enum WardCopy {
    /// Rows read and written per page.
    public static let defaultPageSize = 2_000

    /// The tables of `target` that hold rows, apart from the ones a fresh ward fills itself: a
    /// target that is not empty is refused with them, before anything changes (before it is migrated).
    public static func nonEmptyTables(in target: any SQLDatabase, rules: WardCopyRules) async throws -> [WardCopyError.TableRows] {
        try await target.read { db in try WardCopyCatalog.nonEmptyTables(db, rules: rules) }
    }

    /// Copies every table of `source` into the empty `target` and checks the copy. `targetName`
    /// names the target in a refusal; `progress` hears of each table when its rows are written.
    /// Throws `WardCopyError` (nothing changed in the target) or the engine's error (the target's
    /// transaction rolled back).
    public static func run(
        from source: any SQLDatabase, to target: any SQLDatabase, rules: WardCopyRules, targetName: String,
        pageSize: Int = defaultPageSize, progress: (@Sendable (WardCopyTableSummary) -> Void)? = nil
    ) async throws -> WardCopyReport {
        let started = Date()
        let plan = try await WardCopyPlan.make(source: source, target: target, rules: rules)
        let nonEmpty = try await nonEmptyTables(in: target, rules: rules)
        guard nonEmpty.isEmpty else { throw WardCopyError.targetNotEmpty(target: targetName, nonEmpty) }

        let pipe = WardCopyPipe()
        async let sent = source.read { db in
            do {
                return try plan.tables.map { table in
                    let summary = try WardCopyRows.readAll(db, table, pageSize: pageSize) { rows in
                        try pipe.send(.rows(table: table.name, rows))
                    }
                    try pipe.send(.tableEnd(summary))
                    return summary
                }
            } catch {
                pipe.fail(error)
                throw error
            }
        }
        let attempts = AttemptCounter()
        let written: [WardCopyTableSummary]
        do {
            written = try await target.write { db in
                guard attempts.first() else { throw WardCopyError.targetChangedDuringCopy }
                do {
                    return try receive(plan, rules: rules, targetName: targetName, pageSize: pageSize, pipe: pipe,
                                       progress: progress, db)
                } catch {
                    pipe.fail(error)
                    throw error
                }
            }
        } catch {
            pipe.fail(error)
            _ = try? await sent
            throw error
        }
        let read = try await sent
        return WardCopyReport(source: read, target: written, kept: plan.kept, seconds: Date().timeIntervalSince(started))
    }

    /// The target's side, inside its one transaction: refuse rows already there, triggers off,
    /// the fresh ward's own rows out, every page in, triggers back on, derived tables rebuilt,
    /// identity sequences past the copied ids, then every table read back and compared.
    private static func receive(
        _ plan: WardCopyPlan, rules: WardCopyRules, targetName: String, pageSize: Int, pipe: WardCopyPipe,
        progress: (@Sendable (WardCopyTableSummary) -> Void)?, _ db: any SQLConnection
    ) throws -> [WardCopyTableSummary] {
        let nonEmpty = try WardCopyCatalog.nonEmptyTables(db, rules: rules)
        guard nonEmpty.isEmpty else { throw WardCopyError.targetNotEmpty(target: targetName, nonEmpty) }
        let restore = try WardCopyTriggers.suspend(db)
        for table in plan.replacedSeeded { try db.execute(SQLQuery(verbatim: "DELETE FROM \(table)")) }
        let tables = Dictionary(uniqueKeysWithValues: plan.tables.map { ($0.name, $0) })
        var sourceSummaries: [WardCopyTableSummary] = []
        while sourceSummaries.count < plan.tables.count {
            switch try pipe.receive() {
            case .rows(let name, let rows):
                try WardCopyRows.insert(rows, into: tables[name]!, db)
            case .tableEnd(let summary):
                sourceSummaries.append(summary)
                progress?(summary)
            }
        }
        for statement in restore { try db.execute(statement) }
        for root in plan.targetDerived {
            // An FTS5 external-content index read afresh from its table (the copy wrote no index rows).
            try db.execute(SQLQuery(verbatim: "INSERT INTO \(root) (\(root)) VALUES ('rebuild')"))
        }
        for table in plan.tables {
            guard let identity = table.identity else { continue }
            _ = try db.fetchAll("SELECT setval(pg_get_serial_sequence(\(table.name), \(identity.column)), max(\(sql: SQLQuery(verbatim: identity.column)))) "
                                + "FROM \(sql: SQLQuery(verbatim: table.name)) HAVING max(\(sql: SQLQuery(verbatim: identity.column))) IS NOT NULL")
        }
        var written: [WardCopyTableSummary] = []
        var mismatches: [String] = []
        for (table, read) in zip(plan.tables, sourceSummaries) {
            let summary = try WardCopyRows.readAll(db, table, pageSize: pageSize) { _ in }
            written.append(summary)
            if read.counted != read.rows { mismatches.append("\(table.name): the source counted \(read.counted) rows but \(read.rows) were read") }
            if summary.counted != read.rows || summary.rows != read.rows {
                mismatches.append("\(table.name): \(read.rows) rows read, \(summary.counted) in the target")
            } else if summary.checksum != read.checksum {
                mismatches.append("\(table.name): checksum \(read.checksum) in the source, \(summary.checksum) in the target")
            }
        }
        guard mismatches.isEmpty else { throw WardCopyError.verificationFailed(mismatches) }
        return written
    }
}

/// What a copy did: per table, what the source read and what the target holds (equal, or the copy
/// would have been rolled back), the tables left as they were, and how long it took.
public struct WardCopyReport: Sendable {
    public let source: [WardCopyTableSummary]
    public let target: [WardCopyTableSummary]
    /// Tables not copied (`WardCopyRules.keptTables` the target has).
    public let kept: [String]
    public let seconds: TimeInterval

    /// Every row copied.
    public var rows: Int { target.reduce(0) { $0 + $1.rows } }

    /// "table  rows  checksum ok", one line per table, aligned.
    public var lines: [String] {
        let width = max(5, (source.map(\.table.count) + kept.map(\.count)).max() ?? 0)
        let rowsWidth = max(4, target.map { String($0.rows).count }.max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [pad("table", width) + "  " + padLeft("rows", rowsWidth) + "  checksum"]
        for (read, written) in zip(source, target) {
            lines.append(pad(read.table, width) + "  " + padLeft(String(written.rows), rowsWidth) + "  " + written.checksum
                         + (read.checksum == written.checksum && read.rows == written.rows ? " ok" : " DIFFERS"))
        }
        for table in kept { lines.append(pad(table, width) + "  " + padLeft("-", rowsWidth) + "  kept as the target made it") }
        return lines
    }
}

/// Counts the runs of a transaction's body (a PostgreSQL write runs again after a lost race; a
/// copy's rows have already been streamed once, so a second run is refused instead).
private final class AttemptCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0

    /// True the first time only.
    func first() -> Bool {
        lock.withLock {
            runs += 1
            return runs == 1
        }
    }
}
