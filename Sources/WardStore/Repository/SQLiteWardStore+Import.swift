import Foundation
import WardSQL

extension SQLiteWardStore {
    /// Loads a JSON export in ONE write transaction: the format and version checked first, then
    /// every record typed, its references looked up, inserted with its own id (the triggers
    /// rebuild the derived tables and the notes search) and read back through the store's own
    /// decoding to be validated as the forms validate it. Any failure rolls everything back, with
    /// a message naming the kind, the id and the field. Without `merge` the ward must be empty
    /// and an id may appear once; with it, records whose ids are there are left out. One audit
    /// entry (`imported`, by the named staff member) records the counts. A large import is
    /// folded into the ward file afterwards (checkpoint TRUNCATE), so the WAL does not linger.
    /// The write itself (`importRecords`) is portable: on PostgreSQL the identity columns are
    /// moved past the ids the file brought, kind by kind, so later inserts never reuse one.
    public func importWard(_ request: WardImportRequest) async throws -> WardImportSummary {
        let now = self.now, timeZone = self.timeZone
        // Into a ward in use, only a ward admin of that ward imports; an empty ward needs nobody.
        if request.merge, try await database.read({ db in try Self.holdsRecords(db) }) {
            guard let initials = request.byInitials, let member = try await staff(initials: initials) else {
                throw WardStoreError("a merge into a ward in use needs a ward admin of this ward to name as its author; "
                                     + "\(request.byInitials.map { "\($0) is not an active member of it" } ?? "nobody was named")")
            }
            try await requirePermission(.eraseOrImport, by: member.id)
        }
        let summary = try await database.write { db in try Self.importRecords(request, now: now, timeZone: timeZone, db) }
        try checkpoint()
        publish(Set(WardEntity.allCases))
        return summary
    }

    /// The import inside the caller's write transaction, on either engine.
    static func importRecords(_ request: WardImportRequest, now: Date, timeZone: TimeZone,
                              _ db: some SQLConnection) throws -> WardImportSummary {
        if !request.merge { try Self.requireEmptyWard(db) }
        let wasEmpty = try !Self.holdsRecords(db)
        var run = ImportRun(now: now, timeZone: timeZone, merge: request.merge, progress: request.progress)
        try WardImportReader(request.source).read(header: { try run.header($0, $1) }, begin: { try run.begin($0, db) },
                                                  record: { try run.record($0, db) }, end: { try run.end($0, db) })
        try run.finish()
        try Self.linkImportedAudit(db)
        var by: Int64?
        if let initials = request.byInitials {
            guard let found = try db.fetchValue("""
                SELECT id FROM staff WHERE active = TRUE AND lower(initials) = lower(\(initials)) LIMIT 1
                """, as: Int64.self) else {
                let known = try db.fetchAll("SELECT initials FROM staff WHERE active = TRUE ORDER BY initials LIMIT 40")
                    .map { try $0.decode("initials", as: String.self) }
                throw WardStoreError("no active staff member has the initials \(initials), in the ward or in the file"
                                     + (known.isEmpty ? "" : "; known: " + known.joined(separator: ", ")))
            }
            by = found
        }
        if wasEmpty { try Self.keepAWardAdmin(importer: by, now: now, db) }
        let counts = run.added.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        try AuditTrail.record(db, action: .imported, entity: .setting, entityId: 0, beforeJSON: nil,
                              afterJSON: "{\"added\":{\(counts)},\"merge\":\(request.merge),\"skipped\":\(run.skipped)}",
                              by: by, at: now)
        return WardImportSummary(added: run.added, skipped: run.skipped)
    }

    /// Links the imported audit entries to their patients. The trail comes before most kinds in an
    /// export (its entries derive the medication pauses), so when its rows went in the records
    /// they are about were not there yet, and the link trigger found no patient: without this,
    /// an imported ward's trail filtered by patient or bed missed every charting entry.
    static func linkImportedAudit(_ db: some SQLConnection) throws {
        try db.execute("""
            INSERT INTO audit_patient (auditId, patientId)
            SELECT id, p FROM (
                SELECT a.id, \(sql: SQLQuery(verbatim: WardMigrations.auditPatientSQL("a"))) AS p
                FROM audit_entry a WHERE NOT EXISTS (SELECT 1 FROM audit_patient l WHERE l.auditId = a.id)
            ) unlinked WHERE p IS NOT NULL
            """)
    }

