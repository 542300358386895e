extension WardMigrations {
    /// Saved calculator results (reviewed before saving), stroke assessments, and the ward's
    /// own stroke referral list, shared by every workstation through the ward database.
    static let v3CalculatorResultsAndStroke = """
        CREATE TABLE calculator_result (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            patientId INTEGER NOT NULL REFERENCES patient(id),
            toolId TEXT NOT NULL CHECK (length(toolId) > 0),
            inputsJSON TEXT NOT NULL,
            resultJSON TEXT NOT NULL,
            summary TEXT NOT NULL,
            reviewed INTEGER NOT NULL CHECK (reviewed = 1),
            savedBy INTEGER REFERENCES staff(id),
            savedAt INTEGER NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            deletedAt INTEGER
        );
        -- Patient History and the ward's History (keyset on savedAt, id).
        CREATE INDEX calculator_result_live_patient_time ON calculator_result(patientId, savedAt, id) WHERE deletedAt IS NULL;
        CREATE INDEX calculator_result_live_time ON calculator_result(savedAt, id) WHERE deletedAt IS NULL;

        CREATE TABLE stroke_assessment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            patientId INTEGER REFERENCES patient(id),
            module TEXT NOT NULL CHECK (module IN ('coma', 'limited', 'full')),
            inputsJSON TEXT NOT NULL,
            resultJSON TEXT NOT NULL,
            summary TEXT NOT NULL,
            assessedBy INTEGER REFERENCES staff(id),
            assessedAt INTEGER NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            deletedAt INTEGER
        );
        CREATE INDEX stroke_assessment_live_time ON stroke_assessment(assessedAt, id) WHERE deletedAt IS NULL;
        CREATE INDEX stroke_assessment_live_patient_time ON stroke_assessment(patientId, assessedAt, id)
            WHERE deletedAt IS NULL AND patientId IS NOT NULL;

        CREATE TABLE stroke_centre (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            type TEXT NOT NULL CHECK (type IN ('neurosurgical_center', 'comprehensive_stroke_center',
                                               'regional_stroke_unit', 'thrombolysis_hospital')),
            address TEXT,
            city TEXT NOT NULL,
            postcode TEXT,
            region TEXT,
            country TEXT,
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            phone TEXT,
            emergencyPhone TEXT,
            neurosurgery INTEGER NOT NULL DEFAULT 0,
            thrombectomy INTEGER NOT NULL DEFAULT 0,
            thrombolysis INTEGER NOT NULL DEFAULT 0,
            beds INTEGER,
            network TEXT,
            sourceId TEXT
        );
        CREATE UNIQUE INDEX stroke_centre_name ON stroke_centre(name COLLATE NOCASE);
        """
}
