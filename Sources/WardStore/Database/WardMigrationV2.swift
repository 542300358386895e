import GRDB

extension WardMigrations {
    /// Issue 6: medications with their dose slots and as-needed doses, feeds and measurements.
    /// Every index below is named by the query that needs it (checked by `QueryPlanTests`).
    static func v2MedicationsFeedsMeasurements(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE medication (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                patientId INTEGER NOT NULL REFERENCES patient(id),
                drugName TEXT NOT NULL CHECK (length(trim(drugName)) > 0),
                doseAmount REAL NOT NULL CHECK (doseAmount > 0),
                doseUnit TEXT NOT NULL CHECK (doseUnit IN ('mg', 'mcg', 'mL', 'units', 'drops', 'puffs')),
                route TEXT NOT NULL CHECK (route IN ('oral', 'iv', 'im', 'sc', 'inhaled', 'topical', 'pr', 'ng')),
                scheduleKind TEXT NOT NULL CHECK (scheduleKind IN ('fixedTimes', 'everyHours', 'asNeeded')),
                scheduleTimes TEXT CHECK ((scheduleKind = 'fixedTimes') = (scheduleTimes IS NOT NULL)),
                intervalHours INTEGER CHECK ((scheduleKind = 'everyHours') = (intervalHours IS NOT NULL)),
                minimumIntervalMinutes INTEGER CHECK ((scheduleKind = 'asNeeded') = (minimumIntervalMinutes IS NOT NULL)),
                maxDosesPer24h INTEGER CHECK ((scheduleKind = 'asNeeded') = (maxDosesPer24h IS NOT NULL)),
                startsAt INTEGER NOT NULL,
                endsAt INTEGER,
                isPaused INTEGER NOT NULL DEFAULT 0,
                category TEXT NOT NULL CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'other')),
                notes TEXT NOT NULL DEFAULT '',
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            -- A patient's medication list, the due board and the Dashboard's next dose.
            CREATE INDEX medication_live_patient ON medication(patientId, id) WHERE deletedAt IS NULL;
            CREATE INDEX medication_real ON medication(id) WHERE isDemo = 0;

