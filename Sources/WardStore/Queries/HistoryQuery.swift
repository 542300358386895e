import Foundation
import WardSQL

/// Builds History's SQL: one branch per event kind, each filtered and keyset-limited on its own
/// index, merged by UNION ALL under one ORDER BY / LIMIT, then joined to patient and staff.
/// No OFFSET and no COUNT: a page costs the same at the top and at the millionth row.
/// Written once for SQLite and PostgreSQL: the keyset (time, kind rank, id) is total, so both
/// engines give the same pages; only the notes search differs in its spelling (`NotesSearch`).
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

    /// The statement, with its values bound.
    public var sql: SQLQuery {
        let desc = SQLQuery(verbatim: direction == .older ? "DESC" : "ASC")
        let kinds = filter.effectiveKinds
        let branches = HistoryEventKind.allCases.filter(kinds.contains).map { branch(HistoryBranch.of($0)) }
        return """
            SELECT e.*, p.bedLabel, p.givenName, p.familyName, s.initials AS staffInitials
            FROM (\(sql: .joined(branches, separator: "\nUNION ALL\n"))) e
            JOIN patient p ON p.id = e.patientId
            LEFT JOIN staff s ON s.id = e.staffId
            ORDER BY e.occurredAt \(sql: desc), e.kindRank \(sql: desc), e.id \(sql: desc)
            LIMIT \(limit + 1)
            """
    }

    /// SQLite's text with the values inlined as literals (for timing the same query in `sqlite3`).
    public var inlinedSQL: String {
        let (text, values) = sql.rendered(for: .sqlite)
        var out = ""
        var iterator = values.makeIterator()
        for ch in text {
            guard ch == "?" else { out.append(ch); continue }
            switch iterator.next() {
            case .integer(let v): out += String(v)
            case .real(let v): out += String(v)
            case .boolean(let b): out += b ? "1" : "0"
            case .text(let s): out += "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
            default: out += "NULL"
            }
        }
        return out
    }

    private func branch(_ spec: HistoryBranch) -> SQLQuery {
        let time = SQLQuery(verbatim: "n." + spec.timeColumn)
        let staff = SQLQuery(verbatim: "n." + spec.staffColumn)
        // Events of a patient whose admission was undone (soft-deleted) are hidden with them.
        var conditions: [SQLQuery] = ["n.deletedAt IS NULL"] + spec.extraConditions.map(SQLQuery.init(verbatim:))
            + ["NOT EXISTS (SELECT 1 FROM patient dp WHERE dp.id = n.patientId AND dp.deletedAt IS NOT NULL)"]
        if let patientId = filter.patientId {
            conditions.append("n.patientId = \(patientId)")
        }
        let subtypes: [String]
        switch spec.kind {
        case .nappyChange: subtypes = filter.nappyKinds.map(\.rawValue)
        case .feed: subtypes = filter.feedKinds.map(\.rawValue)
        case .measurement: subtypes = filter.measurementKinds.map(\.rawValue)
        case .doseRecord, .asNeededDose, .calculatorResult, .strokeAssessment: subtypes = []
        }
        if !subtypes.isEmpty {
            conditions.append("n.kind IN (\(sql: .list(subtypes.sorted())))")
        }
        if let staffId = filter.staffId {
            conditions.append("\(sql: staff) = \(staffId)")
        }
        if let from = filter.from {
            conditions.append("\(sql: time) >= \(StoredTime.milliseconds(from))")
        }
        if let until = filter.until {
            conditions.append("\(sql: time) < \(StoredTime.milliseconds(until))")
        }
        if let text = filter.notesContaining?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            conditions.append(NotesSearch.condition(text, in: spec))
        }
        if let cursor {
            conditions.append(keysetCondition(cursor: cursor, branchRank: spec.kind.rank, time: time))
        }
        let desc = SQLQuery(verbatim: direction == .older ? "DESC" : "ASC")
        // The rank is a constant of the code, written as a literal: a bound value has no type
        // PostgreSQL could give the column before the UNION.
        return """
            SELECT * FROM (
                SELECT \(sql: SQLQuery(verbatim: String(spec.kind.rank))) AS kindRank, n.id, n.patientId, \(sql: time) AS occurredAt,
                    \(sql: staff) AS staffId, \(sql: spec.columns), \(sql: SQLQuery(verbatim: spec.notesColumn)) AS notes
                FROM \(sql: SQLQuery(verbatim: spec.table)) n
                WHERE \(sql: .joined(conditions, separator: " AND "))
                ORDER BY \(sql: time) \(sql: desc), n.id \(sql: desc)
                LIMIT \(limit + 1)
            ) AS \(sql: SQLQuery(verbatim: "branch\(spec.kind.rank)"))
            """
    }

    /// The keyset predicate for one branch, where the kind rank is a constant: rows strictly
    /// beyond the cursor in the page's direction.
    private func keysetCondition(cursor: HistoryCursor, branchRank: Int, time: SQLQuery) -> SQLQuery {
        let t = StoredTime.milliseconds(cursor.occurredAt)
        let older = direction == .older
        if branchRank == cursor.kindRank {
            return older ? "(\(sql: time), n.id) < (\(t), \(cursor.id))" : "(\(sql: time), n.id) > (\(t), \(cursor.id))"
        }
        // Same millisecond: included only when this kind sorts beyond the cursor's kind.
        let sameTimeIncluded = older ? branchRank < cursor.kindRank : branchRank > cursor.kindRank
        switch (older, sameTimeIncluded) {
        case (true, true): return "\(sql: time) <= \(t)"
        case (true, false): return "\(sql: time) < \(t)"
        case (false, true): return "\(sql: time) >= \(t)"
        case (false, false): return "\(sql: time) > \(t)"
        }
    }

    func fetch(_ db: some SQLConnection) throws -> HistoryPage {
        var rows = try db.fetchAll(sql)
        let hasMore = rows.count > limit
        if hasMore { rows.removeLast() }
        if direction == .newer { rows.reverse() }
        return HistoryPage(events: try rows.map(Self.event), hasMore: hasMore)
    }

    static func event(_ row: SQLRow) throws -> HistoryEvent {
        let given: String = try row.column("givenName")
        let family: String = try row.column("familyName")
        let rank: Int = try row.column("kindRank")
        let kind = HistoryEventKind.allCases.first { $0.rank == rank } ?? .nappyChange
        let facts = try HistoryBranch.facts(kind: kind, row: row)
        let text = HistoryBranch.englishText(facts)
        let subtype: String? = try row.column("subtype")
        return HistoryEvent(
            kind: kind, id: try row.column("id"),
            occurredAt: StoredTime.date(milliseconds: try row.column("occurredAt")),
            patientId: try row.column("patientId"), bedLabel: try row.column("bedLabel"), patientName: PersonName.full(given: given, family: family),
            title: text.title, details: text.details, facts: facts,
            notes: try row.column("notes", as: String?.self) ?? "", staffId: try row.column("staffId"),
            staffInitials: try row.column("staffInitials"),
            nappyKind: kind == .nappyChange ? subtype.flatMap(NappyKind.init(rawValue:)) : nil,
            feedKind: kind == .feed ? subtype.flatMap(FeedKind.init(rawValue:)) : nil,
            measurementKind: kind == .measurement ? subtype.flatMap(MeasurementKind.init(rawValue:)) : nil,
            doseStatus: kind == .doseRecord || kind == .asNeededDose ? subtype.flatMap(DoseStatus.init(rawValue:)) : nil)
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

/// History's pages: one read each, through the portable layer.
extension SQLiteWardStore {
    public func historyPage(_ filter: HistoryFilter, after cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        let query = HistoryQuery(filter: filter, cursor: cursor, direction: .older, limit: max(1, limit))
        return try await database.read { db in try query.fetch(db) }
    }

    public func historyPage(_ filter: HistoryFilter, before cursor: HistoryCursor, limit: Int) async throws -> HistoryPage {
        let query = HistoryQuery(filter: filter, cursor: cursor, direction: .newer, limit: max(1, limit))
        return try await database.read { db in try query.fetch(db) }
    }

    public func historyPage(_ filter: HistoryFilter, atOrBefore date: Date, limit: Int) async throws -> HistoryPage {
        try await historyPage(filter, after: .justAfter(date), limit: limit)
    }
}
