import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside export --out DIR`: the ward as JSON (one file) or CSV (one file per kind), for
/// another system or a spreadsheet; streamed, so memory stays flat on any ward.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the ward's records as JSON or CSV.",
        discussion: """
        json: DIR/cotside-export.json, every kind of record with a format version (documented in \
        Resources/export/cotside-export.schema.json). csv: one file per kind (patients.csv, nappies.csv, …), \
        with a header row, RFC 4180 quoting, UTF-8. Times are ISO 8601 UTC; staff are exported \
        without PINs. DIR is created (0700) if missing; an existing export is never replaced. \
        --bed keeps one patient's records (staff and ward settings stay whole); --since keeps records \
        at or after a time.
        """
    )

    @Option(help: ArgumentHelp("Folder to write the export into.", valueName: "dir")) var out: String
    @Option(help: ArgumentHelp("json (one file) or csv (one file per kind).", valueName: "json|csv")) var format: String = "json"
    @Option(help: ArgumentHelp("Only the records of the patient admitted in this bed.", valueName: "bed")) var bed: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only records at or after this time (e.g. \"2026-11-01 00:00\", -24h).", valueName: "time"))
    var since: String?
    @OptionGroup var options: AppOptions

    func run() async throws {
        guard let format = WardExportFormat(rawValue: format.lowercased()) else {
            throw CommandFailure.usage(CLIText.t("cli.export.format", "--format \(format)", "json, csv"))
        }
        guard !out.isEmpty else { throw CommandFailure.usage(CLIText.t("cli.export.out", "--out")) }
        let ward = try await WardCLI(options: options)
        var patientId: Int64?
        if let bed { patientId = try await ward.patient(bed: bed).id }
        let since = try since.map { try ward.time($0, option: "--since") }
        let line = ProgressLine()
        let request = WardExportRequest(folder: out, format: format, patientId: patientId, bed: bed, since: since,
                                        cotsideVersion: CotsideVersion.string, exportedAt: ward.now)
        let summary: WardExportSummary
        do {
            defer { line.clear() }
            summary = try await ward.store.exportWard(request) { progress in
                line.show(CLIText.t("cli.export.progress", progress.kind, progress.records))
            }
        } catch let error as WardStoreError {
            throw CommandFailure.usage(error.description)
        }
        let files = summary.files.count == 1 ? summary.files[0] : CLIText.t("cli.export.csv_files", summary.files.count, out)
        print(CLIText.t("cli.export.done", summary.records, files))
    }
}
