/// The spellings that differ between SQLite and PostgreSQL, each written once here so a query
/// never carries its own `if postgres`. Forms that are the same on both engines (`lower(x) =
/// lower(y)`, `count(*) FILTER (WHERE …)`, `TRUE`, `INSERT … RETURNING`, `ON CONFLICT … DO
/// UPDATE`) are written directly in the query.
extension SQLQuery {
    /// The larger of two values: SQLite's two-argument `max`, PostgreSQL's `greatest`. (Both
    /// give NULL on SQLite when either is NULL but skip NULLs on PostgreSQL: coalesce first when
    /// a side may be NULL.)
    public static func greatest(_ a: SQLQuery, _ b: SQLQuery) -> SQLQuery {
        dialect(sqlite: "max(", postgres: "greatest(") + a + ", " + b + ")"
    }

    /// The smaller of two values (`min` / `least`), with the same NULL caveat as `greatest`.
    public static func least(_ a: SQLQuery, _ b: SQLQuery) -> SQLQuery {
        dialect(sqlite: "min(", postgres: "least(") + a + ", " + b + ")"
    }

    /// `a` equals `b`, NULL equal to NULL: SQLite's `IS`, PostgreSQL's `IS NOT DISTINCT FROM`.
    public static func same(_ a: SQLQuery, _ b: SQLQuery) -> SQLQuery {
        a + dialect(sqlite: " IS ", postgres: " IS NOT DISTINCT FROM ") + b
    }

    /// `a` differs from `b`, NULL unequal to a value: `IS NOT` / `IS DISTINCT FROM`.
    public static func differs(_ a: SQLQuery, _ b: SQLQuery) -> SQLQuery {
        a + dialect(sqlite: " IS NOT ", postgres: " IS DISTINCT FROM ") + b
    }

    /// The sum of an integer expression, 0 for no rows, as an integer on both engines
    /// (PostgreSQL's `sum(bigint)` is numeric, which the driver does not read as a number).
    public static func integerTotal(_ expression: SQLQuery) -> SQLQuery {
        "coalesce(sum(" + expression + dialect(sqlite: "), 0)", postgres: "), 0)::bigint")
    }

    /// The sum of a real expression, 0.0 for no rows, as a double on both engines.
    public static func realTotal(_ expression: SQLQuery) -> SQLQuery {
        dialect(sqlite: "total(", postgres: "coalesce(sum(") + expression
            + dialect(sqlite: ")", postgres: "), 0)::double precision")
    }

    /// The average of an expression as a double on both engines.
    public static func average(_ expression: SQLQuery) -> SQLQuery {
        "avg(" + expression + dialect(sqlite: ")", postgres: ")::double precision")
    }

    /// A join that SQLite's planner must take in the written order (`CROSS JOIN`, its only
    /// join-order hint); a plain inner join on PostgreSQL, whose planner takes no hints.
    public static var orderedJoin: SQLQuery { dialect(sqlite: "CROSS JOIN", postgres: "JOIN") }
}