    /// True when any exported kind holds a row (the ward is in use).
    static func holdsRecords(_ db: some SQLConnection) throws -> Bool {
        for kind in WardExportKind.all
        where try db.fetchValue("SELECT EXISTS (SELECT 1 FROM \(sql: SQLQuery(verbatim: kind.table)))", as: Bool.self) == true {
            return true
        }
        return false
    }

    /// The first member of an empty ward is its admin: after an import into an empty ward with no
    /// active ward admin (an export from before roles, or one whose admins left), the importer
    /// (else the first active member) becomes one, audited as an update of that member.
    static func keepAWardAdmin(importer: Int64?, now: Date, _ db: some SQLConnection) throws {
        guard try db.fetchValue("SELECT count(*) FROM staff WHERE active = TRUE AND isWardAdmin = TRUE", as: Int.self) == 0 else { return }
        let id = try importer ?? db.fetchValue("SELECT min(id) FROM staff WHERE active = TRUE", as: Int64?.self) ?? nil
        guard let id, let before = try db.fetchRecord(Staff.self, id: id) else { return }
        var after = before
        after.isWardAdmin = true
        after.updatedAt = now
        try db.update(after)
        try AuditTrail.record(db, action: .update, before: before, after: after, by: importer ?? id, at: now)
    }

    private static func requireEmptyWard(_ db: some SQLConnection) throws {
        var held: [String] = []
        for kind in WardExportKind.all {
            let count = try db.fetchValue("SELECT count(*) FROM \(sql: SQLQuery(verbatim: kind.table))", as: Int.self) ?? 0
            if count > 0 { held.append("\(count) \(kind.name)") }
        }
        guard held.isEmpty else {
            throw WardStoreError("the ward already holds records (\(held.joined(separator: ", "))); import into an empty ward, "
                                 + "or merge to add only the records whose ids are not there")
        }
    }

    /// The pauses before audit rows go in: their triggers derive pauses from pause/resume
    /// entries, which the file already holds as records of their own.
    static func pauseState(_ db: some SQLConnection) throws -> (maxId: Int64, open: [Int64]) {
        (try db.fetchValue("SELECT coalesce(max(id), 0) FROM medication_pause", as: Int64.self) ?? 0,
         try db.fetchAll("SELECT id FROM medication_pause WHERE resumedAt IS NULL").map { try $0.decode("id", as: Int64.self) })
    }

    static func undoDerivedPauses(_ db: some SQLConnection, before: (maxId: Int64, open: [Int64])) throws {
        try db.execute("DELETE FROM medication_pause WHERE id > \(before.maxId)")
        for id in before.open {
            try db.execute("UPDATE medication_pause SET resumedAt = NULL, resumedBy = NULL WHERE id = \(id)")
        }
    }

    /// PostgreSQL only: a table's identity moved past the largest id in it, after rows went in
    /// with ids of their own (SQLite's rowid takes the largest id + 1 by itself). Nothing on SQLite.
    static func advanceIdentity(of kind: WardExportKind, _ db: some SQLConnection) throws {
        guard db.dialect == .postgres, kind.pagedById else { return }
        let table = SQLQuery(verbatim: kind.table)
        _ = try db.fetchAll("""
            SELECT setval(pg_get_serial_sequence(\(kind.table), 'id'), coalesce(max(id), 0) + 1, false) FROM \(sql: table)
            """)
    }
}

/// One import's progress through the file: the header checked before any record, kinds taken
/// in the documented order (referenced before referring), counts kept.
private struct ImportRun {
    let now: Date
    let timeZone: TimeZone
    let merge: Bool
    let progress: (@Sendable (WardTransferProgress) -> Void)?
    var added: [String: Int] = [:]
    var skipped = 0
    private var format: String?
    private var version: Int64?
    private var kindIndex = -1
    private var kind: WardExportKind?
    private var index = 0
    private var pauses: (maxId: Int64, open: [Int64])?
    private static let headerKeys: Set<String> = ["format", "formatVersion", "exportedAt", "cotsideVersion", "scope"]

