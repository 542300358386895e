import GRDB

extension WardMigrations {
    /// Staff identity (issue 15):
    /// - `staff.isWardAdmin`; on a ward made before it, the earliest active member becomes its
    ///   ward admin (the rule a new ward follows: its first member is the admin).
    /// - PINs in `staff_credential`, apart from the staff record, so no audit image or export
    ///   ever holds a hash; the never-used `pinHash`/`pinSalt` columns go.
    /// - A ward that has staff already keeps working without PINs (`requirePin` 0) until its
    ///   ward admin answers the question once (`requirePinQuestion`); a new ward requires them.
    /// - `audit_patient` links each audit entry about a patient's records to the patient, filled
    ///   by trigger on every insert (a screen's write, an import alike), so the trail filters by
    ///   patient or bed through an index instead of resolving a million entries one by one.
    /// - The audit trail is append-only: DELETE is refused, and UPDATE is refused unless it is
    ///   the erasure's redaction (every column kept, each non-NULL image set to the marker). An
    ///   INSERT with the id of an existing entry is refused too: `INSERT OR REPLACE` deletes the
    ///   old row without firing DELETE triggers (unless recursive triggers are on), which would
    ///   rewrite an entry quietly.
    static let v10StaffIdentity = """
        ALTER TABLE staff ADD COLUMN isWardAdmin INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE staff DROP COLUMN pinHash;
        ALTER TABLE staff DROP COLUMN pinSalt;
        UPDATE staff SET isWardAdmin = 1 WHERE id = (SELECT min(id) FROM staff WHERE active = 1);

        CREATE TABLE staff_credential (
            staffId INTEGER PRIMARY KEY REFERENCES staff(id),
            kdf TEXT NOT NULL,
            iterations INTEGER NOT NULL CHECK (iterations >= 600000),
            salt BLOB NOT NULL,
            hash BLOB NOT NULL,
            setAt INTEGER NOT NULL,
            failedAttempts INTEGER NOT NULL DEFAULT 0,
            lockedUntil INTEGER
        );

        INSERT INTO ward_setting (key, value) SELECT 'requirePin', '0' WHERE EXISTS (SELECT 1 FROM staff);
        INSERT INTO ward_setting (key, value) SELECT 'requirePinQuestion', 'pending' WHERE EXISTS (SELECT 1 FROM staff);

        CREATE TABLE audit_patient (
            auditId INTEGER PRIMARY KEY REFERENCES audit_entry(id),
            patientId INTEGER NOT NULL
        );
        CREATE INDEX audit_patient_by_patient ON audit_patient(patientId, auditId);
        CREATE INDEX audit_by_staff ON audit_entry(staffId, id);
        CREATE INDEX audit_by_time ON audit_entry(at);
        CREATE INDEX audit_by_action ON audit_entry(action, id);
        CREATE TRIGGER audit_entry_links_patient AFTER INSERT ON audit_entry
        BEGIN
            INSERT INTO audit_patient (auditId, patientId)
            SELECT NEW.id, p FROM (SELECT \(auditPatientSQL("NEW")) AS p) WHERE p IS NOT NULL;
        END;
        INSERT INTO audit_patient (auditId, patientId)
        SELECT id, p FROM (SELECT id, \(auditPatientSQL("audit_entry")) AS p FROM audit_entry) WHERE p IS NOT NULL;

        CREATE TRIGGER audit_entry_append_only_delete BEFORE DELETE ON audit_entry
        BEGIN
            SELECT RAISE(ABORT, 'the audit trail is append-only: an audit entry cannot be deleted');
        END;
        CREATE TRIGGER audit_entry_append_only_replace BEFORE INSERT ON audit_entry
        WHEN EXISTS (SELECT 1 FROM audit_entry WHERE id = NEW.id)
        BEGIN
            SELECT RAISE(ABORT, 'the audit trail is append-only: an audit entry cannot be replaced');
        END;
        CREATE TRIGGER audit_entry_append_only_update BEFORE UPDATE ON audit_entry
        WHEN NOT (NEW.id IS OLD.id AND NEW.at IS OLD.at AND NEW.staffId IS OLD.staffId
                  AND NEW.action IS OLD.action AND NEW.entity IS OLD.entity AND NEW.entityId IS OLD.entityId
                  AND (NEW.beforeJSON IS OLD.beforeJSON OR (OLD.beforeJSON IS NOT NULL AND NEW.beforeJSON = '\(AuditRedaction.marker)'))
                  AND (NEW.afterJSON IS OLD.afterJSON OR (OLD.afterJSON IS NOT NULL AND NEW.afterJSON = '\(AuditRedaction.marker)')))
        BEGIN
            SELECT RAISE(ABORT, 'the audit trail is append-only: an audit entry cannot be changed');
        END;
        """

    /// The patient an audit entry (`row`.entity, `row`.entityId) is about, as an SQL expression;
    /// NULL for staff, settings and the centres list.
    static func auditPatientSQL(_ row: String) -> String {
        let tables = [("nappyChange", "nappy_change"), ("feed", "feed"), ("measurement", "measurement"),
                      ("medication", "medication"), ("doseRecord", "dose_record"), ("asNeededDose", "as_needed_dose"),
                      ("calculatorResult", "calculator_result"), ("strokeAssessment", "stroke_assessment")]
        let lookups = tables.map { entity, table in
            "WHEN '\(entity)' THEN (SELECT patientId FROM \(table) WHERE id = \(row).entityId)"
        }
        return "CASE \(row).entity WHEN 'patient' THEN \(row).entityId WHEN 'measurementGoal' THEN \(row).entityId "
            + lookups.joined(separator: " ") + " END"
    }
}

