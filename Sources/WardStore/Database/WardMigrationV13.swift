import GRDB

extension WardMigrations {
    /// Issue 17 (medications):
    /// - `medication.category` allows `antibiotic`. SQLite cannot alter a CHECK, so the table is
    ///   rebuilt (`TableRebuild`). The new table's SQL is the stored one with only the category
    ///   CHECK changed, so columns added by any migration are kept in order; ids are copied, so
    ///   `dose_record`, `as_needed_dose` and `medication_pause` references hold.
    /// - `dose_record.checkedBy` and `as_needed_dose.checkedBy`: the second member who checked a
    ///   given dose of a drug the ward's `secondCheck` setting names (never the recorder).
    static func v13MedicationsAntibioticsSecondCheck(_ db: Database) throws {
        let oldCheck = "CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'other'))"
        let newCheck = "CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'antibiotic', 'other'))"
        guard let tableSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'medication'"),
              tableSQL.contains(oldCheck), tableSQL.hasPrefix("CREATE TABLE medication") else {
            throw WardStoreError("v13: the medication table is not as v2 made it; its category CHECK could not be widened")
        }
        try TableRebuild.rebuild("medication", db) { name in
            tableSQL.replacingOccurrences(of: oldCheck, with: newCheck)
                .replacingOccurrences(of: "CREATE TABLE medication", with: "CREATE TABLE \(name)")
        }
        try db.execute(sql: """
            ALTER TABLE dose_record ADD COLUMN checkedBy INTEGER REFERENCES staff(id)
                CHECK (checkedBy IS NULL OR (status = 'given' AND checkedBy IS NOT recordedBy));
            ALTER TABLE as_needed_dose ADD COLUMN checkedBy INTEGER REFERENCES staff(id)
                CHECK (checkedBy IS NULL OR checkedBy IS NOT recordedBy);
            """)
    }
}

extension WardMigrations {
    /// PostgreSQL's v13: the category widened in place.
    static let v13Postgres: [String] = [
        """
        ALTER TABLE medication DROP CONSTRAINT medication_category_check,
            ADD CONSTRAINT medication_category_check
                CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'antibiotic', 'other'))
        """,
        """
        ALTER TABLE dose_record ADD COLUMN checkedBy bigint REFERENCES staff(id)
            CHECK (checkedBy IS NULL OR (status = 'given' AND checkedBy IS DISTINCT FROM recordedBy))
        """,
        """
        ALTER TABLE as_needed_dose ADD COLUMN checkedBy bigint REFERENCES staff(id)
            CHECK (checkedBy IS NULL OR checkedBy IS DISTINCT FROM recordedBy)
        """,
    ]
}
