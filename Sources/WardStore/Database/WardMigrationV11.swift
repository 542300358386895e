import GRDB

extension WardMigrations {
    /// Observation sets (issue 17): the pain score as a measurement kind, and the oxygen an SpO2
    /// was read on beside it (`oxygenMode` air / litres / fio2, `oxygenAmount` L/min or %).
    ///
    /// SQLite cannot change a CHECK, so `measurement` is rebuilt the documented way (new table,
    /// copy, drop, rename) inside the migration's transaction. Every index and trigger on it is
    /// read from `sqlite_master` first and made again after, and so is every trigger on another
    /// table whose body names it (the audit trail's patient link): a trigger that names a
    /// dropped table would make the rename fail. Ids, rows and the AUTOINCREMENT high-water mark
    /// are kept, so an id never returns after an erasure.
    static func v11ObservationSets(_ db: Database) throws {
        let dependents = try Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE sql IS NOT NULL AND ((type IN ('index', 'trigger') AND tbl_name = 'measurement')
                OR (type = 'trigger' AND tbl_name <> 'measurement' AND sql LIKE '%measurement%'))
            ORDER BY type = 'trigger', name
            """).map { (type: $0["type"] as String, name: $0["name"] as String, table: $0["tbl_name"] as String,
                        sql: $0["sql"] as String) }
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'measurement'")
        for dependent in dependents where dependent.type == "trigger" && dependent.table != "measurement" {
            try db.execute(sql: "DROP TRIGGER \(dependent.name.quotedDatabaseIdentifier)")
        }
        try db.execute(sql: """
            CREATE TABLE measurement_v11 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                patientId INTEGER NOT NULL REFERENCES patient(id),
                measuredAt INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('weight', 'length', 'headCircumference', 'temperature', 'heartRate',
                    'respiratoryRate', 'spo2', 'bloodPressure', 'glucose', 'pain')),
                value REAL NOT NULL,
                diastolicMmHg REAL CHECK ((diastolicMmHg IS NOT NULL) = (kind = 'bloodPressure')),
                notes TEXT NOT NULL DEFAULT '',
                recordedBy INTEGER REFERENCES staff(id),
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0,
                -- The oxygen an SpO2 was read on; on no other kind. Room air has no amount; low
                -- flow 0.01-15 L/min; FiO2 21-100 %. (A CHECK passes on NULL, so a missing amount
                -- is made false with coalesce, never left NULL.)
                oxygenMode TEXT CHECK (oxygenMode IS NULL OR (kind = 'spo2' AND oxygenMode IN ('air', 'litres', 'fio2'))),
                oxygenAmount REAL CHECK (oxygenAmount IS NULL OR kind = 'spo2'),
                CHECK (CASE oxygenMode
                    WHEN 'air' THEN oxygenAmount IS NULL
                    WHEN 'litres' THEN coalesce(oxygenAmount BETWEEN 0.01 AND 15, 0)
                    WHEN 'fio2' THEN coalesce(oxygenAmount BETWEEN 21 AND 100, 0)
                    ELSE oxygenMode IS NULL AND oxygenAmount IS NULL END)
            );
            INSERT INTO measurement_v11 (id, patientId, measuredAt, kind, value, diastolicMmHg, notes, recordedBy,
                createdAt, updatedAt, deletedAt, isDemo)
            SELECT id, patientId, measuredAt, kind, value, diastolicMmHg, notes, recordedBy,
                createdAt, updatedAt, deletedAt, isDemo FROM measurement;
            DROP TABLE measurement;
            ALTER TABLE measurement_v11 RENAME TO measurement;
            """)
        if let sequence {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'measurement'", arguments: [sequence])
            try db.execute(sql: """
                INSERT INTO sqlite_sequence (name, seq) SELECT 'measurement', ?
                WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'measurement')
                """, arguments: [sequence])
        }
        for dependent in dependents {
            try db.execute(sql: dependent.sql)
        }
    }
}
