import ArgumentParser
import Foundation
import WardSQL
import WardStore
import WardStorePostgres

/// `cotside migrate --from FILE --to postgres://…`: moves a ward from its SQLite file to a
/// PostgreSQL server (or `--from postgres://… --to NEW-FILE` back), every record and the audit
/// trail in one transaction, checked by counts and checksums on both sides.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a ward from its SQLite file to a PostgreSQL server (or back to a new file).",
        discussion: """
        Copies every record and the audit trail, ids kept, in one transaction, then compares the \
        row counts and a checksum of every table on both sides (rolled back unless equal). The ward \
        file is first brought to this Cotside's schema, as opening it would. The target must be \
        empty: a server ward (?ward=NAME, made when missing) with no rows, or a file that does not \
        exist yet. The password comes from PGPASSWORD or is asked on the terminal, never an option. \
        Nothing else may use the target during the copy.
        """
    )

    @Option(help: ArgumentHelp("The ward to move: its ward file, or postgres://user@host:port/database?ward=NAME.",
                               valueName: "file|url"))
    var from: String

    @Option(help: ArgumentHelp("Where to move it: postgres://user@host:port/database?ward=NAME&sslmode=require "
                               + "(an empty ward), or a new ward file.", valueName: "url|file"))
    var to: String

    static var allowed: String {
        CLIText.t("cli.migrate.allowed", "--from FILE --to postgres://user@host:port/database?ward=NAME", "--from postgres://… --to NEW-FILE")
    }

    func run() async throws {
        switch (try WardMove.location(from, option: "--from"), try WardMove.location(to, option: "--to")) {
        case (nil, let target?):
            try await fileToServer(path: from, target)
        case (let source?, nil):
            try await serverToFile(source, path: to)
        case (nil, nil):
            throw CommandFailure.usage(CLIText.t("cli.migrate.not_url", "--to \(to)", Self.allowed))
        case (_?, _?):
            throw CommandFailure.usage(CLIText.t("cli.migrate.two_servers", "--from", "--to", Self.allowed))
        }
    }

    private func fileToServer(path: String, _ target: PostgresLocation) async throws {
        var isFolder: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CommandFailure.usage(CLIText.t("cli.migrate.no_file", "--from \(path)", Self.allowed))
        }
        let store: SQLiteWardStore
        do {
            store = try SQLiteWardStore(path: path)
        } catch {
            throw CommandFailure.usage(CLIText.t("cli.migrate.cannot_open", "--from \(path)", "\(error)"))
        }
        if let reason = store.access.readOnlyReason {
            throw CommandFailure.usage(CLIText.t("cli.migrate.read_only", "--from \(path)", reason))
        }
        let database = try await WardMove.connect(target)
        try await WardMove.prepareTarget(database)
        let report = try await WardMove.copy(from: GRDBSQLDatabase(store.pool.database), to: database,
                                             targetName: target.description, progress: true)
        await database.close()
        WardMove.print(report, from: path, to: target.description)
    }

    private func serverToFile(_ source: PostgresLocation, path: String) async throws {
        guard !path.isEmpty, !FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.usage(CLIText.t("cli.migrate.file_exists", "--to \(path)"))
        }
        let database = try await WardMove.connect(source)
        guard try await WardMove.wardExists(database) else {
            throw CommandFailure.usage(CLIText.t("cli.migrate.no_ward", "--from \(source)", source.ward ?? ""))
        }
        do {
            try await WardSchema.migratePostgres(database)
        } catch let refusal as SQLUnknownSchemaSteps {
            throw CommandFailure.usage(CLIText.t("cli.option_issue", "--from \(source)", refusal.description))
        }
        let store: SQLiteWardStore
        do {
            store = try SQLiteWardStore(path: path)
        } catch {
            throw CommandFailure.usage(CLIText.t("cli.migrate.cannot_make", "--to \(path)", "\(error)"))
        }
        do {
            let report = try await WardMove.copy(from: database, to: GRDBSQLDatabase(store.pool.database),
                                                 targetName: path, progress: true)
            try await store.checkpoint()
            await database.close()
            WardMove.print(report, from: source.description, to: path)
        } catch {
            // The new file holds an empty ward: removed, so running it again is not refused.
            try? store.pool.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }
}
