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
        var branches = [nappyBranch(&arguments)]
        // Saved results and assessments are not nappies: a nappy-kind filter leaves them out.
        if filter.nappyKinds.isEmpty {
            branches.append(toolBranch(.calculatorResult, &arguments))
            branches.append(toolBranch(.strokeAssessment, &arguments))
        }
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

    private func nappyBranch(_ arguments: inout [DatabaseValue]) -> String {
        let rank = HistoryEventKind.nappyChange.rank
        // Events of a patient whose admission was undone (soft-deleted) are hidden with them.
        var conditions = ["n.deletedAt IS NULL",
                          "NOT EXISTS (SELECT 1 FROM patient dp WHERE dp.id = n.patientId AND dp.deletedAt IS NOT NULL)"]
        if let patientId = filter.patientId {
            conditions.append("n.patientId = ?")
            arguments.append(patientId.databaseValue)
        }
        if !filter.nappyKinds.isEmpty {
            let kinds = filter.nappyKinds.map(\.rawValue).sorted()
            conditions.append("n.kind IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))")
            arguments += kinds.map(\.databaseValue)
        }
        if let staffId = filter.staffId {
            conditions.append("n.recordedBy = ?")
            arguments.append(staffId.databaseValue)
        }
        if let from = filter.from {
            conditions.append("n.occurredAt >= ?")
            arguments.append(StoredTime.milliseconds(from).databaseValue)
        }
        if let until = filter.until {
            conditions.append("n.occurredAt < ?")
            arguments.append(StoredTime.milliseconds(until).databaseValue)
        }
        if let text = filter.notesContaining?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            conditions.append("n.notes LIKE ? ESCAPE '\\'")
            arguments.append(("%" + SQLText.escapeLike(text) + "%").databaseValue)
        }
        if let cursor {
            conditions.append(keysetCondition(cursor: cursor, branchRank: rank, arguments: &arguments))
        }
        let desc = direction == .older ? "DESC" : "ASC"
        arguments.append((limit + 1).databaseValue)
        return """
            SELECT * FROM (
                SELECT \(rank) AS kindRank, n.id, n.patientId, n.occurredAt, n.recordedBy AS staffId,
                    n.kind AS subtype, n.size AS detailA, n.stoolColour AS detailB,
                    n.nappyWeightGrams AS detailNumber, n.notes
                FROM nappy_change n
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY n.occurredAt \(desc), n.id \(desc)
                LIMIT ?
            )
            """
    }

    /// Saved calculator results and stroke assessments of patients: who saved them, the tool,
    /// and the one-line summary. Same shape as the nappy branch.
    private func toolBranch(_ kind: HistoryEventKind, _ arguments: inout [DatabaseValue]) -> String {
        let isResult = kind == .calculatorResult
        let table = isResult ? "calculator_result" : "stroke_assessment"
        let time = isResult ? "c.savedAt" : "c.assessedAt"
        let staff = isResult ? "c.savedBy" : "c.assessedBy"
        let subtype = isResult ? "c.toolId" : "c.module"
        var conditions = ["c.deletedAt IS NULL", "c.patientId IS NOT NULL",
                          "NOT EXISTS (SELECT 1 FROM patient dp WHERE dp.id = c.patientId AND dp.deletedAt IS NOT NULL)"]
        if let patientId = filter.patientId {
            conditions.append("c.patientId = ?")
            arguments.append(patientId.databaseValue)
        }
        if let staffId = filter.staffId {
            conditions.append("\(staff) = ?")
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
            conditions.append("c.summary LIKE ? ESCAPE '\\'")
            arguments.append(("%" + SQLText.escapeLike(text) + "%").databaseValue)
        }
        if let cursor {
            conditions.append(keysetCondition(cursor: cursor, branchRank: kind.rank, arguments: &arguments, time: time, id: "c.id"))
        }
        let desc = direction == .older ? "DESC" : "ASC"
        arguments.append((limit + 1).databaseValue)
        return """
            SELECT * FROM (
                SELECT \(kind.rank) AS kindRank, c.id, c.patientId, \(time) AS occurredAt, \(staff) AS staffId,
                    \(subtype) AS subtype, c.summary AS detailA, NULL AS detailB, NULL AS detailNumber, '' AS notes
                FROM \(table) c
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(time) \(desc), c.id \(desc)
                LIMIT ?
            )
            """
    }

    /// The keyset predicate for one branch, where the kind rank is a constant: rows strictly
    /// beyond the cursor in the page's direction.
    private func keysetCondition(cursor: HistoryCursor, branchRank: Int, arguments: inout [DatabaseValue],
                                 time: String = "n.occurredAt", id: String = "n.id") -> String {
        let t = StoredTime.milliseconds(cursor.occurredAt)
        let older = direction == .older
        if branchRank == cursor.kindRank {
            arguments += [t.databaseValue, cursor.id.databaseValue]
            return older ? "(\(time), \(id)) < (?, ?)" : "(\(time), \(id)) > (?, ?)"
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
        let rank: Int = row["kindRank"]
        if rank != HistoryEventKind.nappyChange.rank { return toolEvent(row, rank: rank) }
        let given: String = row["givenName"]
        let family: String = row["familyName"]
        let subtype: String = row["subtype"]
        let nappyKind = NappyKind(rawValue: subtype)
        var details: [String] = [row["detailA"] ?? ""]
        if let colour = (row["detailB"] as String?).flatMap(StoolColour.init(rawValue:)) {
            details.append(colour.displayName)
        }
        if let grams = row["detailNumber"] as Int? { details.append("\(grams) g") }
        return HistoryEvent(
            kind: .nappyChange, id: row["id"],
            occurredAt: StoredTime.date(milliseconds: row["occurredAt"]),
            patientId: row["patientId"], bedLabel: row["bedLabel"], patientName: "\(given) \(family)",
            title: "Nappy \(subtype)", details: details.filter { !$0.isEmpty }.joined(separator: " · "),
            notes: row["notes"] ?? "", staffId: row["staffId"], staffInitials: row["staffInitials"],
            nappyKind: nappyKind)
    }
}

extension HistoryQuery {
    /// A saved calculator result ("Calculator bsa") or stroke assessment ("Stroke triage full").
    static func toolEvent(_ row: Row, rank: Int) -> HistoryEvent {
        let isResult = rank == HistoryEventKind.calculatorResult.rank
        let given: String = row["givenName"]
        let family: String = row["familyName"]
        let subtype: String = row["subtype"]
        return HistoryEvent(
            kind: isResult ? .calculatorResult : .strokeAssessment, id: row["id"],
            occurredAt: StoredTime.date(milliseconds: row["occurredAt"]),
            patientId: row["patientId"], bedLabel: row["bedLabel"], patientName: "\(given) \(family)",
            title: isResult ? "Calculator \(subtype)" : "Stroke triage \(subtype)", details: row["detailA"] ?? "",
            notes: "", staffId: row["staffId"], staffInitials: row["staffInitials"], nappyKind: nil)
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
