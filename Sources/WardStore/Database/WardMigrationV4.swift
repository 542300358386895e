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
