import GRDB

extension WardMigrations {
    /// Observation sets (issue 17): the pain score as a measurement kind, and the oxygen an SpO2
    /// was read on beside it (`oxygenMode` air / litres / fio2, `oxygenAmount` L/min or %).
    ///
    /// SQLite cannot change a CHECK, so `measurement` is rebuilt (`TableRebuild`: indexes,
    /// triggers, ids and the AUTOINCREMENT counter kept).
    static func v11ObservationSets(_ db: Database) throws {
        try TableRebuild.rebuild("measurement", db) { name in
            """
            CREATE TABLE \(name) (
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
            """
        }
    }
}

extension WardMigrations {
    /// PostgreSQL's v11: PostgreSQL changes a CHECK in place, so nothing is rebuilt.
    static let v11Postgres: [String] = [
        """
        ALTER TABLE measurement DROP CONSTRAINT measurement_kind_check,
            ADD CONSTRAINT measurement_kind_check CHECK (kind IN ('weight', 'length', 'headCircumference', 'temperature',
                'heartRate', 'respiratoryRate', 'spo2', 'bloodPressure', 'glucose', 'pain')),
            ADD COLUMN oxygenMode text CHECK (oxygenMode IS NULL OR (kind = 'spo2' AND oxygenMode IN ('air', 'litres', 'fio2'))),
            ADD COLUMN oxygenAmount double precision CHECK (oxygenAmount IS NULL OR kind = 'spo2'),
            ADD CHECK (CASE oxygenMode
                WHEN 'air' THEN oxygenAmount IS NULL
                WHEN 'litres' THEN coalesce(oxygenAmount BETWEEN 0.01 AND 15, FALSE)
                WHEN 'fio2' THEN coalesce(oxygenAmount BETWEEN 21 AND 100, FALSE)
                ELSE oxygenMode IS NULL AND oxygenAmount IS NULL END)
        """,
    ]
}
