extension WardMigrations {
    /// The ward Trends view's summaries, kept by triggers so every writer (this process, another
    /// workstation, the demo bulk load, an import) keeps them right in the same transaction, and
    /// so the ward view over two years reads a few thousand summary rows instead of every event.
    ///
    /// - `ward_trend_hour`: live nappy changes per kind, live feeds and final doses per status,
    ///   per UTC hour (Unix ms / 3 600 000). Ward days start on the hour in almost every ward, so
    ///   a day is a range of whole hours; a day start off the hour adds an exact count of the
    ///   minutes at its edges from the event tables (`WardTrendsQuery`).
    /// - `wet_nappy_gap`: every live wet or mixed nappy with the time since that patient's previous
    ///   one (NULL for the first), ordered by (occurredAt, id). The no-wet-nappy alerts of the ward
    ///   view are its rows with a gap over the threshold (`wet_nappy_gap_length`). Lookups of the
    ///   previous and next wet nappy go through its own primary key, never through an index of
    ///   `nappy_change` (the demo bulk load drops those while it inserts).
    static let v4WardTrendIndexes: String = {
        let hourColumns = "nappiesWet, nappiesDirty, nappiesMixed, nappiesDry, feeds, dosesGiven, dosesWithheld, dosesMissed"
        let addUp = hourColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { "\($0) = \($0) + excluded.\($0)" }.joined(separator: ", ")
        /// Adds `sign` × one nappy change of `row` (NEW or OLD) to its hour, if it is live.
        func nappy(_ row: String, _ sign: String) -> String {
            """
            INSERT INTO ward_trend_hour (hour, \(hourColumns))
                SELECT \(row).occurredAt / 3600000, \(sign) * (\(row).kind = 'wet'), \(sign) * (\(row).kind = 'dirty'),
                    \(sign) * (\(row).kind = 'mixed'), \(sign) * (\(row).kind = 'dry'), 0, 0, 0, 0
                WHERE \(row).deletedAt IS NULL
                ON CONFLICT (hour) DO UPDATE SET \(addUp);
            """
        }
        func feed(_ row: String, _ sign: String) -> String {
            """
            INSERT INTO ward_trend_hour (hour, \(hourColumns))
                SELECT \(row).occurredAt / 3600000, 0, 0, 0, 0, \(sign), 0, 0, 0
                WHERE \(row).deletedAt IS NULL
                ON CONFLICT (hour) DO UPDATE SET \(addUp);
            """
        }
        func dose(_ row: String, _ sign: String) -> String {
            """
            INSERT INTO ward_trend_hour (hour, \(hourColumns))
                SELECT \(row).recordedAt / 3600000, 0, 0, 0, 0, 0, \(sign) * (\(row).status = 'given'),
                    \(sign) * (\(row).status = 'withheld'), \(sign) * (\(row).status = 'missed')
                WHERE \(row).deletedAt IS NULL AND \(row).status IS NOT NULL AND \(row).recordedAt IS NOT NULL
                ON CONFLICT (hour) DO UPDATE SET \(addUp);
            """
        }
        /// The wet nappy after `row`'s place in its patient's sequence takes the gap from the
        /// one now before it (after `row` was added there or taken away).
        /// Recomputing a gap from the table as it stands is always right, so `when` only saves work.
        func regapNext(_ row: String, when condition: String) -> String {
            """
            UPDATE wet_nappy_gap SET gapMs = occurredAt - (
                    SELECT q.occurredAt FROM wet_nappy_gap q
                    WHERE q.patientId = wet_nappy_gap.patientId
                        AND (q.occurredAt, q.nappyId) < (wet_nappy_gap.occurredAt, wet_nappy_gap.nappyId)
                    ORDER BY q.occurredAt DESC, q.nappyId DESC LIMIT 1)
                WHERE \(condition) AND patientId = \(row).patientId AND (occurredAt, nappyId) = (
                    SELECT n.occurredAt, n.nappyId FROM wet_nappy_gap n
                    WHERE n.patientId = \(row).patientId AND (n.occurredAt, n.nappyId) > (\(row).occurredAt, \(row).id)
                    ORDER BY n.occurredAt, n.nappyId LIMIT 1);
            """
        }
        let isWet = { (row: String) in "\(row).deletedAt IS NULL AND \(row).kind IN ('wet', 'mixed')" }
        let addWet = """
            INSERT INTO wet_nappy_gap (patientId, occurredAt, nappyId, gapMs)
                SELECT NEW.patientId, NEW.occurredAt, NEW.id, NEW.occurredAt - (
                    SELECT q.occurredAt FROM wet_nappy_gap q
                    WHERE q.patientId = NEW.patientId AND (q.occurredAt, q.nappyId) < (NEW.occurredAt, NEW.id)
                    ORDER BY q.occurredAt DESC, q.nappyId DESC LIMIT 1)
                WHERE \(isWet("NEW"));
            """
        let removeWet = """
            DELETE FROM wet_nappy_gap
                WHERE patientId = OLD.patientId AND occurredAt = OLD.occurredAt AND nappyId = OLD.id;
            """
        return """
            CREATE TABLE ward_trend_hour (
                hour INTEGER PRIMARY KEY,
                nappiesWet INTEGER NOT NULL DEFAULT 0,
                nappiesDirty INTEGER NOT NULL DEFAULT 0,
                nappiesMixed INTEGER NOT NULL DEFAULT 0,
                nappiesDry INTEGER NOT NULL DEFAULT 0,
                feeds INTEGER NOT NULL DEFAULT 0,
                dosesGiven INTEGER NOT NULL DEFAULT 0,
                dosesWithheld INTEGER NOT NULL DEFAULT 0,
                dosesMissed INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO ward_trend_hour (hour, \(hourColumns))
                SELECT hour, sum(w), sum(d), sum(m), sum(y), sum(f), sum(g), sum(h), sum(x) FROM (
                    SELECT occurredAt / 3600000 AS hour, kind = 'wet' AS w, kind = 'dirty' AS d, kind = 'mixed' AS m,
                        kind = 'dry' AS y, 0 AS f, 0 AS g, 0 AS h, 0 AS x
                    FROM nappy_change WHERE deletedAt IS NULL
                    UNION ALL
                    SELECT occurredAt / 3600000, 0, 0, 0, 0, 1, 0, 0, 0 FROM feed WHERE deletedAt IS NULL
                    UNION ALL
                    SELECT recordedAt / 3600000, 0, 0, 0, 0, 0, status = 'given', status = 'withheld', status = 'missed'
                    FROM dose_record WHERE deletedAt IS NULL AND status IS NOT NULL AND recordedAt IS NOT NULL)
                GROUP BY hour;

            CREATE TABLE wet_nappy_gap (
                patientId INTEGER NOT NULL,
                occurredAt INTEGER NOT NULL,
                nappyId INTEGER NOT NULL,
                gapMs INTEGER,
                PRIMARY KEY (patientId, occurredAt, nappyId)
            ) WITHOUT ROWID;
            -- The ward view's alerts: gaps over the threshold, then their end times (covering).
            CREATE INDEX wet_nappy_gap_length ON wet_nappy_gap(gapMs, occurredAt) WHERE gapMs IS NOT NULL;
            INSERT INTO wet_nappy_gap (patientId, occurredAt, nappyId, gapMs)
                SELECT patientId, occurredAt, id,
                    occurredAt - lag(occurredAt) OVER (PARTITION BY patientId ORDER BY occurredAt, id)
                FROM nappy_change WHERE deletedAt IS NULL AND kind IN ('wet', 'mixed');

            CREATE TRIGGER nappy_change_trends_insert AFTER INSERT ON nappy_change BEGIN
                \(nappy("NEW", "1"))
                \(addWet)
                \(regapNext("NEW", when: isWet("NEW")))
            END;
            CREATE TRIGGER nappy_change_trends_delete AFTER DELETE ON nappy_change BEGIN
                \(nappy("OLD", "-1"))
                \(removeWet)
                \(regapNext("OLD", when: isWet("OLD")))
            END;
            CREATE TRIGGER nappy_change_trends_update AFTER UPDATE OF patientId, occurredAt, kind, deletedAt ON nappy_change
            BEGIN
                \(nappy("OLD", "-1"))
                \(nappy("NEW", "1"))
                \(removeWet)
                \(regapNext("OLD", when: isWet("OLD")))
                \(addWet)
                \(regapNext("NEW", when: isWet("NEW")))
            END;

            CREATE TRIGGER feed_trends_insert AFTER INSERT ON feed BEGIN
                \(feed("NEW", "1"))
            END;
            CREATE TRIGGER feed_trends_delete AFTER DELETE ON feed BEGIN
                \(feed("OLD", "-1"))
            END;
            CREATE TRIGGER feed_trends_update AFTER UPDATE OF occurredAt, deletedAt ON feed BEGIN
                \(feed("OLD", "-1"))
                \(feed("NEW", "1"))
            END;

            CREATE TRIGGER dose_record_trends_insert AFTER INSERT ON dose_record BEGIN
                \(dose("NEW", "1"))
            END;
            CREATE TRIGGER dose_record_trends_delete AFTER DELETE ON dose_record BEGIN
                \(dose("OLD", "-1"))
            END;
            CREATE TRIGGER dose_record_trends_update AFTER UPDATE OF status, recordedAt, deletedAt ON dose_record BEGIN
                \(dose("OLD", "-1"))
                \(dose("NEW", "1"))
            END;
            """
    }()
}