    init(now: Date, timeZone: TimeZone, merge: Bool, progress: (@Sendable (WardTransferProgress) -> Void)?) {
        self.now = now
        self.timeZone = timeZone
        self.merge = merge
        self.progress = progress
    }

    mutating func header(_ key: String, _ value: WardImportValue) throws {
        guard Self.headerKeys.contains(key) else {
            if WardExportKind.named(key) != nil { throw WardStoreError("\"\(key)\" is \(value.shown); it must be a list of records") }
            throw WardStoreError("the export holds \"\(key)\", which is not a kind Cotside knows; known: "
                                 + WardExportKind.all.map(\.name).joined(separator: ", "))
        }
        switch (key, value) {
        case ("format", .text(let text)): format = text
        case ("formatVersion", .integer(let number)): version = number
        default: break
        }
    }

    /// Before the first record: this is a Cotside export, of the version this Cotside reads.
    func checkHeader() throws {
        guard format == "cotside-export" else {
            throw WardStoreError("the file is not a Cotside export: \"format\" is not \"cotside-export\" (or comes after the records)")
        }
        guard let version else {
            throw WardStoreError("the export has no formatVersion before its records; this Cotside reads version \(WardExportKind.formatVersion)")
        }
        guard version == Int64(WardExportKind.formatVersion) else {
            throw WardStoreError("the export is format version \(version); this Cotside reads version \(WardExportKind.formatVersion)")
        }
    }

    mutating func begin(_ name: String, _ db: some SQLConnection) throws {
        try checkHeader()
        guard let position = WardExportKind.all.firstIndex(where: { $0.name == name }) else { return }
        guard position > kindIndex else {
            throw WardStoreError("\"\(name)\" comes after \"\(WardExportKind.all[kindIndex].name)\" or twice; an export lists its kinds once, "
                                 + "in this order: " + WardExportKind.all.map(\.name).joined(separator: ", "))
        }
        kindIndex = position
        kind = WardExportKind.all[position]
        index = 0
        if kind?.table == "audit_entry" { pauses = try SQLiteWardStore.pauseState(db) }
    }

    mutating func record(_ value: WardImportValue, _ db: some SQLConnection) throws {
        guard let kind else { return }
        let importer = RecordImporter(kind: kind, index: index, now: now, timeZone: timeZone)
        index += 1
        if index % 5000 == 0 { progress?(WardTransferProgress(kind: kind.name, records: index)) }
        if try importer.insert(value, db: db, merge: merge) {
            added[kind.name, default: 0] += 1
        } else {
            skipped += 1
        }
    }

    mutating func end(_ name: String, _ db: some SQLConnection) throws {
        // Before the next kind: the audit rows' triggers insert pauses of their own.
        if let kind { try SQLiteWardStore.advanceIdentity(of: kind, db) }
        if let pauses { try SQLiteWardStore.undoDerivedPauses(db, before: pauses) }
        pauses = nil
        kind = nil
    }

    /// After the file: even an export without records must have said what it is.
    func finish() throws { try checkHeader() }
}

/// One record of one kind going in: typed, referenced, inserted, validated; messages name the
/// kind, the record (by id or key) and the field.
private struct RecordImporter {
    let kind: WardExportKind
    let index: Int
    let now: Date
    let timeZone: TimeZone

