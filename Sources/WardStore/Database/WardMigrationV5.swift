import GRDB

extension WardMigrations {
    /// Pause history. Until v5 a medication's pause was one boolean, so slots that fell while it
    /// was paused turned "missed" at the end of their day and counted against adherence. Each
    /// pause is now a period (`medication_pause`) that slot states and adherence read.
    ///
    /// The periods are written by triggers on `audit_entry`: every change of `medication.isPaused`
    /// is audited in its own transaction with the medication's before/after JSON, so the
    /// period opens (or closes) in that same transaction, stamped with the audit row's time and
    /// staff — whether the change came from `setMedicationPaused` or from undoing one.
    ///
    /// Backfill: a medication paused when the migration runs gets an open period starting at its
    /// last audited pause (false → true) and by whom; with no such audit row (paused by an import
    /// or by hand in SQL), at the migration time, by nobody.
    static let v5MedicationPauses = """
        CREATE TABLE medication_pause (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            medicationId INTEGER NOT NULL REFERENCES medication(id),
            pausedAt INTEGER NOT NULL,
            pausedBy INTEGER REFERENCES staff(id),
            resumedAt INTEGER,
            resumedBy INTEGER REFERENCES staff(id),
            CHECK (resumedAt IS NULL OR resumedAt >= pausedAt)
        );
        -- Slot states read a medication's periods by time; at most one open period each.
        CREATE INDEX medication_pause_time ON medication_pause(medicationId, pausedAt, resumedAt);
        CREATE UNIQUE INDEX medication_pause_open ON medication_pause(medicationId) WHERE resumedAt IS NULL;

        CREATE TRIGGER medication_pause_opens AFTER INSERT ON audit_entry
        WHEN NEW.entity = 'medication' AND NEW.beforeJSON IS NOT NULL AND NEW.afterJSON IS NOT NULL
            AND json_extract(NEW.beforeJSON, '$.isPaused') = 0 AND json_extract(NEW.afterJSON, '$.isPaused') = 1
        BEGIN
            INSERT INTO medication_pause (medicationId, pausedAt, pausedBy) VALUES (NEW.entityId, NEW.at, NEW.staffId);
        END;

        CREATE TRIGGER medication_pause_closes AFTER INSERT ON audit_entry
        WHEN NEW.entity = 'medication' AND NEW.beforeJSON IS NOT NULL AND NEW.afterJSON IS NOT NULL
            AND json_extract(NEW.beforeJSON, '$.isPaused') = 1 AND json_extract(NEW.afterJSON, '$.isPaused') = 0
        BEGIN
            UPDATE medication_pause SET resumedAt = max(NEW.at, pausedAt), resumedBy = NEW.staffId
            WHERE medicationId = NEW.entityId AND resumedAt IS NULL;
        END;

        INSERT INTO medication_pause (medicationId, pausedAt, pausedBy)
        SELECT m.id,
            coalesce(a.at, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
            a.staffId
        FROM medication m
        LEFT JOIN audit_entry a ON a.id = (
            SELECT max(e.id) FROM audit_entry e
            WHERE e.entity = 'medication' AND e.entityId = m.id AND e.beforeJSON IS NOT NULL AND e.afterJSON IS NOT NULL
                AND json_extract(e.beforeJSON, '$.isPaused') = 0 AND json_extract(e.afterJSON, '$.isPaused') = 1)
        WHERE m.isPaused = 1;
        """
}
