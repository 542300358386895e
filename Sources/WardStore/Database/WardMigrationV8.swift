import GRDB

extension WardMigrations {
    /// The time of birth, optional: a baby's age reads in hours for the first 72 hours, which
    /// needs more than the calendar date of birth. Older records keep NULL (age in days).
    static let v8PatientTimeOfBirth = """
        ALTER TABLE patient ADD COLUMN timeOfBirth TEXT
            CHECK (timeOfBirth IS NULL OR timeOfBirth GLOB '[0-2][0-9]:[0-5][0-9]');
        """
}

extension WardMigrations {
    /// PostgreSQL's v8: an anchored pattern matches as SQLite's GLOB matches the whole text.
    static let v8Postgres: [String] = [
        """
        ALTER TABLE patient ADD COLUMN timeOfBirth text
            CHECK (timeOfBirth IS NULL OR timeOfBirth ~ '^[0-2][0-9]:[0-5][0-9]$')
        """,
    ]
}
