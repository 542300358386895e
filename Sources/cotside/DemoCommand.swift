import ArgumentParser
import CotsideApp
import Foundation
import WardStore
import WardStorePostgres

/// `cotside demo`: fills a database with a deterministic synthetic ward (refuses real data).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Fill the database with a synthetic demo ward.",
        discussion: """
        Refuses a database that holds real (non-demo) entries unless --force is given. With \
        --db postgres://user@host:port/database?ward=NAME the demo ward is made in a temporary file \
        and moved to that server ward as `cotside migrate` moves one (the ward must be empty).
        """)

    @Option(help: "Number of cots (1–500).") var cots = 40
    @Option(help: "Days of history (1–3650).") var days = 730
    @Option(help: "Random seed; the same seed makes the same ward.") var seed: UInt64 = 1
    @Flag(help: "Add demo data even to a database with real entries.") var force = false
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard (1...500).contains(cots) else { throw ValidationError(CLIText.t("cli.range", "--cots \(cots)", 1, 500)) }
        guard (1...3650).contains(days) else { throw ValidationError(CLIText.t("cli.range", "--days \(days)", 1, 3650)) }
    }

    func run() async throws {
        let text = options.db ?? ProcessInfo.processInfo.environment["COTSIDE_DB"].flatMap { $0.isEmpty ? nil : $0 }
        if let text, let location = try WardMove.location(text, option: options.db == nil ? "COTSIDE_DB" : "--db") {
            try await runOnServer(location)
            return
        }
        let ward = try await WardCLI(options: options)
        if try await ward.store.hasRealEntries(), !force {
            throw CommandFailure.usage(CLIText.t("cli.demo.real_data", ward.store.path, "--force"))
        }
        let start = Date()
        let summary = try await DemoWard.generate(into: ward.store, cots: cots, days: days, seed: seed,
                                                  now: ward.now, timeZone: ward.timeZone)
        try await report(summary, seconds: Date().timeIntervalSince(start), in: ward.store.path, store: ward.store)
    }

    /// Generates into a temporary ward file, then moves it to the server's (empty) ward with
    /// the same copy as `cotside migrate`; the file is removed either way.
    private func runOnServer(_ location: PostgresLocation) async throws {
        let clock: WardClock
        do { clock = try options.launchOptions().clock() } catch let error as LaunchError { throw CommandFailure.usage(error.description) }
        let database = try await WardMove.connect(location)
        try await WardMove.prepareTarget(database)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-demo-\(UUID().uuidString)").path
        try PrivateFolder.ensure(folder, role: "the demo's temporary folder", notAFolder: "\(folder) is a file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try SQLiteWardStore(path: folder + "/demo.sqlite", clock: { clock.now }, timeZone: clock.timeZone)
        defer { try? store.pool.close() }
        let start = Date()
        let summary = try await DemoWard.generate(into: store, cots: cots, days: days, seed: seed, now: clock.now,
                                                  timeZone: clock.timeZone)
        try await report(summary, seconds: Date().timeIntervalSince(start), in: CLIText.t("cli.demo.temporary_file"), store: store)
        let copy = try await WardMove.copy(from: GRDBSQLDatabase(store.pool.database), to: database,
                                           targetName: location.description, progress: false)
        await database.close()
        print(CLIText.t("cli.demo.moved", "\(location)", copy.rows, copy.target.count, CLIText.format.fixed(copy.seconds, digits: 1)))
    }

    private func report(_ summary: DemoWard.Summary, seconds: Double, in place: String, store: SQLiteWardStore) async throws {
        print(CLIText.t("cli.demo.done", place, summary.staff, summary.patients, summary.nappyChanges, summary.feeds, summary.measurements,
                        summary.medications, summary.doseRecords + summary.asNeededDoses, summary.events, cots, days, seed,
                        CLIText.format.fixed(seconds, digits: 1)))
        // Whoever tries the demo needs to know who may change its settings and staff.
        let admins = try await store.activeStaff().filter(\.isWardAdmin)
        let settings = try await store.settings()
        if let admin = admins.first {
            print(settings.requirePin ? CLIText.t("cli.demo.admin", admin.initials, admin.name)
                  : CLIText.t("cli.demo.admin_no_pins", admin.initials, admin.name, "cotside settings set require_pin=on --by \(admin.initials)"))
        }
    }
}
