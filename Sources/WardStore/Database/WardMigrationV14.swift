import Foundation
import GRDB

extension WardMigrations {
    /// Gestational age and birth weight become optional (an older child's parents may not know
    /// them; `WardValidation.patient` still requires them for a neonate). SQLite cannot drop a
    /// NOT NULL, so `patient` is rebuilt (`TableRebuild`: every row with its id, indexes,
    /// triggers and the AUTOINCREMENT counter kept). Registered with GRDB's deferred
    /// foreign-key checks: the many `REFERENCES patient(id)` are checked before it commits.
    static func v14OptionalBirthFacts(_ db: Database) throws {
        try TableRebuild.rebuild("patient", db) { name in v14PatientTable(name) }
    }

    /// v1's patient with v8's time of birth; gestation (weeks and days together) and birth
    /// weight may be NULL.
    static func v14PatientTable(_ name: String) -> String {
        """
        CREATE TABLE \(name) (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            bedLabel TEXT NOT NULL,
            givenName TEXT NOT NULL,
            familyName TEXT NOT NULL,
            hospitalNumber TEXT NOT NULL,
            dateOfBirth TEXT NOT NULL,
            sex TEXT NOT NULL,
            gestationalAgeWeeks INTEGER,
            gestationalAgeDays INTEGER,
            birthWeightGrams INTEGER,
            admittedAt INTEGER NOT NULL,
            dischargedAt INTEGER,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            deletedAt INTEGER,
            isDemo INTEGER NOT NULL DEFAULT 0,
            timeOfBirth TEXT CHECK (timeOfBirth IS NULL OR timeOfBirth GLOB '[0-2][0-9]:[0-5][0-9]'),
            CHECK ((gestationalAgeWeeks IS NULL) = (gestationalAgeDays IS NULL))
        )
        """
    }
}

extension WardMigrations {
    /// PostgreSQL's v14: PostgreSQL drops a NOT NULL in place.
    static let v14Postgres: [String] = [
        """
        ALTER TABLE patient ALTER COLUMN gestationalAgeWeeks DROP NOT NULL,
            ALTER COLUMN gestationalAgeDays DROP NOT NULL,
            ALTER COLUMN birthWeightGrams DROP NOT NULL,
            ADD CHECK ((gestationalAgeWeeks IS NULL) = (gestationalAgeDays IS NULL))
        """,
    ]
}
