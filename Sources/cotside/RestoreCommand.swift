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
        let staff = try await ward.authorId(author, doing: "restoring")
        if !yes { try confirm(ward: ward.store.path) }
        let report: WardRestoreReport
        do {
            report = try await ward.write { try await ward.store.restore(from: file, by: staff) }
        } catch let refusal as WardRestoreRefusal {
            throw CommandFailure.usage(refusal.description)
        }
        let migrated = report.fromSchema < report.schema ? " (migrated from schema \(report.fromSchema) to \(report.schema))" : ""
        print("Restored the ward \(report.ward) from \(report.source)\(migrated): \(report.patients) admitted patients; "
              + "integrity check ok.")
        print("The ward as it was is kept as \(report.keptAside).")
    }

    /// y or yes goes ahead; anything else, or no terminal, stops with nothing changed.
    private func confirm(ward: String) throws {
        let answer = try TerminalQuestion.ask(
            "Replace the ward \(ward) with \(file)? The current ward is kept as \(ward).before-restore-<UTC time>. [y/N] ",
            noTerminal: "restore asks to confirm on a terminal; with no terminal, add --yes; nothing was restored").lowercased()
        guard answer == "y" || answer == "yes" else {
            throw CommandFailure.usage("not confirmed; nothing was restored")
        }
    }
}
