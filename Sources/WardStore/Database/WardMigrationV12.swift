import Foundation
import GRDB

extension WardMigrations {
    /// Feeds as a ward charts them (issue 17): IV infusions by fluid, rate and start/stop, and
    /// NG aspirates and vomits as outputs on the same chart.
    ///
    /// SQLite cannot alter a CHECK, so `feed` is rebuilt (`TableRebuild`: indexes, triggers,
    /// ids and the AUTOINCREMENT counter kept), except the two this migration redefines:
    /// - `feed_trends_*` (v4): an output is not a feed, so the ward's hourly feed count skips it;
    /// - `feed_live_patient_time` (v2): covering also kind and rate, so the intake totals'
    ///   range search still never visits the table.
    static func v12FeedInfusionsOutputs(_ db: Database) throws {
        let redefined: Set<String> = ["feed_trends_insert", "feed_trends_delete", "feed_trends_update", "feed_live_patient_time"]
        try TableRebuild.rebuild("feed", redefining: redefined, db) { name in
            """
            CREATE TABLE \(name) (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                patientId INTEGER NOT NULL REFERENCES patient(id),
                occurredAt INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('breast', 'expressedBreastMilk', 'formula', 'fortifiedMilk',
                    'oralFluid', 'nasogastric', 'iv', 'ngAspirate', 'vomit')),
                volumeML INTEGER CHECK (volumeML IS NULL OR volumeML >= 0),
                durationMinutes INTEGER CHECK (durationMinutes IS NULL OR (kind = 'breast' AND durationMinutes > 0)),
                notes TEXT NOT NULL DEFAULT '',
                fluid TEXT CHECK (fluid IS NULL OR (kind = 'iv' AND length(trim(fluid)) > 0)),
                rateMLPerHour REAL CHECK (rateMLPerHour IS NULL
                    OR (kind = 'iv' AND rateMLPerHour >= 0.1 AND rateMLPerHour <= 500 AND volumeML IS NULL)),
                stoppedAt INTEGER CHECK (stoppedAt IS NULL OR (rateMLPerHour IS NOT NULL AND stoppedAt > occurredAt)),
                recordedBy INTEGER REFERENCES staff(id),
                createdAt INTEGER NOT NULL,
                updatedAt INTEGER NOT NULL,
                deletedAt INTEGER,
                isDemo INTEGER NOT NULL DEFAULT 0
            );
            """
        }
        try db.execute(sql: v12FeedIndexesAndTriggers)
    }

    /// What v12 defines anew on the rebuilt `feed`.
    static let v12FeedIndexesAndTriggers: String = {
        let hourColumns = "nappiesWet, nappiesDirty, nappiesMixed, nappiesDry, feeds, dosesGiven, dosesWithheld, dosesMissed"
        let addUp = hourColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { "\($0) = \($0) + excluded.\($0)" }.joined(separator: ", ")
        /// Adds `sign` × one live feed (not an output) of `row` (NEW or OLD) to its hour.
        func feed(_ row: String, _ sign: String) -> String {
            """
            INSERT INTO ward_trend_hour (hour, \(hourColumns))
                SELECT \(row).occurredAt / 3600000, 0, 0, 0, 0, \(sign), 0, 0, 0
                WHERE \(row).deletedAt IS NULL AND \(row).kind NOT IN ('ngAspirate', 'vomit')
                ON CONFLICT (hour) DO UPDATE SET \(addUp);
            """
        }
        return """
            -- History per patient and every intake total (covering: volume, kind, rate).
            CREATE INDEX feed_live_patient_time
                ON feed(patientId, occurredAt, id, volumeML, kind, rateMLPerHour) WHERE deletedAt IS NULL;
            -- Infusions that may overlap a window: few per patient, each read with its stop.
            CREATE INDEX feed_live_infusion_time
                ON feed(patientId, occurredAt, stoppedAt, rateMLPerHour) WHERE deletedAt IS NULL AND rateMLPerHour IS NOT NULL;
            CREATE TRIGGER feed_trends_insert AFTER INSERT ON feed BEGIN
                \(feed("NEW", "1"))
            END;
            CREATE TRIGGER feed_trends_delete AFTER DELETE ON feed BEGIN
                \(feed("OLD", "-1"))
            END;
            CREATE TRIGGER feed_trends_update AFTER UPDATE OF occurredAt, deletedAt, kind ON feed BEGIN
                \(feed("OLD", "-1"))
                \(feed("NEW", "1"))
            END;
            """
    }()
}

extension WardMigrations {
    /// PostgreSQL's v12: the kinds widened in place; the new columns come last (SQLite's rebuild
    /// put them before `recordedBy`: queries name their columns, so the order does not matter).
    static let v12Postgres: [String] = [
        """
        ALTER TABLE feed DROP CONSTRAINT feed_kind_check,
            ADD CONSTRAINT feed_kind_check CHECK (kind IN ('breast', 'expressedBreastMilk', 'formula', 'fortifiedMilk',
                'oralFluid', 'nasogastric', 'iv', 'ngAspirate', 'vomit')),
            ADD COLUMN fluid text CHECK (fluid IS NULL OR (kind = 'iv' AND length(trim(fluid)) > 0)),
            ADD COLUMN rateMLPerHour double precision CHECK (rateMLPerHour IS NULL
                OR (kind = 'iv' AND rateMLPerHour >= 0.1 AND rateMLPerHour <= 500 AND volumeML IS NULL)),
            ADD COLUMN stoppedAt bigint CHECK (stoppedAt IS NULL OR (rateMLPerHour IS NOT NULL AND stoppedAt > occurredAt))
        """,
        "DROP INDEX feed_live_patient_time",
        """
        CREATE INDEX feed_live_patient_time
            ON feed (patientId, occurredAt, id, volumeML, kind, rateMLPerHour) WHERE deletedAt IS NULL
        """,
        """
        CREATE INDEX feed_live_infusion_time
            ON feed (patientId, occurredAt, stoppedAt, rateMLPerHour) WHERE deletedAt IS NULL AND rateMLPerHour IS NOT NULL
        """,
        // An output is not a feed: the ward's hourly feed count skips it.
        """
        CREATE OR REPLACE FUNCTION feed_trends() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deletedAt IS NULL AND OLD.kind NOT IN ('ngAspirate', 'vomit') THEN
                PERFORM ward_trend_add(OLD.occurredAt / 3600000, 0, 0, 0, 0, -1, 0, 0, 0);
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deletedAt IS NULL AND NEW.kind NOT IN ('ngAspirate', 'vomit') THEN
                PERFORM ward_trend_add(NEW.occurredAt / 3600000, 0, 0, 0, 0, 1, 0, 0, 0);
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "DROP TRIGGER feed_trends_update ON feed",
        """
        CREATE TRIGGER feed_trends_update AFTER UPDATE OF occurredAt, deletedAt, kind ON feed
            FOR EACH ROW EXECUTE FUNCTION feed_trends()
        """,
    ]
}
