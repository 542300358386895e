import CotsideApp
import Foundation
import WardSQL
import WardStore
import WardStorePostgres

/// Moving a ward between its SQLite file and a PostgreSQL schema, for `cotside migrate` and
/// `cotside demo --db postgres://…`: the source opened (and so migrated) to this build's schema,
/// the target refused unless empty, then migrated, then `WardCopy` in one transaction with its
/// counts and checksums. Refusals are exit 2 and change nothing; a lost server is exit 1.
enum WardMove {
    /// What the ward's schema says about copying it.
    static var rules: WardCopyRules {
        WardCopyRules(steps: WardSchema.steps, seededTables: WardSchema.seededTables,
                      keptTables: WardSchema.databaseBookkeepingTables)
    }

    /// A `postgres://` URL read, or exit 2 naming what is wrong; nil when `text` is not a URL at all.
    static func location(_ text: String, option: String) throws -> PostgresLocation? {
        let lower = text.lowercased()
        guard lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") || lower.contains("://") else { return nil }
        do {
            return try PostgresLocation(parsing: text)
        } catch {
            // The URL is not echoed: it may hold the password this refuses.
            throw CommandFailure.usage("\(option): \(error)")
        }
    }

    /// The server's ward: connected (the password from PGPASSWORD, else asked on the terminal),
    /// its schema made when missing. Connection failures are exit 1 with the server's words.
    static func connect(_ location: PostgresLocation) async throws -> PostgresSQLDatabase {
        do {
            // Asked only when PGPASSWORD gives none and the server wants one; nil without a
            // terminal (the server's refusal then says to set PGPASSWORD).
            return try await PostgresSQLDatabase.open(location, passwordPrompt: {
                TerminalSecret.ask(CLIText.t("cli.move.password", "\(location.user)@\(location.host)"))
            })
        } catch let error as SQLEngineError {
            throw CommandFailure.runtime(CLIText.t("cli.move.cannot_connect", "\(location)", error.message))
        }
    }

    /// Refuses a target that holds rows (before anything changes it), makes its schema when
    /// missing and migrates it to this build's steps.
    static func prepareTarget(_ database: PostgresSQLDatabase) async throws {
        let nonEmpty = try await WardCopy.nonEmptyTables(in: database, rules: rules)
        guard nonEmpty.isEmpty else {
            throw CommandFailure.usage(WardCopyError.targetNotEmpty(target: database.location.description, nonEmpty).description)
        }
        try await WardSchema.makeWardIfMissing(database.location.ward, in: database)
        do {
            try await WardSchema.migratePostgres(database)
        } catch let refusal as SQLUnknownSchemaSteps {
            throw CommandFailure.usage("\(database.location): \(refusal.description)")
        }
    }

    /// Copies, turning the copy's refusals into exit 2.
    static func copy(from source: any SQLDatabase, to target: any SQLDatabase, targetName: String,
                     progress: Bool) async throws -> WardCopyReport {
        let announce: (@Sendable (WardCopyTableSummary) -> Void)? = progress ? Self.announce : nil
        do {
            return try await WardCopy.run(from: source, to: target, rules: rules, targetName: targetName, progress: announce)
        } catch let error as WardCopyError {
            throw CommandFailure.usage(error.description)
        } catch let error as SQLEngineError {
            throw CommandFailure.runtime(CLIText.t("cli.move.rolled_back", error.message))
        }
    }

    /// Says on standard error that a table's rows are written (a large ward takes a minute).
    @Sendable static func announce(_ summary: WardCopyTableSummary) {
        printError("cotside: " + CLIText.t(summary.rows == 1 ? "cli.move.copied_one" : "cli.move.copied", summary.table, summary.rows) + "\n")
    }

    /// Prints the report: one line per table, then the total and the time.
    static func print(_ report: WardCopyReport, from: String, to: String) {
        for line in report.lines { Swift.print(line) }
        Swift.print(CLIText.t("cli.move.done", "\(from)", "\(to)", report.rows, report.target.count, CLIText.format.fixed(report.seconds, digits: 1)))
    }
}

extension WardMove {
    /// Whether the location's ward (schema) exists; true when the URL names none (the server's
    /// default search_path).
    static func wardExists(_ database: PostgresSQLDatabase) async throws -> Bool {
        guard let ward = database.location.ward else { return true }
        return try await database.read { db in
            try db.fetchValue("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = \(ward))", as: Bool.self)
        } == true
    }
}