extension WardMigrations {
    /// PostgreSQL's v10. The append-only rules raise SQLSTATE 23000 (integrity constraint
    /// violation: the engine reports a refused constraint) with SQLite's messages. One more
    /// trigger than SQLite: TRUNCATE, which SQLite does not have, would empty the trail without
    /// firing a DELETE trigger.
    static let v10Postgres: [String] = [
        "ALTER TABLE staff ADD COLUMN isWardAdmin boolean NOT NULL DEFAULT FALSE",
        "ALTER TABLE staff DROP COLUMN pinHash",
        "ALTER TABLE staff DROP COLUMN pinSalt",
        "UPDATE staff SET isWardAdmin = TRUE WHERE id = (SELECT min(id) FROM staff WHERE active)",
        """
        CREATE TABLE staff_credential (
            staffId bigint PRIMARY KEY REFERENCES staff(id),
            kdf text NOT NULL,
            iterations bigint NOT NULL CHECK (iterations >= 600000),
            salt bytea NOT NULL,
            hash bytea NOT NULL,
            setAt bigint NOT NULL,
            failedAttempts bigint NOT NULL DEFAULT 0,
            lockedUntil bigint
        )
        """,
        "INSERT INTO ward_setting (key, value) SELECT 'requirePin', '0' WHERE EXISTS (SELECT 1 FROM staff)",
        "INSERT INTO ward_setting (key, value) SELECT 'requirePinQuestion', 'pending' WHERE EXISTS (SELECT 1 FROM staff)",
        """
        CREATE TABLE audit_patient (
            auditId bigint PRIMARY KEY REFERENCES audit_entry(id),
            patientId bigint NOT NULL
        )
        """,
        "CREATE INDEX audit_patient_by_patient ON audit_patient (patientId, auditId)",
        "CREATE INDEX audit_by_staff ON audit_entry (staffId, id)",
        "CREATE INDEX audit_by_time ON audit_entry (at)",
        "CREATE INDEX audit_by_action ON audit_entry (action, id)",
        """
        CREATE FUNCTION audit_entry_patient(entity text, entityId bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
            SELECT \(auditPatientSQL("audit_entry_patient"))
        $$
        """,
        """
        CREATE FUNCTION audit_entry_links_patient() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO audit_patient (auditId, patientId)
                SELECT NEW.id, p FROM (SELECT audit_entry_patient(NEW.entity, NEW.entityId) AS p) link WHERE p IS NOT NULL;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER audit_entry_links_patient AFTER INSERT ON audit_entry FOR EACH ROW EXECUTE FUNCTION audit_entry_links_patient()",
        """
        INSERT INTO audit_patient (auditId, patientId)
            SELECT id, p FROM (SELECT id, audit_entry_patient(entity, entityId) AS p FROM audit_entry) link
            WHERE p IS NOT NULL
        """,
        """
        CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'the audit trail is append-only: an audit entry cannot be %', TG_ARGV[0]
                USING ERRCODE = 'integrity_constraint_violation';
        END
        $$
        """,
        """
        CREATE TRIGGER audit_entry_append_only_delete BEFORE DELETE ON audit_entry
            FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only('deleted')
        """,
        """
        CREATE TRIGGER audit_entry_append_only_truncate BEFORE TRUNCATE ON audit_entry
            FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only('deleted')
        """,
        """
        CREATE FUNCTION audit_entry_append_only_replace() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM audit_entry WHERE id = NEW.id) THEN
                RAISE EXCEPTION 'the audit trail is append-only: an audit entry cannot be replaced'
                    USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            RETURN NEW;
        END
        $$
        """,
        """
        CREATE TRIGGER audit_entry_append_only_replace BEFORE INSERT ON audit_entry
            FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only_replace()
        """,
        """
        CREATE TRIGGER audit_entry_append_only_update BEFORE UPDATE ON audit_entry FOR EACH ROW
        WHEN (NOT (NEW.id IS NOT DISTINCT FROM OLD.id AND NEW.at IS NOT DISTINCT FROM OLD.at
                   AND NEW.staffId IS NOT DISTINCT FROM OLD.staffId AND NEW.action IS NOT DISTINCT FROM OLD.action
                   AND NEW.entity IS NOT DISTINCT FROM OLD.entity AND NEW.entityId IS NOT DISTINCT FROM OLD.entityId
                   AND (NEW.beforeJSON IS NOT DISTINCT FROM OLD.beforeJSON
                        OR (OLD.beforeJSON IS NOT NULL AND NEW.beforeJSON = '\(AuditRedaction.marker)'))
                   AND (NEW.afterJSON IS NOT DISTINCT FROM OLD.afterJSON
                        OR (OLD.afterJSON IS NOT NULL AND NEW.afterJSON = '\(AuditRedaction.marker)'))))
        EXECUTE FUNCTION audit_entry_append_only('changed')
        """,
    ]
}
