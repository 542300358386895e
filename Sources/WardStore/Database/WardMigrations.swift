import GRDB

/// Numbered schema migrations. Never edit a released migration: add `v2_...`.
/// Times are INTEGER Unix milliseconds (UTC); soft-deleted rows keep `deletedAt`.
enum WardMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1_ward_nappy_log") { db in
            try db.execute(sql: """
                CREATE TABLE staff (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                    initials TEXT NOT NULL,
                    role TEXT NOT NULL,
                    active INTEGER NOT NULL DEFAULT 1,
                    pinHash BLOB,
                    pinSalt BLOB,
                    autoLockMinutes INTEGER,
                    isDemo INTEGER NOT NULL DEFAULT 0,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX staff_active_initials ON staff(initials COLLATE NOCASE) WHERE active = 1;

                CREATE TABLE patient (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    bedLabel TEXT NOT NULL,
                    givenName TEXT NOT NULL,
                    familyName TEXT NOT NULL,
                    hospitalNumber TEXT NOT NULL,
                    dateOfBirth TEXT NOT NULL,
                    sex TEXT NOT NULL,
                    gestationalAgeWeeks INTEGER NOT NULL,
                    gestationalAgeDays INTEGER NOT NULL,
                    birthWeightGrams INTEGER NOT NULL,
                    admittedAt INTEGER NOT NULL,
                    dischargedAt INTEGER,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    deletedAt INTEGER,
                    isDemo INTEGER NOT NULL DEFAULT 0
                );
                -- A bed holds one admitted patient at a time; the database enforces it too.
                CREATE UNIQUE INDEX patient_admitted_bed ON patient(bedLabel COLLATE NOCASE)
                    WHERE dischargedAt IS NULL AND deletedAt IS NULL;
                CREATE INDEX patient_hospital_number ON patient(hospitalNumber COLLATE NOCASE);
                CREATE INDEX patient_real ON patient(id) WHERE isDemo = 0;

                CREATE TABLE nappy_change (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    patientId INTEGER NOT NULL REFERENCES patient(id),
                    occurredAt INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('wet', 'dirty', 'mixed', 'dry')),
                    size TEXT NOT NULL CHECK (size IN ('small', 'medium', 'large')),
                    stoolColour TEXT CHECK (stoolColour IS NULL OR kind IN ('dirty', 'mixed')),
                    nappyWeightGrams INTEGER CHECK (nappyWeightGrams IS NULL OR nappyWeightGrams > 0),
                    notes TEXT NOT NULL DEFAULT '',
                    recordedBy INTEGER REFERENCES staff(id),
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    deletedAt INTEGER,
                    isDemo INTEGER NOT NULL DEFAULT 0
                );
                -- Ward History pages (keyset on occurredAt, id).
                CREATE INDEX nappy_live_time ON nappy_change(occurredAt, id) WHERE deletedAt IS NULL;
                -- Patient History pages and every Dashboard aggregate (covering: kind, weight).
                CREATE INDEX nappy_live_patient_time
                    ON nappy_change(patientId, occurredAt, id, kind, nappyWeightGrams) WHERE deletedAt IS NULL;
                -- Dashboard "last wet nappy" per patient.
                CREATE INDEX nappy_live_patient_kind_time
                    ON nappy_change(patientId, kind, occurredAt) WHERE deletedAt IS NULL;
                -- History filtered by kind or by staff across the ward.
                CREATE INDEX nappy_live_kind_time ON nappy_change(kind, occurredAt, id) WHERE deletedAt IS NULL;
                CREATE INDEX nappy_live_staff_time ON nappy_change(recordedBy, occurredAt, id) WHERE deletedAt IS NULL;
                CREATE INDEX nappy_real ON nappy_change(id) WHERE isDemo = 0;

                CREATE TABLE audit_entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at INTEGER NOT NULL,
                    staffId INTEGER REFERENCES staff(id),
                    action TEXT NOT NULL,
                    entity TEXT NOT NULL,
                    entityId INTEGER NOT NULL,
                    beforeJSON TEXT,
                    afterJSON TEXT
                );
                CREATE INDEX audit_entity ON audit_entry(entity, entityId, id);

                CREATE TABLE ward_setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2_medications_feeds_measurements") { db in
            try WardMigrations.v2MedicationsFeedsMeasurements(db)
        }
        migrator.registerMigration("v3_calculator_results_and_stroke") { db in
            try db.execute(sql: WardMigrations.v3CalculatorResultsAndStroke)
        }
        migrator.registerMigration("v4_ward_trend_indexes") { db in try db.execute(sql: WardMigrations.v4WardTrendIndexes) }
        migrator.registerMigration("v5_medication_pauses") { db in
            try db.execute(sql: WardMigrations.v5MedicationPauses)
        }
        migrator.registerMigration("v6_ward_identity") { db in try db.execute(sql: WardMigrations.v6WardIdentity) }
        migrator.registerMigration("v7_notes_search") { db in try db.execute(sql: WardMigrations.v7NotesSearch) }
        migrator.registerMigration("v8_patient_time_of_birth") { db in try db.execute(sql: WardMigrations.v8PatientTimeOfBirth) }
        migrator.registerMigration("v9_backup_schedule") { db in try db.execute(sql: WardMigrations.v9BackupSchedule) }
        migrator.registerMigration("v10_staff_identity") { db in try db.execute(sql: WardMigrations.v10StaffIdentity) }
        migrator.registerMigration("v11_observation_sets") { db in try WardMigrations.v11ObservationSets(db) }
        migrator.registerMigration("v12_feed_infusions_outputs") { db in try WardMigrations.v12FeedInfusionsOutputs(db) }
        migrator.registerMigration("v13_medications_antibiotics_second_check") { db in
            try WardMigrations.v13MedicationsAntibioticsSecondCheck(db)
        }
        // Rebuilds `patient`: foreign keys are checked once, before commit (GRDB's deferred checks).
        migrator.registerMigration("v14_optional_birth_facts", foreignKeyChecks: .deferred) { db in
            try WardMigrations.v14OptionalBirthFacts(db)
        }
        return migrator
    }
}
