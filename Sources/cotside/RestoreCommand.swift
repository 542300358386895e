import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside restore FILE --by I`: the ward replaced by a backup, after a y/N on a terminal
/// (`--yes` in scripts), with the ward as it was kept aside.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the ward with a backup (checked first; the current ward is kept aside).",
        discussion: """
        FILE must be a Cotside ward database (a `cotside backup`) that passes integrity_check and \
        whose schema this Cotside reads; an older one is migrated on a copy, never in FILE. The \
        current ward is kept as <ward>.before-restore-<UTC time> (0600), then the checked copy \
        takes its place in one rename. Other running Cotside processes notice and reopen the \
        restored ward; none writes into the replaced file. On a terminal you confirm with y; \
        scripts pass --yes. A file that is missing, not SQLite, damaged, another application's \
        database or from a newer Cotside is refused (exit 2) and the ward is left as it was.
        """
    )

    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file")) var file: String
    @OptionGroup var author: AuthorOptions
    @Flag(help: "Do not ask to confirm (scripts).") var yes = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.restoring")
        if !yes { try confirm(ward: ward.store.path) }
        let report: WardRestoreReport
        do {
            report = try await ward.write { try await ward.store.restore(from: file, by: staff) }
        } catch let refusal as WardRestoreRefusal {
            throw CommandFailure.usage(refusal.description)
        }
        let migrated = report.fromSchema < report.schema ? CLIText.t("cli.restore.migrated", report.fromSchema, report.schema) : ""
        print(CLIText.t("cli.restore.done", report.ward, report.source, migrated, report.patients))
        print(CLIText.t("cli.restore.kept", report.keptAside))
    }

    /// y or yes goes ahead; anything else, or no terminal, stops with nothing changed.
    private func confirm(ward: String) throws {
        let answer = try TerminalQuestion.ask(
            CLIText.t("cli.restore.confirm", ward, file, "\(ward).before-restore-"),
            noTerminal: CLIText.t("cli.restore.no_terminal", "--yes")).lowercased()
        guard TerminalQuestion.isYes(answer) else {
            throw CommandFailure.usage(CLIText.t("cli.restore.not_confirmed"))
        }
    }
}
