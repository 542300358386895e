import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside` with no subcommand opens the TUI; scripts use the subcommands.
struct CotsideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cotside",
        abstract: "Ward charting for paediatric and neonatal units, in a terminal.",
        discussion: """
        With no subcommand Cotside opens full screen. Data: $XDG_DATA_HOME/cotside/ward.sqlite \
        (override with --db or COTSIDE_DB). Preferences: $XDG_CONFIG_HOME/cotside/preferences.json.
        """,
        version: CotsideVersion.string,
        subcommands: [TUICommand.self, SnapshotCommand.self, LogCommand.self, PatientsCommand.self, AdmitCommand.self,
                      DischargeCommand.self, DemoCommand.self, CalcCommand.self, MedsCommand.self, DueCommand.self,
                      CentresCommand.self, StrokeCommand.self, GoalsCommand.self, BackupCommand.self, EraseCommand.self,
                      ExportCommand.self, ImportCommand.self, RestoreCommand.self, SettingsCommand.self, StaffCommand.self,
                      AuditCommand.self, DrugsCommand.self, ReportCommand.self, MigrateCommand.self],
        defaultSubcommand: TUICommand.self
    )
}

/// Runs the parsed command and maps failures to exit codes: 0 help/version, 2 bad input, 1 runtime.
@main
enum Entry {
    static func main() async {
        var command: ParsableCommand
        let commands = CotsideCommand.configuration.subcommands.map { $0._commandName }
        let arguments: [String]
        switch ArgumentPreflight.check(Array(CommandLine.arguments.dropFirst()), commands: commands) {
        case .success(let checked): arguments = checked
        case .failure(let failure): fail(failure.message, code: failure.exitCode)
        }
        do {
            command = try CotsideCommand.parseAsRoot(arguments)
        } catch {
            // Help and --version are "errors" that exit 0; every usage error exits 2.
            if CotsideCommand.exitCode(for: error) == .success {
                print(CotsideCommand.fullMessage(for: error))
                exit(0)
            }
            printError(ParseFailureText.text(for: error) + "\n")
            exit(2)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            fail(failure.message, code: failure.exitCode)
        } catch let readOnly as WardReadOnlyError {
            fail(WardCLI.readOnly(readOnly), code: 2)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            // ArgumentParser reports --help (and some usage errors) from `run()` too.
            switch CotsideCommand.exitCode(for: error) {
            case .success:
                print(CotsideCommand.fullMessage(for: error))
                exit(0)
            case .validationFailure:
                printError(ParseFailureText.text(for: error) + "\n")
                exit(2)
            default:
                fail(CotsideCommand.fullMessage(for: error), code: 1)
            }
        }
        OpenWards.shared.closeAll()
    }

    /// Every way out closes the ward files first (checkpointing their logs).
    static func exit(_ code: Int32) -> Never {
        OpenWards.shared.closeAll()
        Foundation.exit(code)
    }

    static func fail(_ message: String, code: Int32) -> Never {
        printError("cotside: \(message)\n")
        exit(code)
    }
}

/// An error a subcommand raises on purpose, with the exit code it deserves.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }
    static func runtime(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 1) }
}