    /// Inserts the record; false when `merge` left it out because its key is there.
    func insert(_ record: WardImportValue, db: some SQLConnection, merge: Bool) throws -> Bool {
        guard case .object(let fields) = record else {
            throw WardStoreError("\(kind.name) record \(index + 1): it is \(record.shown); each record must be an object")
        }
        // A key that may be missing and is missing is left out of the INSERT: the column's default.
        let columns = kind.columns.filter { !$0.mayBeMissing || fields[$0.key] != nil }
        var values: [SQLValue] = []
        for column in columns { values.append(try value(column, fields[column.key], fields: fields)) }
        if let unknown = fields.keys.sorted().first(where: { key in !kind.columns.contains { $0.key == key } }) {
            throw WardStoreError("\(label(fields)): \(unknown) is not a field of \(kind.name); fields: "
                                 + kind.columns.map(\.key).joined(separator: ", "))
        }
        let keyValues = kind.keyColumns.map { key in values[columns.firstIndex { $0.key == key }!] }
        // Column names unquoted: PostgreSQL folded them to lower case when the tables were made.
        let keyMatch = SQLQuery.joined(zip(kind.keyColumns, keyValues).map { key, value in
            SQLQuery(verbatim: key) + " = " + .value(value)
        }, separator: " AND ")
        let table = SQLQuery(verbatim: kind.table)
        // The same text for every record of a kind: SQLite's engine prepares it once (GRDB's
        // statement cache) and reuses it; a million records go through these statements.
        if try db.fetchValue("SELECT EXISTS (SELECT 1 FROM \(sql: table) WHERE \(sql: keyMatch))", as: Bool.self) == true {
            if merge { return false }
            throw WardStoreError("\(label(fields)): the id is already in the ward or earlier in the file (a duplicate); "
                                 + "ids must be unique, or merge to leave such records out")
        }
        for (column, value) in zip(columns, values) where column.references != nil && value != .null {
            if try db.fetchValue("SELECT EXISTS (SELECT 1 FROM \(sql: SQLQuery(verbatim: column.references!)) WHERE id = \(value))",
                                 as: Bool.self) != true {
                throw WardStoreError("\(label(fields)): \(column.key): no \(column.references!) record has id \(fields[column.key]!.shown)")
            }
        }
        let names = SQLQuery(verbatim: columns.map(\.key).joined(separator: ", "))
        do {
            try db.execute("INSERT INTO \(sql: table) (\(sql: names)) VALUES (\(sql: .list(values)))")
        } catch let error as SQLEngineError {
            throw WardStoreError("\(label(fields)): the ward refused it (\(error.message))")
        }
        let issues: [ValidationIssue]
        do {
            issues = try validate(db, keyMatch: keyMatch, keyValues: keyValues)
        } catch let error as WardStoreError {
            throw error
        } catch {
            throw WardStoreError("\(label(fields)): a value is not one Cotside knows (\(error))")
        }
        if let issue = issues.first { throw WardStoreError("\(label(fields)): \(issue.field): \(issue.message)") }
        return true
    }

