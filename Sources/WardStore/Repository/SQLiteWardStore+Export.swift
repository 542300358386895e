import Foundation
import GRDB

extension SQLiteWardStore {
    /// Rows fetched per page; memory holds one page, whatever the ward's size.
    static let exportPageSize = 2000

    /// Writes the export in one read transaction (one consistent snapshot; other processes keep
    /// writing), paging every kind in key order (`id > last`), writing each page as it is read:
    /// memory stays flat on a ward of millions of entries. Files are written 0600 under temporary
    /// names and renamed into place at the end; an existing export is refused before anything is
    /// written. Blocking: call it from a command, not the screen's loop.
    public nonisolated func exportWard(_ request: WardExportRequest,
                                       progress: @escaping @Sendable (WardTransferProgress) -> Void) throws -> WardExportSummary {
        try PrivateFolder.ensure(request.folder, role: "the folder", notAFolder: "\(request.folder) is a file; --out needs a folder")
        let names = request.format == .json ? [WardExportKind.jsonFileName] : WardExportKind.all.map { $0.name + ".csv" }
        let paths = names.map { (request.folder as NSString).appendingPathComponent($0) }
        if let existing = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw WardStoreError("\(existing) already exists; an export never replaces one — choose another folder or remove it first")
        }
        return try pool.database.read { db in
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
    }

    private static func jsonHeader(_ request: WardExportRequest) -> String {
        let since = request.since.map { WardExportText.jsonString(WardExportText.instant(milliseconds: StoredTime.milliseconds($0))) }
        return "{\"format\": \"cotside-export\",\n\"formatVersion\": \(WardExportKind.formatVersion),\n"
            + "\"exportedAt\": \(WardExportText.jsonString(WardExportText.instant(milliseconds: StoredTime.milliseconds(request.exportedAt)))),\n"
            + "\"cotsideVersion\": \(WardExportText.jsonString(request.cotsideVersion)),\n"
            + "\"scope\": {\"bed\": \(request.bed.map(WardExportText.jsonString) ?? "null"), \"since\": \(since ?? "null")}"
    }

    /// Calls `body` with each row's values of `kind` in key order, a page at a time; the count.
    private static func forEachRow(of kind: WardExportKind, request: WardExportRequest, db: Database,
                                   progress: @Sendable (WardTransferProgress) -> Void,
                                   _ body: ([DatabaseValue]) throws -> Void) throws -> Int {
        let columns = kind.columns.map { "\"\($0.key)\"" }.joined(separator: ", ")
        var filters: [String] = []
        if let patientId = request.patientId { filters.append(patientFilter(kind, patientId: patientId)) }
        if let since = request.since, let time = kind.timeColumn { filters.append("\(time) >= \(StoredTime.milliseconds(since))") }
        var count = 0
        progress(WardTransferProgress(kind: kind.name, records: 0))
        guard kind.pagedById else {
            // Tables keyed otherwise (settings, goal ranges) hold a few rows per patient.
            let sql = "SELECT \(columns) FROM \(kind.table)" + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))
                + " ORDER BY " + kind.keyColumns.joined(separator: ", ")
            let rows = try Row.fetchCursor(db, sql: sql)
            while let row = try rows.next() {
                try body(Array(row.databaseValues))
                count += 1
            }
            return count
        }
        var last = Int64.min
        let sql = "SELECT \(columns) FROM \(kind.table) WHERE " + (filters + ["id > ?"]).joined(separator: " AND ")
            + " ORDER BY id LIMIT \(exportPageSize)"
        while true {
            var pageCount = 0
            let rows = try Row.fetchCursor(db, sql: sql, arguments: [last])
            while let row = try rows.next() {
                let values = Array(row.databaseValues)
                if case .int64(let id) = values[0].storage { last = id }
                try body(values)
                pageCount += 1
            }
            count += pageCount
            progress(WardTransferProgress(kind: kind.name, records: count))
            if pageCount < exportPageSize { return count }
        }
    }

    /// The rows of `kind` that belong to one patient; for the audit trail, the entries about them.
    private static func patientFilter(_ kind: WardExportKind, patientId: Int64) -> String {
        if let expression = kind.patientExpression { return "\(expression) = \(patientId)" }
        guard kind.table == "audit_entry" else { return "1" }
        let about = WardExportKind.all.compactMap { other -> String? in
            guard let entity = other.entity, let expression = other.patientExpression, other.pagedById else { return nil }
            return "(entity = '\(entity.rawValue)' AND entityId IN (SELECT id FROM \(other.table) WHERE \(expression) = \(patientId)))"
        }
        return "(" + about.joined(separator: " OR ") + ")"
    }

    static func jsonValue(_ value: DatabaseValue, _ type: WardExportValueType) -> String {
        switch (value.storage, type) {
        case (.null, _): return "null"
        case (.int64(let ms), .instant): return WardExportText.jsonString(WardExportText.instant(milliseconds: ms))
        case (.int64(let flag), .boolean): return flag != 0 ? "true" : "false"
        case (.int64(let number), _): return String(number)
        case (.double(let number), _): return WardExportText.number(number) ?? "null"
        case (.string(let text), _): return WardExportText.jsonString(text)
        case (.blob, _): return "null"
        }
    }

    static func csvValue(_ value: DatabaseValue, _ type: WardExportValueType) -> String {
        switch (value.storage, type) {
        case (.null, _): return ""
        case (.int64(let ms), .instant): return WardExportText.instant(milliseconds: ms)
        case (.int64(let flag), .boolean): return flag != 0 ? "true" : "false"
        case (.int64(let number), _): return String(number)
        case (.double(let number), _): return WardExportText.number(number) ?? ""
        case (.string(let text), _): return WardExportText.csvField(text)
        case (.blob, _): return ""
        }
    }
}
