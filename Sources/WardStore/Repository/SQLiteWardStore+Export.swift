import Foundation
import WardSQL

extension SQLiteWardStore {
    /// Rows fetched per page; memory holds one page, whatever the ward's size.
    static let exportPageSize = 2000

    /// Writes the export in one read transaction (one consistent snapshot; other processes keep
    /// writing), paging every kind in key order (`id > last`), writing each page as it is read:
    /// memory stays flat on a ward of millions of entries. Files are written 0600 under temporary
    /// names and renamed into place at the end; an existing export is refused before anything is
    /// written. Runs on the engine's thread for the whole export: call it from a command, not the screen's loop.
    public nonisolated func exportWard(_ request: WardExportRequest,
                                       progress: @escaping @Sendable (WardTransferProgress) -> Void) async throws -> WardExportSummary {
        try PrivateFolder.ensure(request.folder, role: "the folder", notAFolder: "\(request.folder) is a file; --out needs a folder")
        let names = request.format == .json ? [WardExportKind.jsonFileName] : WardExportKind.all.map { $0.name + ".csv" }
        let paths = names.map { (request.folder as NSString).appendingPathComponent($0) }
        if let existing = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw WardStoreError("\(existing) already exists; an export never replaces one — choose another folder or remove it first")
        }
        return try await database.read { db in try Self.writeExport(request, paths: paths, db: db, progress: progress) }
    }

    /// The export's files from the caller's read (one snapshot), on either engine: the same
    /// rows in the same order give the same bytes.
    static func writeExport(_ request: WardExportRequest, paths: [String], db: some SQLConnection,
                            progress: @escaping @Sendable (WardTransferProgress) -> Void) throws -> WardExportSummary {
        var total = 0
        switch request.format {
        case .json:
            let output = try WardExportOutput(path: paths[0])
            try output.write(Self.jsonHeader(request))
            for (index, kind) in WardExportKind.all.enumerated() {
                try output.write(",\n\(WardExportText.jsonString(kind.name)): [")
                var first = true
                total += try Self.forEachRow(of: kind, request: request, db: db, progress: progress) { values in
                    var line = first ? "\n{" : ",\n{"
                    first = false
                    for (column, value) in zip(kind.columns, values) {
                        if column.key != kind.columns[0].key { line += ", " }
                        line += WardExportText.jsonString(column.key) + ": " + Self.jsonValue(value, column.type)
                    }
                    try output.write(line + "}")
                }
                try output.write(first ? "]" : "\n]")
                if index == WardExportKind.all.count - 1 { try output.write("\n}\n") }
            }
            try output.commit()
        case .csv:
            var outputs: [WardExportOutput] = []
            for (kind, path) in zip(WardExportKind.all, paths) {
                let output = try WardExportOutput(path: path)
                outputs.append(output)
                try output.write(kind.columns.map { WardExportText.csvField($0.key) }.joined(separator: ",") + "\r\n")
                total += try Self.forEachRow(of: kind, request: request, db: db, progress: progress) { values in
                    try output.write(zip(kind.columns, values).map { Self.csvValue($1, $0.type) }.joined(separator: ",") + "\r\n")
                }
            }
            for output in outputs { try output.commit() }
        }
        return WardExportSummary(files: paths, records: total)
    }

    private static func jsonHeader(_ request: WardExportRequest) -> String {
        let since = request.since.map { WardExportText.jsonString(WardExportText.instant(milliseconds: StoredTime.milliseconds($0))) }
        return "{\"format\": \"cotside-export\",\n\"formatVersion\": \(WardExportKind.formatVersion),\n"
            + "\"exportedAt\": \(WardExportText.jsonString(WardExportText.instant(milliseconds: StoredTime.milliseconds(request.exportedAt)))),\n"
            + "\"cotsideVersion\": \(WardExportText.jsonString(request.cotsideVersion)),\n"
            + "\"scope\": {\"bed\": \(request.bed.map(WardExportText.jsonString) ?? "null"), \"since\": \(since ?? "null")}"
    }

    /// Calls `body` with each row's values of `kind` in key order, a page at a time; the count.
    private static func forEachRow(of kind: WardExportKind, request: WardExportRequest, db: some SQLConnection,
                                   progress: @Sendable (WardTransferProgress) -> Void,
                                   _ body: ([SQLValue]) throws -> Void) throws -> Int {
        // Unquoted: PostgreSQL folds the names to lower case, as it did when the tables were made.
        let columns = SQLQuery(verbatim: kind.columns.map(\.key).joined(separator: ", "))
        let table = SQLQuery(verbatim: kind.table)
        var filters: [SQLQuery] = []
        if let patientId = request.patientId { filters.append(patientFilter(kind, patientId: patientId)) }
        if let since = request.since, let time = kind.timeColumn { filters.append("\(sql: SQLQuery(verbatim: time)) >= \(since)") }
        var count = 0
        progress(WardTransferProgress(kind: kind.name, records: 0))
        guard kind.pagedById else {
            // Tables keyed otherwise (settings, goal ranges) hold a few rows per patient.
            let sql: SQLQuery = "SELECT \(sql: columns) FROM \(sql: table)"
                + (filters.isEmpty ? "" : " WHERE " + .joined(filters, separator: " AND "))
                + SQLQuery(verbatim: " ORDER BY " + kind.keyColumns.joined(separator: ", "))
            for row in try db.fetchAll(sql) {
                try body(row.values)
                count += 1
            }
            return count
        }
        var last = Int64.min
        while true {
            let sql: SQLQuery = "SELECT \(sql: columns) FROM \(sql: table) WHERE "
                + .joined(filters + ["id > \(last)"], separator: " AND ") + " ORDER BY id LIMIT \(exportPageSize)"
            let rows = try db.fetchAll(sql)
            for row in rows {
                if case .integer(let id) = row.values[0] { last = id }
                try body(row.values)
            }
            count += rows.count
            progress(WardTransferProgress(kind: kind.name, records: count))
            if rows.count < exportPageSize { return count }
        }
    }

    /// The rows of `kind` that belong to one patient; for the audit trail, the entries about them.
    private static func patientFilter(_ kind: WardExportKind, patientId: Int64) -> SQLQuery {
        if let expression = kind.patientExpression { return "\(sql: SQLQuery(verbatim: expression)) = \(patientId)" }
        guard kind.table == "audit_entry" else { return "TRUE" }
        let about = WardExportKind.all.compactMap { other -> SQLQuery? in
            guard let entity = other.entity, let expression = other.patientExpression, other.pagedById else { return nil }
            return "(entity = \(entity) AND entityId IN (SELECT id FROM \(sql: SQLQuery(verbatim: other.table)) "
                + "WHERE \(sql: SQLQuery(verbatim: expression)) = \(patientId)))"
        }
        return "(" + .joined(about, separator: " OR ") + ")"
    }

    /// A value as JSON. Flags are 1/0 on SQLite and booleans on PostgreSQL; both write true/false.
    static func jsonValue(_ value: SQLValue, _ type: WardExportValueType) -> String {
        switch (value, type) {
        case (.null, _): return "null"
        case (.integer(let ms), .instant): return WardExportText.jsonString(WardExportText.instant(milliseconds: ms))
        case (.integer(let flag), .boolean): return flag != 0 ? "true" : "false"
        case (.boolean(let flag), _): return flag ? "true" : "false"
        case (.integer(let number), _): return String(number)
        case (.real(let number), _): return WardExportText.number(number) ?? "null"
        case (.text(let text), _): return WardExportText.jsonString(text)
        case (.blob, _): return "null"
        }
    }

    static func csvValue(_ value: SQLValue, _ type: WardExportValueType) -> String {
        switch (value, type) {
        case (.null, _): return ""
        case (.integer(let ms), .instant): return WardExportText.instant(milliseconds: ms)
        case (.integer(let flag), .boolean): return flag != 0 ? "true" : "false"
        case (.boolean(let flag), _): return flag ? "true" : "false"
        case (.integer(let number), _): return String(number)
        case (.real(let number), _): return WardExportText.number(number) ?? ""
        case (.text(let text), _): return WardExportText.csvField(text)
        case (.blob, _): return ""
        }
    }
}
