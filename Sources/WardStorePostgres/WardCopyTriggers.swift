import WardSQL

/// The target's own triggers, off for the copy's transaction only.
///
/// A copy writes the source's rows exactly, derived ones included (trend summaries, the audit
/// trail's patient links): triggers firing on the copied rows would count them twice, and the
/// audit trail's append-only guards have nothing to guard in an empty ward. They are turned off
/// inside the copy's one transaction and turned back on in the same transaction before it
/// commits, so no other session ever sees them off: PostgreSQL's `ALTER TABLE … DISABLE TRIGGER`
/// holds the table's ACCESS EXCLUSIVE lock until the commit (and a rollback undoes it); on
/// SQLite the triggers are dropped and created again from their own text, inside the write
/// transaction that also holds the file's write lock. Foreign keys stay checked (PostgreSQL's are
/// internal triggers, never turned off here). On PostgreSQL this needs the role that owns the
/// ward's tables.
enum WardCopyTriggers {
    /// Turns the target's enabled triggers off; the statements that turn them back on, in order.
    static func suspend(_ db: any SQLConnection) throws -> [SQLQuery] {
        var restore: [SQLQuery] = []
        switch db.dialect {
        case .postgres:
            let triggers = try db.fetchAll("""
                SELECT t.relname::text AS table_name, g.tgname::text AS trigger_name, g.tgenabled::text AS enabled
                FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
                WHERE NOT g.tgisinternal AND g.tgenabled <> 'D' AND t.relnamespace = current_schema()::regnamespace
                ORDER BY t.relname, g.tgname
                """)
            for row in triggers {
                let table = try row.decode("table_name", as: String.self)
                let name = try row.decode("trigger_name", as: String.self)
                let enabled = try row.decode("enabled", as: String.self)
                let mode = switch enabled {
                case "A": "ENABLE ALWAYS"
                case "R": "ENABLE REPLICA"
                default: "ENABLE"
                }
                try db.execute(SQLQuery(verbatim: "ALTER TABLE \"\(table)\" DISABLE TRIGGER \"\(name)\""))
                restore.append(SQLQuery(verbatim: "ALTER TABLE \"\(table)\" \(mode) TRIGGER \"\(name)\""))
            }
        case .sqlite:
            let triggers = try db.fetchAll("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            for row in triggers {
                let name = try row.decode("name", as: String.self)
                try db.execute(SQLQuery(verbatim: "DROP TRIGGER \"\(name)\""))
                restore.append(SQLQuery(verbatim: try row.decode("sql", as: String.self)))
            }
        }
        return restore
    }
}
