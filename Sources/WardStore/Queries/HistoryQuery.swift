import Foundation
import GRDB

/// Builds History's SQL: one branch per event kind, each filtered and keyset-limited on its own
/// index, merged by UNION ALL under one ORDER BY / LIMIT, then joined to patient and staff.
/// No OFFSET and no COUNT: a page costs the same at the top and at the millionth row.
public struct HistoryQuery: Sendable {
    public enum Direction: Sendable { case older, newer }

    public let filter: HistoryFilter
    public let cursor: HistoryCursor?
    public let direction: Direction
    public let limit: Int

    public init(filter: HistoryFilter, cursor: HistoryCursor?, direction: Direction, limit: Int) {
        self.filter = filter
        self.cursor = cursor
        self.direction = direction
        self.limit = limit
    }

    /// SQL with `?` placeholders, and its arguments in order.
    public var sqlAndArguments: (sql: String, arguments: [DatabaseValue]) {
        var arguments: [DatabaseValue] = []
        let desc = direction == .older ? "DESC" : "ASC"
        let kinds = filter.effectiveKinds
        let branches = HistoryEventKind.allCases.filter(kinds.contains).map { branch(HistoryBranch.of($0), &arguments) }
        arguments.append((limit + 1).databaseValue)
        let sql = """
            SELECT e.*, p.bedLabel, p.givenName, p.familyName, s.initials AS staffInitials
            FROM (\(branches.joined(separator: "\nUNION ALL\n"))) e
            JOIN patient p ON p.id = e.patientId
            LEFT JOIN staff s ON s.id = e.staffId
            ORDER BY e.occurredAt \(desc), e.kindRank \(desc), e.id \(desc)
            LIMIT ?
            """
        return (sql, arguments)
    }

    /// The SQL text with the arguments inlined as literals (for timing the same query in `sqlite3`).
    public var inlinedSQL: String {
        let (sql, arguments) = sqlAndArguments
        var out = ""
        var iterator = arguments.makeIterator()
        for ch in sql {
            guard ch == "?" else { out.append(ch); continue }
            switch iterator.next()?.storage {
            case .int64(let v): out += String(v)
            case .double(let v): out += String(v)
            case .string(let s): out += "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
            default: out += "NULL"
            }
        }
        return out
    }

