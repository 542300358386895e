import Foundation
import GRDB

extension WardMigrations {
    /// Gestational age and birth weight become optional (an older child's parents may not know
    /// them; `WardValidation.patient` still requires them for a neonate). SQLite cannot drop a
    /// NOT NULL, so `patient` is rebuilt the documented way (lang_altertable.html §7): new
    /// table, copy every row with its id, drop, rename, then every index and trigger that was
    /// on it is created again from `sqlite_master`. Triggers and views on other tables that
    /// name `patient` are dropped first and made again after (a rename refuses to leave one
    /// pointing at a missing table). The AUTOINCREMENT counter is kept, so no id is reused.
    /// Registered with GRDB's deferred foreign-key checks: the many `REFERENCES patient(id)`
    /// are not enforced during the rebuild and are checked before the migration commits.
    static func v14OptionalBirthFacts(_ db: Database) throws {
        let own = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master
            WHERE tbl_name = 'patient' AND type IN ('index', 'trigger') AND sql IS NOT NULL
            """).map { (type: $0["type"] as String, name: $0["name"] as String, sql: $0["sql"] as String) }
        let naming = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master
            WHERE tbl_name <> 'patient' AND type IN ('trigger', 'view') AND sql IS NOT NULL
            """).map { (type: $0["type"] as String, name: $0["name"] as String, sql: $0["sql"] as String) }
            .filter { namesPatientTable($0.sql) }
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'patient'")
        let columns = try db.columns(in: "patient").map(\.name)
        let unknown = Set(columns).subtracting(v14PatientColumns)
        guard unknown.isEmpty else {
            throw DatabaseError(message: "v14: patient has columns this migration does not know: \(unknown.sorted())")
        }

        for object in naming { try db.execute(sql: "DROP \(object.type.uppercased()) \(object.name.quotedDatabaseIdentifier)") }
        try db.execute(sql: v14PatientTable)
        let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO patient_v14 (\(list)) SELECT \(list) FROM patient")
        try db.execute(sql: "DROP TABLE patient")
        try db.execute(sql: "ALTER TABLE patient_v14 RENAME TO patient")
        for object in own + naming { try db.execute(sql: object.sql) }
        if let sequence {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'patient'", arguments: [sequence])
            if db.changesCount == 0 {
                try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('patient', ?)", arguments: [sequence])
            }
        }
    }

    /// Whether an SQL text names the `patient` table itself (not `patientId`, `audit_patient`).
    static func namesPatientTable(_ sql: String) -> Bool {
        sql.range(of: #"(?<![A-Za-z0-9_])["`\[]?patient["`\]]?(?![A-Za-z0-9_])"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    static let v14PatientColumns: Set<String> = [
        "id", "bedLabel", "givenName", "familyName", "hospitalNumber", "dateOfBirth", "sex", "gestationalAgeWeeks",
        "gestationalAgeDays", "birthWeightGrams", "admittedAt", "dischargedAt", "createdAt", "updatedAt", "deletedAt",
        "isDemo", "timeOfBirth",
    ]

    /// v1's patient with v8's time of birth; gestation (weeks and days together) and birth
    /// weight may be NULL.
    static let v14PatientTable = """
        CREATE TABLE patient_v14 (
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