extension WardMigrations {
    /// PostgreSQL's v4: the same summary tables, filled the same way, kept by PL/pgSQL triggers
    /// with SQLite's names (one function per table; each trigger fires it for its event). The
    /// nappy and dose counts add `(condition)::int`, as PostgreSQL does not count a boolean.
    static let v4Postgres: [String] = [
        """
        CREATE TABLE ward_trend_hour (
            hour bigint PRIMARY KEY,
            nappiesWet bigint NOT NULL DEFAULT 0,
            nappiesDirty bigint NOT NULL DEFAULT 0,
            nappiesMixed bigint NOT NULL DEFAULT 0,
            nappiesDry bigint NOT NULL DEFAULT 0,
            feeds bigint NOT NULL DEFAULT 0,
            dosesGiven bigint NOT NULL DEFAULT 0,
            dosesWithheld bigint NOT NULL DEFAULT 0,
            dosesMissed bigint NOT NULL DEFAULT 0
        )
        """,
        """
        INSERT INTO ward_trend_hour (hour, nappiesWet, nappiesDirty, nappiesMixed, nappiesDry, feeds, dosesGiven,
                                     dosesWithheld, dosesMissed)
            SELECT hour, sum(w), sum(d), sum(m), sum(y), sum(f), sum(g), sum(h), sum(x) FROM (
                SELECT occurredAt / 3600000 AS hour, (kind = 'wet')::int AS w, (kind = 'dirty')::int AS d,
                    (kind = 'mixed')::int AS m, (kind = 'dry')::int AS y, 0 AS f, 0 AS g, 0 AS h, 0 AS x
                FROM nappy_change WHERE deletedAt IS NULL
                UNION ALL
                SELECT occurredAt / 3600000, 0, 0, 0, 0, 1, 0, 0, 0 FROM feed WHERE deletedAt IS NULL
                UNION ALL
                SELECT recordedAt / 3600000, 0, 0, 0, 0, 0, (status = 'given')::int, (status = 'withheld')::int,
                    (status = 'missed')::int
                FROM dose_record WHERE deletedAt IS NULL AND status IS NOT NULL AND recordedAt IS NOT NULL) events
            GROUP BY hour
        """,
        """
        CREATE TABLE wet_nappy_gap (
            patientId bigint NOT NULL,
            occurredAt bigint NOT NULL,
            nappyId bigint NOT NULL,
            gapMs bigint,
            PRIMARY KEY (patientId, occurredAt, nappyId)
        )
        """,
        "CREATE INDEX wet_nappy_gap_length ON wet_nappy_gap (gapMs, occurredAt) WHERE gapMs IS NOT NULL",
        """
        INSERT INTO wet_nappy_gap (patientId, occurredAt, nappyId, gapMs)
            SELECT patientId, occurredAt, id,
                occurredAt - lag(occurredAt) OVER (PARTITION BY patientId ORDER BY occurredAt, id)
            FROM nappy_change WHERE deletedAt IS NULL AND kind IN ('wet', 'mixed')
        """,
        // Adds counts to an hour (negative to take them away).
        """
        CREATE FUNCTION ward_trend_add(atHour bigint, wet int, dirty int, mixed int, dry int, feeds int,
                                       given int, withheld int, missed int) RETURNS void LANGUAGE sql AS $$
            INSERT INTO ward_trend_hour (hour, nappiesWet, nappiesDirty, nappiesMixed, nappiesDry, feeds, dosesGiven,
                                         dosesWithheld, dosesMissed)
                VALUES (atHour, wet, dirty, mixed, dry, feeds, given, withheld, missed)
                ON CONFLICT (hour) DO UPDATE SET nappiesWet = ward_trend_hour.nappiesWet + excluded.nappiesWet,
                    nappiesDirty = ward_trend_hour.nappiesDirty + excluded.nappiesDirty,
                    nappiesMixed = ward_trend_hour.nappiesMixed + excluded.nappiesMixed,
                    nappiesDry = ward_trend_hour.nappiesDry + excluded.nappiesDry,
                    feeds = ward_trend_hour.feeds + excluded.feeds,
                    dosesGiven = ward_trend_hour.dosesGiven + excluded.dosesGiven,
                    dosesWithheld = ward_trend_hour.dosesWithheld + excluded.dosesWithheld,
                    dosesMissed = ward_trend_hour.dosesMissed + excluded.dosesMissed
        $$
        """,
        // The wet nappy after a place in a patient's sequence takes the gap from the one now before it.
        """
        CREATE FUNCTION wet_nappy_regap_next(forPatient bigint, afterTime bigint, afterId bigint)
        RETURNS void LANGUAGE sql AS $$
            UPDATE wet_nappy_gap g SET gapMs = g.occurredAt - (
                    SELECT q.occurredAt FROM wet_nappy_gap q
                    WHERE q.patientId = g.patientId AND (q.occurredAt, q.nappyId) < (g.occurredAt, g.nappyId)
                    ORDER BY q.occurredAt DESC, q.nappyId DESC LIMIT 1)
                WHERE g.patientId = forPatient AND (g.occurredAt, g.nappyId) = (
                    SELECT n.occurredAt, n.nappyId FROM wet_nappy_gap n
                    WHERE n.patientId = forPatient AND (n.occurredAt, n.nappyId) > (afterTime, afterId)
                    ORDER BY n.occurredAt, n.nappyId LIMIT 1)
        $$
        """,
        """
        CREATE FUNCTION nappy_change_trends() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
                IF OLD.deletedAt IS NULL THEN
                    PERFORM ward_trend_add(OLD.occurredAt / 3600000, -(OLD.kind = 'wet')::int, -(OLD.kind = 'dirty')::int,
                        -(OLD.kind = 'mixed')::int, -(OLD.kind = 'dry')::int, 0, 0, 0, 0);
                END IF;
                DELETE FROM wet_nappy_gap
                    WHERE patientId = OLD.patientId AND occurredAt = OLD.occurredAt AND nappyId = OLD.id;
                IF OLD.deletedAt IS NULL AND OLD.kind IN ('wet', 'mixed') THEN
                    PERFORM wet_nappy_regap_next(OLD.patientId, OLD.occurredAt, OLD.id);
                END IF;
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                IF NEW.deletedAt IS NULL THEN
                    PERFORM ward_trend_add(NEW.occurredAt / 3600000, (NEW.kind = 'wet')::int, (NEW.kind = 'dirty')::int,
                        (NEW.kind = 'mixed')::int, (NEW.kind = 'dry')::int, 0, 0, 0, 0);
                END IF;
                IF NEW.deletedAt IS NULL AND NEW.kind IN ('wet', 'mixed') THEN
                    INSERT INTO wet_nappy_gap (patientId, occurredAt, nappyId, gapMs)
                        VALUES (NEW.patientId, NEW.occurredAt, NEW.id, NEW.occurredAt - (
                            SELECT q.occurredAt FROM wet_nappy_gap q
                            WHERE q.patientId = NEW.patientId AND (q.occurredAt, q.nappyId) < (NEW.occurredAt, NEW.id)
                            ORDER BY q.occurredAt DESC, q.nappyId DESC LIMIT 1));
                    PERFORM wet_nappy_regap_next(NEW.patientId, NEW.occurredAt, NEW.id);
                END IF;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER nappy_change_trends_insert AFTER INSERT ON nappy_change FOR EACH ROW EXECUTE FUNCTION nappy_change_trends()",
        "CREATE TRIGGER nappy_change_trends_delete AFTER DELETE ON nappy_change FOR EACH ROW EXECUTE FUNCTION nappy_change_trends()",
        """
        CREATE TRIGGER nappy_change_trends_update AFTER UPDATE OF patientId, occurredAt, kind, deletedAt ON nappy_change
            FOR EACH ROW EXECUTE FUNCTION nappy_change_trends()
        """,
        """
        CREATE FUNCTION feed_trends() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deletedAt IS NULL THEN
                PERFORM ward_trend_add(OLD.occurredAt / 3600000, 0, 0, 0, 0, -1, 0, 0, 0);
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deletedAt IS NULL THEN
                PERFORM ward_trend_add(NEW.occurredAt / 3600000, 0, 0, 0, 0, 1, 0, 0, 0);
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER feed_trends_insert AFTER INSERT ON feed FOR EACH ROW EXECUTE FUNCTION feed_trends()",
        "CREATE TRIGGER feed_trends_delete AFTER DELETE ON feed FOR EACH ROW EXECUTE FUNCTION feed_trends()",
        "CREATE TRIGGER feed_trends_update AFTER UPDATE OF occurredAt, deletedAt ON feed FOR EACH ROW EXECUTE FUNCTION feed_trends()",
        """
        CREATE FUNCTION dose_record_trends() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deletedAt IS NULL AND OLD.status IS NOT NULL
                    AND OLD.recordedAt IS NOT NULL THEN
                PERFORM ward_trend_add(OLD.recordedAt / 3600000, 0, 0, 0, 0, 0, -(OLD.status = 'given')::int,
                    -(OLD.status = 'withheld')::int, -(OLD.status = 'missed')::int);
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deletedAt IS NULL AND NEW.status IS NOT NULL
                    AND NEW.recordedAt IS NOT NULL THEN
                PERFORM ward_trend_add(NEW.recordedAt / 3600000, 0, 0, 0, 0, 0, (NEW.status = 'given')::int,
                    (NEW.status = 'withheld')::int, (NEW.status = 'missed')::int);
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER dose_record_trends_insert AFTER INSERT ON dose_record FOR EACH ROW EXECUTE FUNCTION dose_record_trends()",
        "CREATE TRIGGER dose_record_trends_delete AFTER DELETE ON dose_record FOR EACH ROW EXECUTE FUNCTION dose_record_trends()",
        """
        CREATE TRIGGER dose_record_trends_update AFTER UPDATE OF status, recordedAt, deletedAt ON dose_record
            FOR EACH ROW EXECUTE FUNCTION dose_record_trends()
        """,
    ]
}
