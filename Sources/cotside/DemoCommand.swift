import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside demo`: fills a database with a deterministic synthetic ward (refuses real data).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Fill the database with a synthetic demo ward.",
        discussion: "Refuses a database that holds real (non-demo) entries unless --force is given.")

    @Option(help: "Number of cots (1–500).") var cots = 40
    @Option(help: "Days of history (1–3650).") var days = 730
    @Option(help: "Random seed; the same seed makes the same ward.") var seed: UInt64 = 1
    @Flag(help: "Add demo data even to a database with real entries.") var force = false
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard (1...500).contains(cots) else { throw ValidationError("--cots \(cots) must be 1 to 500") }
        guard (1...3650).contains(days) else { throw ValidationError("--days \(days) must be 1 to 3650") }
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        if try await ward.store.hasRealEntries(), !force {
            throw CommandFailure.usage("\(ward.store.path) holds real entries; refusing to add demo data (use --force to add it anyway)")
        }
        let start = Date()
        let summary = try await DemoWard.generate(into: ward.store, cots: cots, days: days, seed: seed,
                                                  now: ward.now, timeZone: ward.timeZone)
        let seconds = Date().timeIntervalSince(start)
        print("demo ward in \(ward.store.path): \(summary.staff) staff, \(summary.patients) patients, "
              + "\(summary.nappyChanges) nappy changes, \(summary.feeds) feeds, \(summary.measurements) measurements, "
              + "\(summary.medications) medications with \(summary.doseRecords + summary.asNeededDoses) dose records "
              + "(\(summary.events) events; \(cots) cots, \(days) days, seed \(seed)) in "
              + String(format: "%.1f s", seconds))
        // Whoever tries the demo needs to know who may change its settings and staff.
        let admins = try await ward.store.activeStaff().filter(\.isWardAdmin)
        let settings = try await ward.store.settings()
        if let admin = admins.first {
            print("ward admin: \(admin.initials) \(admin.name)"
                  + (settings.requirePin ? "" : "; PINs are off (turn them on: cotside settings set require_pin=on --by \(admin.initials))"))
        }
    }
}
