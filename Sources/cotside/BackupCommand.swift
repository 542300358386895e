import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside backup [FILE]`: a consistent copy of the ward, taken while others keep charting.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the ward to a file (a consistent copy, checked, never half-written).",
        discussion: """
        Uses SQLite's online backup while other Cotside processes keep writing: every entry \
        acknowledged before the backup began is in it. The copy is written 0600 under a temporary \
        name, checked with integrity_check and renamed into place only when whole. Without FILE: \
        $XDG_STATE_HOME/cotside/backups/ward-<UTC time>.sqlite. An existing FILE is never replaced.
        """
    )

    @Argument(help: ArgumentHelp("Where to write the backup.", valueName: "file")) var file: String?
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let destination: String
        do {
            destination = try file ?? WardDatabaseLocation.defaultBackup(environment: ProcessInfo.processInfo.environment,
                                                                          now: ward.now)
        } catch let failure as WardDatabaseLocation.Failure {
            throw CommandFailure.usage(failure.description)
        }
        let backup: WardBackup
        do {
            backup = try ward.store.backup(to: destination)
        } catch let error as WardStoreError {
            throw CommandFailure.usage(error.description)
        }
        let megabytes = CLIText.format.fixed(Double(backup.bytes) / 1_048_576, digits: 1)
        print(CLIText.t("cli.backup.done", backup.path, megabytes, backup.patients))
    }
}