    /// "nappies id 12", "goalRanges patientId 3 kind spo2", or the record's place in its list.
    private func label(_ fields: [String: WardImportValue]) -> String {
        let parts = kind.keyColumns.compactMap { key in fields[key].map { "\(key) \($0.shown.trimmingCharacters(in: ["\""]))" } }
        return parts.count == kind.keyColumns.count ? "\(kind.name) \(parts.joined(separator: " "))" : "\(kind.name) record \(index + 1)"
    }

    private func value(_ column: WardExportColumn, _ given: WardImportValue?, fields: [String: WardImportValue]) throws -> SQLValue {
        func wrong(_ expected: String) -> WardStoreError {
            WardStoreError("\(label(fields)): \(column.key): expected \(expected), found \(given?.shown ?? "nothing")")
        }
        switch (column.type, given ?? .null) {
        case (_, .null):
            guard column.nullable else { throw WardStoreError("\(label(fields)): \(column.key) is missing; it is required") }
            return .null
        case (.integer, .integer(let number)): return .integer(number)
        case (.integer, _): throw wrong("a whole number")
        case (.number, .integer(let number)): return .real(Double(number))
        case (.number, .number(let number)): return .real(number)
        case (.number, _): throw wrong("a number")
        case (.text, .text(let text)): return .text(text)
        case (.text, _): throw wrong("a text")
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.boolean, _): throw wrong("true or false")
        case (.instant, .text(let text)):
            guard let ms = WardExportText.milliseconds(instant: text) else { throw wrong("a UTC time like 2026-11-25T08:30:00.000Z") }
            return .integer(ms)
        case (.instant, _): throw wrong("a UTC time like 2026-11-25T08:30:00.000Z")
        }
    }

    /// The record as the store reads it, through the validation its form uses.
    private func validate(_ db: some SQLConnection, keyMatch: SQLQuery, keyValues: [SQLValue]) throws -> [ValidationIssue] {
        func row() throws -> SQLRow {
            guard let row = try db.fetchOne("SELECT * FROM \(sql: SQLQuery(verbatim: kind.table)) WHERE \(sql: keyMatch)") else {
                throw WardStoreError("\(kind.name): lost a record")
            }
            return row
        }
        func fetch<T: SQLRecord>(_ type: T.Type) throws -> T { try T(row: row()) }
        switch kind.table {
        case "staff":
            let staff = try fetch(Staff.self)
            return WardValidation.staff(StaffDraft(name: staff.name, initials: staff.initials, role: staff.role), activeInitials: [])
        case "patient": return WardValidation.patient(try fetch(Patient.self).draft, now: now, timeZone: timeZone)
        case "nappy_change": return WardValidation.nappyChange(try fetch(NappyChange.self).draft, now: now)
        case "feed": return WardValidation.feed(try fetch(Feed.self).draft, now: now)
        case "measurement": return WardValidation.measurement(try fetch(MeasurementRecord.self).draft, now: now)
        case "medication": return WardValidation.medication(try fetch(Medication.self).draft)
        case "dose_record":
            let dose = try fetch(DoseRecord.self)
            guard let status = dose.status, let recordedAt = dose.recordedAt else { return [] }
            // A dose withheld for "other" without words, charted before words were required, is
            // history: it imports as it was (new charting cannot make one).
            return WardValidation.doseRecord(DoseRecordDraft(medicationId: dose.medicationId, scheduledAt: dose.scheduledAt, status: status,
                                                             withheldReason: dose.withheldReason, recordedAt: recordedAt,
                                                             notes: dose.notes), now: now)
                .filter { $0 != WardValidation.otherNeedsWords }
        case "as_needed_dose": _ = try fetch(AsNeededDose.self); return []
        case "calculator_result": _ = try fetch(SavedCalculatorResult.self); return []
        case "stroke_assessment": _ = try fetch(StoredStrokeAssessment.self); return []
        case "audit_entry": _ = try fetch(AuditEntry.self); return []
        case "medication_pause": _ = try MedicationPause(reading: row()); return []
        case "ward_setting":
            // Reserved rows beside the settings (the drug table's sign-off, the stroke centre
            // list's mode, the pending PIN question of migration v10) travel with the ward when
            // they read as what they are.
            if case .text(let key) = keyValues[0], key == SQLiteWardStore.drugTableSignOffKey {
                return try SQLiteWardStore.drugTableSignOff(db) == nil
                    ? [ValidationIssue(field: "value", message: "not a drug table sign-off Cotside can read")] : []
            }
            if case .text(let key) = keyValues[0], key == "requirePinQuestion" {
                let value = try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(key)", as: String.self) ?? ""
                return value == "pending" ? [] : [ValidationIssue(field: "value", message: "the PIN question is ‘pending’ or absent, not ‘\(value)’")]
            }
            if case .text(let key) = keyValues[0], key == SQLiteWardStore.centreModeKey {
                let value = try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(key)", as: String.self) ?? ""
                return StrokeCentreListMode(rawValue: value) == nil
                    ? [ValidationIssue(field: "value", message: "‘\(value)’ is not a centre list mode (extend or replace)")] : []
            }
            guard case .text(let key) = keyValues[0], let setting = WardSettingKey(rawValue: key),
                  let declaration = WardSettings.declarations.first(where: { $0.key == setting }) else {
                return [ValidationIssue(field: "key", message: "not a ward setting Cotside knows")]
            }
            let value = try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(key)", as: String.self) ?? ""
            if case .invalid(let issue) = declaration.check(value) { return [issue] }
            return []
        default: return []
        }
    }
}
