import GRDB

extension WardMigrations {
    /// A ward database's own identity: one random id made when the schema is created (or when an
    /// older database is first opened by this version). Workstations remember who was signed in
    /// per ward by this id, so opening another database never signs in whoever has the same row
    /// id there. A copy of the file (a backup restored) is the same ward and keeps the id.
    static let v6WardIdentity = """
        CREATE TABLE ward_identity (
            id TEXT NOT NULL PRIMARY KEY CHECK (length(id) = 32),
            createdAt INTEGER NOT NULL
        );
        INSERT INTO ward_identity (id, createdAt)
            VALUES (lower(hex(randomblob(16))), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
        """
}

extension WardMigrations {
    /// PostgreSQL's v6: 32 random hex digits, as SQLite's `hex(randomblob(16))`.
    static let v6Postgres: [String] = [
        """
        CREATE TABLE ward_identity (
            id text NOT NULL PRIMARY KEY CHECK (length(id) = 32),
            createdAt bigint NOT NULL
        )
        """,
        """
        INSERT INTO ward_identity (id, createdAt)
            VALUES (replace(gen_random_uuid()::text, '-', ''), floor(extract(epoch FROM now()))::bigint * 1000)
        """,
    ]
}
