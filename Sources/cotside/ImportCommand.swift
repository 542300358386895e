import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside import FILE --by I [--merge]`: loads a JSON export in one transaction, every record
/// validated as the forms validate it; all or nothing.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON export into an empty ward (or --merge: add records whose ids are new).",
        discussion: """
        All or nothing, in one transaction: a malformed file, another format version, a record that \
        fails validation (named by kind, id and field), a duplicate id, or a ward that already holds \
        records (without --merge) exits 2 with nothing imported. The audit trail records the import, who \
        and its counts. Into an empty ward --by is optional and names an active member of the file; the \
        first member of an empty ward is its admin, so when the file has no active ward admin the member \
        named by --by (else the file's first active member) becomes one. --merge adds to a ward in use: \
        --by is then required, must be one of the ward's ward admins, and gives a PIN as every write does.
        """
    )

    @Argument(help: ArgumentHelp("The export file (cotside-export.json).", valueName: "file")) var file: String
    @OptionGroup var author: AuthorOptions
    @Flag(help: "Add only the records whose ids are not in the ward yet.") var merge = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure.usage(CLIText.t("cli.import.folder", file, "\(file)/\(WardExportKind.jsonFileName)"))
        }
        guard access(file, R_OK) == 0 else {
            throw CommandFailure.usage(CLIText.t("cli.import.unreadable", file, String(cString: strerror(errno)).lowercased()))
        }
        let ward = try await WardCLI(options: options)
        // Into a ward in use the author is proven like any write's; an empty ward has nobody to
        // prove against (the file's staff come with no PINs), so its importer is only named.
        let initials = merge ? try await ward.author(author, doing: "cli.doing.merging").initials
            : author.by?.trimmingCharacters(in: .whitespaces)
        if !merge, author.pinStdin {
            throw CommandFailure.usage(CLIText.t("cli.import.no_pin", "--pin-stdin"))
        }
        let line = ProgressLine()
        let request = WardImportRequest(source: .file(file), byInitials: initials, merge: merge) { progress in
            line.show(CLIText.t("cli.import.progress", progress.kind, progress.records))
        }
        defer { line.clear() }
        let summary = try await ward.write { try await ward.store.importWard(request) }
        let kinds = summary.added.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        print(CLIText.t("cli.import.done", summary.records, file) + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
              + (merge ? CLIText.t("cli.import.skipped", summary.skipped) : ""))
    }
}
