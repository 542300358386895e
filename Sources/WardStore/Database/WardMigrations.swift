import GRDB
import WardSQL

/// Numbered schema migrations. Never edit a released migration: add `v2_...`.
/// Times are INTEGER Unix milliseconds (UTC); soft-deleted rows keep `deletedAt`.
///
/// Every step carries both engines' SQL (`WardMigration`): SQLite's runs in GRDB's migrator, as
/// it always has; PostgreSQL's in `SQLMigrationRunner` under the same step name. A new step adds
/// one entry here with both.
enum WardMigrations {
    static let steps: [WardMigration] = [
        WardMigration("v1_ward_nappy_log", sqlite: { db in try db.execute(sql: v1WardNappyLog) }, postgres: v1Postgres),
        WardMigration("v2_medications_feeds_measurements", sqlite: { db in try v2MedicationsFeedsMeasurements(db) },
                      postgres: v2Postgres),
        WardMigration("v3_calculator_results_and_stroke", sqlite: { db in try db.execute(sql: v3CalculatorResultsAndStroke) },
                      postgres: v3Postgres),
        WardMigration("v4_ward_trend_indexes", sqlite: { db in try db.execute(sql: v4WardTrendIndexes) }, postgres: v4Postgres),
        WardMigration("v5_medication_pauses", sqlite: { db in try db.execute(sql: v5MedicationPauses) }, postgres: v5Postgres),
        WardMigration("v6_ward_identity", sqlite: { db in try db.execute(sql: v6WardIdentity) }, postgres: v6Postgres),
        WardMigration("v7_notes_search", sqlite: { db in try db.execute(sql: v7NotesSearch) }, postgres: v7Postgres),
        WardMigration("v8_patient_time_of_birth", sqlite: { db in try db.execute(sql: v8PatientTimeOfBirth) },
                      postgres: v8Postgres),
        WardMigration("v9_backup_schedule", sqlite: { db in try db.execute(sql: v9BackupSchedule) }, postgres: v9Postgres),
        WardMigration("v10_staff_identity", sqlite: { db in try db.execute(sql: v10StaffIdentity) }, postgres: v10Postgres),
        WardMigration("v11_observation_sets", sqlite: { db in try v11ObservationSets(db) }, postgres: v11Postgres),
        WardMigration("v12_feed_infusions_outputs", sqlite: { db in try v12FeedInfusionsOutputs(db) }, postgres: v12Postgres),
        WardMigration("v13_medications_antibiotics_second_check", sqlite: { db in try v13MedicationsAntibioticsSecondCheck(db) },
                      postgres: v13Postgres),
        // Rebuilds `patient`: foreign keys are checked once, before commit (GRDB's deferred checks,
        // which every step here runs with).
        WardMigration("v14_optional_birth_facts", sqlite: { db in try v14OptionalBirthFacts(db) }, postgres: v14Postgres),
        // SQLite: nothing to change (data_version); PostgreSQL: pg_notify triggers for live updates.
        WardMigration("v15_change_notifications", sqlite: { _ in }, postgres: v15Postgres),
    ]

    /// SQLite's migrator: every step's SQLite body, in order, with GRDB's deferred foreign-key checks.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in steps {
            migrator.registerMigration(step.identifier, foreignKeyChecks: .deferred, migrate: step.sqlite)
        }
        return migrator
    }

    /// PostgreSQL's runner: every step's PostgreSQL statements under the same names.
    static var postgresRunner: SQLMigrationRunner { SQLMigrationRunner(steps: steps.map(\.postgresStep)) }
}
