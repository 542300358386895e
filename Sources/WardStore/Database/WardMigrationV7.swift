import GRDB

extension WardMigrations {
    /// Full-text search over the text History's `/` search looks in. Until v7 that search was a
    /// `LIKE '%…%'` on every event table, which reads every row: 8–21 s on a two-year ward.
    ///
    /// One external-content FTS5 table per searched column (the text stays in its table; the FTS
    /// table holds only the index), kept in step by triggers in the writing transaction: a row is
    /// indexed when inserted, re-indexed when its text changes (old words out, then new words in,
    /// in one trigger: two triggers fire in no set order, and a word in both texts was lost), and
    /// removed when the row itself is deleted. Soft deletes only set `deletedAt`, so the row stays indexed and History's own
    /// `deletedAt IS NULL` hides it; an undone delete needs no re-indexing. Empty text (most
    /// events) has no words, so the triggers skip it and a bulk write of empty notes costs nothing.
    /// The tables are filled from the rows already there when the migration runs, by the same rule
    /// (non-empty text only, so the index never holds a row a trigger would not have written).
    ///
    /// Words are split and case-folded by FTS5's `unicode61` tokenizer with diacritics removed
    /// ("creme" finds "crème"); prefix indexes of 2 and 3 characters keep short prefix searches quick.
    /// No per-row sizes (`columnsize = 0`): History orders by time, never by relevance, and without
    /// them a row with no words needs no entry at all, which FTS5's integrity check then accepts.
    static let v7NotesSearch: String = {
        // (table, searched column): the same pairs as `HistoryBranch.notesSearchColumn`.
        let searched = [("nappy_change", "notes"), ("feed", "notes"), ("measurement", "notes"),
                        ("dose_record", "notes"), ("as_needed_dose", "notes"),
                        ("calculator_result", "summary"), ("stroke_assessment", "summary")]
        return searched.map { table, column in
            let fts = "\(table)_search"
            return """
                CREATE VIRTUAL TABLE \(fts) USING fts5(\(column), content = '\(table)', content_rowid = 'id',
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', columnsize = 0);
                CREATE TRIGGER \(fts)_insert AFTER INSERT ON \(table) WHEN NEW.\(column) <> '' BEGIN
                    INSERT INTO \(fts) (rowid, \(column)) VALUES (NEW.id, NEW.\(column));
                END;
                CREATE TRIGGER \(fts)_delete AFTER DELETE ON \(table) WHEN OLD.\(column) <> '' BEGIN
                    INSERT INTO \(fts) (\(fts), rowid, \(column)) VALUES ('delete', OLD.id, OLD.\(column));
                END;
                CREATE TRIGGER \(fts)_update AFTER UPDATE OF \(column) ON \(table)
                WHEN OLD.\(column) IS NOT NEW.\(column) BEGIN
                    INSERT INTO \(fts) (\(fts), rowid, \(column)) SELECT 'delete', OLD.id, OLD.\(column) WHERE OLD.\(column) <> '';
                    INSERT INTO \(fts) (rowid, \(column)) SELECT NEW.id, NEW.\(column) WHERE NEW.\(column) <> '';
                END;
                INSERT INTO \(fts) (rowid, \(column)) SELECT id, \(column) FROM \(table) WHERE \(column) <> '';
                """
        }.joined(separator: "\n")
    }()
}

extension WardMigrations {
    /// PostgreSQL's v7: PostgreSQL has no FTS5. Each searched column gets a GIN index on its
    /// words, named as SQLite's FTS table (`nappy_change_search`), partial on non-empty text as
    /// SQLite's triggers are; PostgreSQL keeps it in step itself, so no triggers. A search uses
    /// the indexed expression, `to_tsvector('simple', notes) @@ to_tsquery('simple', 'cre:*')`
    /// with `notes <> ''`. Unlike FTS5's `remove_diacritics` the 'simple' configuration keeps
    /// accents ("creme" does not find "crème"): `unaccent` is an extension a ward's role may not
    /// be allowed to create.
    static let v7Postgres: [String] = [
        ("nappy_change", "notes"), ("feed", "notes"), ("measurement", "notes"), ("dose_record", "notes"),
        ("as_needed_dose", "notes"), ("calculator_result", "summary"), ("stroke_assessment", "summary"),
    ].map { table, column in
        "CREATE INDEX \(table)_search ON \(table) USING gin (to_tsvector('simple', \(column))) WHERE \(column) <> ''"
    }
}