            CREATE TABLE dose_record (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                medicationId INTEGER NOT NULL REFERENCES medication(id),
                patientId INTEGER NOT NULL REFERENCES patient(id),
                scheduledAt INTEGER NOT NULL,
                slotDay TEXT NOT NULL,
                slotTime TEXT NOT NULL,
                status TEXT CHECK (status IS NULL OR status IN ('given', 'withheld', 'missed')),
                withheldReason TEXT CHECK ((withheldReason IS NOT NULL) = (status IS 'withheld') AND (withheldReason IS NULL
                    OR withheldReason IN ('refused', 'nilByMouth', 'vomited', 'notAvailable', 'clinicalDecision', 'other'))),
                recordedAt INTEGER CHECK ((recordedAt IS NULL) = (status IS NULL)),
                recordedBy INTEGER REFERENCES staff(id),
                snoozedUntil INTEGER,
                notes TEXT NOT NULL DEFAULT '',
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            -- One row per slot, deleted rows included: two processes can never both create a final
            -- status for the same slot; recording again updates this row.
            CREATE UNIQUE INDEX dose_record_slot ON dose_record(medicationId, scheduledAt);
            -- Adherence and latest status per medication over a window (covering).
            CREATE INDEX dose_record_live_medication ON dose_record(medicationId, scheduledAt, status, withheldReason)
                WHERE deletedAt IS NULL;
            -- History: final statuses by time, by patient, by staff.
            CREATE INDEX dose_record_final_time ON dose_record(recordedAt, id) WHERE deletedAt IS NULL AND status IS NOT NULL;
            CREATE INDEX dose_record_final_patient_time ON dose_record(patientId, recordedAt, id)
                WHERE deletedAt IS NULL AND status IS NOT NULL;
            CREATE INDEX dose_record_final_staff_time ON dose_record(recordedBy, recordedAt, id)
                WHERE deletedAt IS NULL AND status IS NOT NULL;
            CREATE INDEX dose_record_real ON dose_record(id) WHERE isDemo = 0;

            CREATE TABLE as_needed_dose (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                medicationId INTEGER NOT NULL REFERENCES medication(id),
                patientId INTEGER NOT NULL REFERENCES patient(id),
                givenAt INTEGER NOT NULL,
                doseAmount REAL NOT NULL CHECK (doseAmount > 0),
                overrideReason TEXT,
                notes TEXT NOT NULL DEFAULT '',
                recordedBy INTEGER REFERENCES staff(id),
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            -- The interval / 24 h rules and the latest dose per medication.
            CREATE INDEX as_needed_live_medication_time ON as_needed_dose(medicationId, givenAt) WHERE deletedAt IS NULL;
            CREATE INDEX as_needed_live_time ON as_needed_dose(givenAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX as_needed_live_patient_time ON as_needed_dose(patientId, givenAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX as_needed_live_staff_time ON as_needed_dose(recordedBy, givenAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX as_needed_real ON as_needed_dose(id) WHERE isDemo = 0;

            CREATE TABLE feed (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                patientId INTEGER NOT NULL REFERENCES patient(id),
                occurredAt INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('breast', 'expressedBreastMilk', 'formula', 'fortifiedMilk',
                    'oralFluid', 'nasogastric', 'iv')),
                volumeML INTEGER CHECK (volumeML IS NULL OR volumeML >= 0),
                durationMinutes INTEGER CHECK (durationMinutes IS NULL OR (kind = 'breast' AND durationMinutes > 0)),
                notes TEXT NOT NULL DEFAULT '',
                recordedBy INTEGER REFERENCES staff(id),
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX feed_live_time ON feed(occurredAt, id) WHERE deletedAt IS NULL;
            -- History per patient and the Dashboard's 24 h intake (covering: volume).
            CREATE INDEX feed_live_patient_time ON feed(patientId, occurredAt, id, volumeML) WHERE deletedAt IS NULL;
            CREATE INDEX feed_live_staff_time ON feed(recordedBy, occurredAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX feed_real ON feed(id) WHERE isDemo = 0;

            CREATE TABLE measurement (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                patientId INTEGER NOT NULL REFERENCES patient(id),
                measuredAt INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('weight', 'length', 'headCircumference', 'temperature', 'heartRate',
                    'respiratoryRate', 'spo2', 'bloodPressure', 'glucose')),
                value REAL NOT NULL,
                diastolicMmHg REAL CHECK ((diastolicMmHg IS NOT NULL) = (kind = 'bloodPressure')),
                notes TEXT NOT NULL DEFAULT '',
                recordedBy INTEGER REFERENCES staff(id),
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX measurement_live_time ON measurement(measuredAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX measurement_live_patient_time ON measurement(patientId, measuredAt, id) WHERE deletedAt IS NULL;
            -- Latest of each kind per patient (Dashboard weight, latest out of range, effectiveness series).
            CREATE INDEX measurement_live_patient_kind_time ON measurement(patientId, kind, measuredAt, value, diastolicMmHg)
                WHERE deletedAt IS NULL;
            CREATE INDEX measurement_live_staff_time ON measurement(recordedBy, measuredAt, id) WHERE deletedAt IS NULL;
            CREATE INDEX measurement_real ON measurement(id) WHERE isDemo = 0;

            -- A patient's own goal range for a kind; absent = the default for the patient's age.
            CREATE TABLE measurement_goal (
                patientId INTEGER NOT NULL REFERENCES patient(id),
                kind TEXT NOT NULL,
                low REAL,
                high REAL,
                updatedAt INTEGER NOT NULL,
                PRIMARY KEY (patientId, kind),
                CHECK (low IS NOT NULL OR high IS NOT NULL),
                CHECK (low IS NULL OR high IS NULL OR low < high)
            ) WITHOUT ROWID;
            """)
    }
}

extension WardMigrations {
    /// PostgreSQL's v2. The CHECKs later steps widen are named (PostgreSQL's own default names,
    /// spelled out) so those steps can drop them by name.
    static let v2Postgres: [String] = [
        """
        CREATE TABLE medication (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            patientId bigint NOT NULL REFERENCES patient(id),
            drugName text NOT NULL CHECK (length(trim(drugName)) > 0),
            doseAmount double precision NOT NULL CHECK (doseAmount > 0),
            doseUnit text NOT NULL CHECK (doseUnit IN ('mg', 'mcg', 'mL', 'units', 'drops', 'puffs')),
            route text NOT NULL CHECK (route IN ('oral', 'iv', 'im', 'sc', 'inhaled', 'topical', 'pr', 'ng')),
            scheduleKind text NOT NULL CHECK (scheduleKind IN ('fixedTimes', 'everyHours', 'asNeeded')),
            scheduleTimes text CHECK ((scheduleKind = 'fixedTimes') = (scheduleTimes IS NOT NULL)),
            intervalHours bigint CHECK ((scheduleKind = 'everyHours') = (intervalHours IS NOT NULL)),
            minimumIntervalMinutes bigint CHECK ((scheduleKind = 'asNeeded') = (minimumIntervalMinutes IS NOT NULL)),
            maxDosesPer24h bigint CHECK ((scheduleKind = 'asNeeded') = (maxDosesPer24h IS NOT NULL)),
            startsAt bigint NOT NULL,
            endsAt bigint,
            isPaused boolean NOT NULL DEFAULT FALSE,
            category text NOT NULL CONSTRAINT medication_category_check
                CHECK (category IN ('antihypertensive', 'antidiabetic', 'antipyretic', 'other')),
            notes text NOT NULL DEFAULT '',
            createdAt bigint NOT NULL,
            updatedAt bigint NOT NULL,
            deletedAt bigint,
            isDemo boolean NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX medication_live_patient ON medication (patientId, id) WHERE deletedAt IS NULL",
        "CREATE INDEX medication_real ON medication (id) WHERE NOT isDemo",
        """
        CREATE TABLE dose_record (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            medicationId bigint NOT NULL REFERENCES medication(id),
            patientId bigint NOT NULL REFERENCES patient(id),
            scheduledAt bigint NOT NULL,
            slotDay text NOT NULL,
            slotTime text NOT NULL,
            status text CHECK (status IS NULL OR status IN ('given', 'withheld', 'missed')),
            withheldReason text CHECK ((withheldReason IS NOT NULL) = (status IS NOT DISTINCT FROM 'withheld')
                AND (withheldReason IS NULL
                OR withheldReason IN ('refused', 'nilByMouth', 'vomited', 'notAvailable', 'clinicalDecision', 'other'))),
            recordedAt bigint CHECK ((recordedAt IS NULL) = (status IS NULL)),
            recordedBy bigint REFERENCES staff(id),
            snoozedUntil bigint,
            notes text NOT NULL DEFAULT '',
            createdAt bigint NOT NULL,
            updatedAt bigint NOT NULL,
            deletedAt bigint,
            isDemo boolean NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE UNIQUE INDEX dose_record_slot ON dose_record (medicationId, scheduledAt)",
        """
        CREATE INDEX dose_record_live_medication ON dose_record (medicationId, scheduledAt, status, withheldReason)
            WHERE deletedAt IS NULL
        """,
        "CREATE INDEX dose_record_final_time ON dose_record (recordedAt, id) WHERE deletedAt IS NULL AND status IS NOT NULL",
        """
        CREATE INDEX dose_record_final_patient_time ON dose_record (patientId, recordedAt, id)
            WHERE deletedAt IS NULL AND status IS NOT NULL
        """,
        """
        CREATE INDEX dose_record_final_staff_time ON dose_record (recordedBy, recordedAt, id)
            WHERE deletedAt IS NULL AND status IS NOT NULL
        """,
        "CREATE INDEX dose_record_real ON dose_record (id) WHERE NOT isDemo",
        """
        CREATE TABLE as_needed_dose (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            medicationId bigint NOT NULL REFERENCES medication(id),
            patientId bigint NOT NULL REFERENCES patient(id),
            givenAt bigint NOT NULL,
            doseAmount double precision NOT NULL CHECK (doseAmount > 0),
            overrideReason text,
            notes text NOT NULL DEFAULT '',
            recordedBy bigint REFERENCES staff(id),
            createdAt bigint NOT NULL,
            updatedAt bigint NOT NULL,
            deletedAt bigint,
            isDemo boolean NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX as_needed_live_medication_time ON as_needed_dose (medicationId, givenAt) WHERE deletedAt IS NULL",
        "CREATE INDEX as_needed_live_time ON as_needed_dose (givenAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX as_needed_live_patient_time ON as_needed_dose (patientId, givenAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX as_needed_live_staff_time ON as_needed_dose (recordedBy, givenAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX as_needed_real ON as_needed_dose (id) WHERE NOT isDemo",
        """
        CREATE TABLE feed (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            patientId bigint NOT NULL REFERENCES patient(id),
            occurredAt bigint NOT NULL,
            kind text NOT NULL CONSTRAINT feed_kind_check CHECK (kind IN ('breast', 'expressedBreastMilk', 'formula',
                'fortifiedMilk', 'oralFluid', 'nasogastric', 'iv')),
            volumeML bigint CHECK (volumeML IS NULL OR volumeML >= 0),
            durationMinutes bigint CHECK (durationMinutes IS NULL OR (kind = 'breast' AND durationMinutes > 0)),
            notes text NOT NULL DEFAULT '',
            recordedBy bigint REFERENCES staff(id),
            createdAt bigint NOT NULL,
            updatedAt bigint NOT NULL,
            deletedAt bigint,
            isDemo boolean NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX feed_live_time ON feed (occurredAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX feed_live_patient_time ON feed (patientId, occurredAt, id, volumeML) WHERE deletedAt IS NULL",
        "CREATE INDEX feed_live_staff_time ON feed (recordedBy, occurredAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX feed_real ON feed (id) WHERE NOT isDemo",
        """
        CREATE TABLE measurement (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            patientId bigint NOT NULL REFERENCES patient(id),
            measuredAt bigint NOT NULL,
            kind text NOT NULL CONSTRAINT measurement_kind_check CHECK (kind IN ('weight', 'length', 'headCircumference',
                'temperature', 'heartRate', 'respiratoryRate', 'spo2', 'bloodPressure', 'glucose')),
            value double precision NOT NULL,
            diastolicMmHg double precision CHECK ((diastolicMmHg IS NOT NULL) = (kind = 'bloodPressure')),
            notes text NOT NULL DEFAULT '',
            recordedBy bigint REFERENCES staff(id),
            createdAt bigint NOT NULL,
            updatedAt bigint NOT NULL,
            deletedAt bigint,
            isDemo boolean NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX measurement_live_time ON measurement (measuredAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX measurement_live_patient_time ON measurement (patientId, measuredAt, id) WHERE deletedAt IS NULL",
        """
        CREATE INDEX measurement_live_patient_kind_time ON measurement (patientId, kind, measuredAt, value, diastolicMmHg)
            WHERE deletedAt IS NULL
        """,
        "CREATE INDEX measurement_live_staff_time ON measurement (recordedBy, measuredAt, id) WHERE deletedAt IS NULL",
        "CREATE INDEX measurement_real ON measurement (id) WHERE NOT isDemo",
        """
        CREATE TABLE measurement_goal (
            patientId bigint NOT NULL REFERENCES patient(id),
            kind text NOT NULL,
            low double precision,
            high double precision,
            updatedAt bigint NOT NULL,
            PRIMARY KEY (patientId, kind),
            CHECK (low IS NOT NULL OR high IS NOT NULL),
            CHECK (low IS NULL OR high IS NULL OR low < high)
        )
        """,
    ]
}
