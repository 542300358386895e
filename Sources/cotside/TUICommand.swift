import ArgumentParser
import CotsideApp
import Foundation
import WardStore
import TerminalUI

/// Opens Cotside full screen (the default command).
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open Cotside full screen (the default when no command is given)."
    )

    @OptionGroup var options: AppOptions

    @MainActor
    func run() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure.usage(CLIText.t("cli.tui.no_terminal", "`cotside snapshot`", "--help"))
        }
        var launch = options.launchOptions()
        // The terminal's encoding decides the glyphs; LANG keeps naming the language.
        launch.terminalIsUTF8 = CursesBackend.localeIsUTF8(environment: launch.environment)
        let logPath = try LogFile.prepare(environment: launch.environment)
        let shell: AppShell
        do {
            shell = try await AppBootstrap.makeWardShell(options: launch, terminalHasColour: true, persistPreferences: true, logPath: logPath)
        } catch let error as LaunchError {
            throw CommandFailure.usage(error.description)
        }
        let backend: CursesBackend
        do {
            backend = try CursesBackend(theme: shell.context.theme, logPath: logPath)
        } catch {
            throw CommandFailure.runtime(CLIText.t("cli.tui.cannot_open", "\(error)"))
        }
        defer { backend.restore() }
        if !backend.hasColors { shell.context.forceMonochrome() }
        await AppRunner(shell: shell, backend: backend).run()
        // The ward is closed before the process may die of a signal (which skips Entry's close).
        OpenWards.shared.closeAll()
        // Dies of SIGTERM/SIGHUP/SIGINT (status 128 + n) when one of them ended the run.
        backend.finish(interrupted: shell.quitByInterrupt)
    }
}

/// Where stderr goes while curses owns the screen: `$XDG_STATE_HOME/cotside/tui.log`.
enum LogFile {
    static func prepare(environment: [String: String]) throws -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        let folder = base + "/cotside"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure.runtime(CLIText.t("cli.tui.log_folder", folder, error.localizedDescription))
        }
        return folder + "/tui.log"
    }
}