    private func branch(_ spec: HistoryBranch, _ arguments: inout [DatabaseValue]) -> String {
        let rank = spec.kind.rank
        let time = "n." + spec.timeColumn
        // Events of a patient whose admission was undone (soft-deleted) are hidden with them.
        var conditions = ["n.deletedAt IS NULL"] + spec.extraConditions
            + ["NOT EXISTS (SELECT 1 FROM patient dp WHERE dp.id = n.patientId AND dp.deletedAt IS NOT NULL)"]
        if let patientId = filter.patientId {
            conditions.append("n.patientId = ?")
            arguments.append(patientId.databaseValue)
        }
        let subtypes: [String]
        switch spec.kind {
        case .nappyChange: subtypes = filter.nappyKinds.map(\.rawValue)
        case .feed: subtypes = filter.feedKinds.map(\.rawValue)
        case .measurement: subtypes = filter.measurementKinds.map(\.rawValue)
        case .doseRecord, .asNeededDose, .calculatorResult, .strokeAssessment: subtypes = []
        }
        if !subtypes.isEmpty {
            conditions.append("n.kind IN (\(subtypes.map { _ in "?" }.joined(separator: ", ")))")
            arguments += subtypes.sorted().map(\.databaseValue)
        }
        if let staffId = filter.staffId {
            conditions.append("n.\(spec.staffColumn) = ?")
            arguments.append(staffId.databaseValue)
        }
        if let from = filter.from {
            conditions.append("\(time) >= ?")
            arguments.append(StoredTime.milliseconds(from).databaseValue)
        }
        if let until = filter.until {
            conditions.append("\(time) < ?")
            arguments.append(StoredTime.milliseconds(until).databaseValue)
        }
        if let text = filter.notesContaining?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if let match = NotesSearch.matchExpression(text) {
                // The FTS5 index of the branch's table (v7) answers which rows match; the time
                // index still orders and limits the page.
                conditions.append("n.id IN (SELECT rowid FROM \(spec.searchTable) WHERE \(spec.searchTable) MATCH ?)")
                arguments.append(match.databaseValue)
            } else {
                conditions.append("n.\(spec.notesSearchColumn) LIKE ? ESCAPE '\\'")
                arguments.append(("%" + SQLText.escapeLike(text) + "%").databaseValue)
            }
        }
        if let cursor {
            conditions.append(keysetCondition(cursor: cursor, branchRank: rank, time: time, arguments: &arguments))
        }
        let desc = direction == .older ? "DESC" : "ASC"
        arguments.append((limit + 1).databaseValue)
        return """
            SELECT * FROM (
                SELECT \(rank) AS kindRank, n.id, n.patientId, \(time) AS occurredAt, n.\(spec.staffColumn) AS staffId,
                    \(spec.columns), \(spec.notesColumn) AS notes
                FROM \(spec.table) n
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(time) \(desc), n.id \(desc)
                LIMIT ?
            )
            """
    }

    /// The keyset predicate for one branch, where the kind rank is a constant: rows strictly
    /// beyond the cursor in the page's direction.
    private func keysetCondition(cursor: HistoryCursor, branchRank: Int, time: String,
                                 arguments: inout [DatabaseValue]) -> String {
        let t = StoredTime.milliseconds(cursor.occurredAt)
        let older = direction == .older
        if branchRank == cursor.kindRank {
            arguments += [t.databaseValue, cursor.id.databaseValue]
            return older ? "(\(time), n.id) < (?, ?)" : "(\(time), n.id) > (?, ?)"
        }
        arguments.append(t.databaseValue)
        // Same millisecond: included only when this kind sorts beyond the cursor's kind.
        let sameTimeIncluded = older ? branchRank < cursor.kindRank : branchRank > cursor.kindRank
        switch (older, sameTimeIncluded) {
        case (true, true): return "\(time) <= ?"
        case (true, false): return "\(time) < ?"
        case (false, true): return "\(time) >= ?"
        case (false, false): return "\(time) > ?"
        }
    }

    func fetch(_ db: Database) throws -> HistoryPage {
        let (sql, arguments) = sqlAndArguments
        var rows = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments))
        let hasMore = rows.count > limit
        if hasMore { rows.removeLast() }
        if direction == .newer { rows.reverse() }
        return HistoryPage(events: rows.map(Self.event), hasMore: hasMore)
    }

    static func event(_ row: Row) -> HistoryEvent {
        let given: String = row["givenName"]
        let family: String = row["familyName"]
        let rank: Int = row["kindRank"]
        let kind = HistoryEventKind.allCases.first { $0.rank == rank } ?? .nappyChange
        let text = HistoryBranch.text(kind: kind, row: row)
        return HistoryEvent(
            kind: kind, id: row["id"],
            occurredAt: StoredTime.date(milliseconds: row["occurredAt"]),
            patientId: row["patientId"], bedLabel: row["bedLabel"], patientName: "\(given) \(family)",
            title: text.title, details: text.details,
            notes: row["notes"] ?? "", staffId: row["staffId"], staffInitials: row["staffInitials"],
            nappyKind: kind == .nappyChange ? (row["subtype"] as String?).flatMap(NappyKind.init(rawValue:)) : nil,
            feedKind: kind == .feed ? (row["subtype"] as String?).flatMap(FeedKind.init(rawValue:)) : nil,
            measurementKind: kind == .measurement ? (row["subtype"] as String?).flatMap(MeasurementKind.init(rawValue:)) : nil,
            doseStatus: kind == .doseRecord || kind == .asNeededDose
                ? (row["subtype"] as String?).flatMap(DoseStatus.init(rawValue:)) : nil)
    }
}

extension StoolColour {
    /// Words for lists ("black/meconium", "red-streaked").
    public var displayName: String {
        switch self {
        case .yellow: return "yellow"
        case .green: return "green"
        case .brown: return "brown"
        case .blackMeconium: return "black/meconium"
        case .pale: return "pale"
        case .redStreaked: return "red-streaked"
        }
    }
}

extension SQLiteWardStore {
    public func historyPage(_ filter: HistoryFilter, after cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        let query = HistoryQuery(filter: filter, cursor: cursor, direction: .older, limit: max(1, limit))
        return try await pool.read { db in try query.fetch(db) }
    }

    public func historyPage(_ filter: HistoryFilter, before cursor: HistoryCursor, limit: Int) async throws -> HistoryPage {
        let query = HistoryQuery(filter: filter, cursor: cursor, direction: .newer, limit: max(1, limit))
        return try await pool.read { db in try query.fetch(db) }
    }

    public func historyPage(_ filter: HistoryFilter, atOrBefore date: Date, limit: Int) async throws -> HistoryPage {
        try await historyPage(filter, after: .justAfter(date), limit: limit)
    }
}
