import WardSQL

/// Live updates between workstations. SQLite needs nothing (a process notices another's
/// commits by `PRAGMA data_version`), so its step only records the schema number.
/// PostgreSQL: after every INSERT, UPDATE or DELETE statement on a ward table, one
/// `pg_notify` on `SQLChangeNotice.channel` naming the ward's schema, the table and the
/// writer's `application_name` (the listener ignores its own process's writes). Statement
/// level, so a bulk write sends one notice per statement, and PostgreSQL delivers them at
/// commit only (never after a rollback), the same notice once per transaction.
/// (The step's SQLite body is empty.)
extension WardMigrations {
    /// Every table of the ward at v15. A later step that adds a table gives it the same trigger
    /// (`v15NotifyTrigger`); a test checks every PostgreSQL table has one.
    static let v15NotifiedTables = [
        "staff", "patient", "nappy_change", "audit_entry", "ward_setting", "medication", "dose_record",
        "as_needed_dose", "feed", "measurement", "measurement_goal", "calculator_result", "stroke_assessment",
        "stroke_centre", "ward_trend_hour", "wet_nappy_gap", "medication_pause", "ward_identity", "backup_schedule",
        "staff_credential", "audit_patient",
    ]

    /// The trigger's name on `table`.
    static func v15NotifyTriggerName(_ table: String) -> String { "\(table)_notify_change" }

    /// The statement that gives `table` its change notification.
    static func v15NotifyTrigger(_ table: String) -> String {
        """
        CREATE TRIGGER \(v15NotifyTriggerName(table)) AFTER INSERT OR UPDATE OR DELETE ON \(table)
            FOR EACH STATEMENT EXECUTE FUNCTION cotside_notify_change()
        """
    }

    /// PostgreSQL's v15: one function, one statement-level trigger per table.
    static let v15Postgres: [String] = [
        """
        CREATE FUNCTION cotside_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('\(SQLChangeNotice.channel)', json_build_object(
                'schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME,
                'application', current_setting('application_name'))::text);
            RETURN NULL;
        END
        $$
        """,
    ] + v15NotifiedTables.map(v15NotifyTrigger)
}
