import GRDB

extension WardMigrations {
    /// Issue 17 (medications):
    /// - `medication.category` allows `antibiotic`. SQLite cannot alter a CHECK, so the table is
    ///   rebuilt the documented way (new table, copy, drop, rename). The new table's SQL is the
    ///   stored one with only the category CHECK changed, so columns added by any migration are
    ///   kept in order; ids are copied, so `dose_record`, `as_needed_dose` and `medication_pause`
    ///   references hold. Every index on the table and every trigger that names it (on other
    ///   tables too: `audit_entry_links_patient` looks patients up in it) is read from
    ///   `sqlite_master` first and recreated as it was. GRDB runs the migration with foreign keys
    ///   off and checks them all before committing.
    /// - `dose_record.checkedBy` and `as_needed_dose.checkedBy`: the second member who checked a
    ///   given dose of a drug the ward's `secondCheck` setting names (never the recorder).
    static func v13MedicationsAntibioticsSecondCheck(_ db: Database) throws {
        let oldCheck = "CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'other'))"
        let newCheck = "CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'antibiotic', 'other'))"
        guard let tableSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'medication'"),
              tableSQL.contains(oldCheck), tableSQL.hasPrefix("CREATE TABLE medication") else {
            throw WardStoreError("v13: the medication table is not as v2 made it; its category CHECK could not be widened")
        }
        // Indexes and triggers that must outlive the drop: on the table, and triggers elsewhere naming it.
        let dependents = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master
            WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name = 'medication')
                OR (type = 'trigger' AND (tbl_name = 'medication' OR sql LIKE '%medication%')))
            ORDER BY type, name
            """)
        let otherTriggers = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name <> 'medication' AND sql LIKE '%medication%'
            """)
        for name in otherTriggers { try db.execute(sql: "DROP TRIGGER \(name)") }
        let newTable = tableSQL.replacingOccurrences(of: oldCheck, with: newCheck)
            .replacingOccurrences(of: "CREATE TABLE medication", with: "CREATE TABLE medication_v13")
        try db.execute(sql: newTable)
        // AUTOINCREMENT's high-water mark too: an id once used (by a row since erased) is never reused.
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'medication'") ?? 0
        try db.execute(sql: "INSERT INTO medication_v13 SELECT * FROM medication")
        try db.execute(sql: "DROP TABLE medication")
        try db.execute(sql: "ALTER TABLE medication_v13 RENAME TO medication")
        try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'medication'", arguments: [sequence])
        if sequence > 0 {
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) SELECT 'medication', ? "
                           + "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'medication')", arguments: [sequence])
        }
        for sql in dependents { try db.execute(sql: sql) }
        try db.execute(sql: """
            ALTER TABLE dose_record ADD COLUMN checkedBy INTEGER REFERENCES staff(id)
                CHECK (checkedBy IS NULL OR (status = 'given' AND checkedBy IS NOT recordedBy));
            ALTER TABLE as_needed_dose ADD COLUMN checkedBy INTEGER REFERENCES staff(id)
                CHECK (checkedBy IS NULL OR checkedBy IS NOT recordedBy);
            """)
    }
}
