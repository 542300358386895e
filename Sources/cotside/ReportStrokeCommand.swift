import ArgumentParser
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// `cotside report stroke --id N`: one stored stroke triage assessment for the stroke team —
/// inputs, module, results, drivers, the nearest centres, the research-use statement. A read,
/// but the report names who made it, so `--by` is required (no PIN: nothing is stored).
struct ReportStrokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke",
        abstract: "A stored stroke triage assessment (research use only).",
        discussion: """
        --id is the assessment's id, as `cotside stroke export` lists it. The nearest centres are listed \
        when a location was saved with the assessment. Text goes to standard output unless --out names a \
        file; files are written 0600 and never over an existing one without --force. Text is plain ASCII \
        when the locale (LC_ALL, LC_CTYPE, LANG) is not UTF-8. --print sends the report to the default \
        printer with CUPS' lp.
        """
    )

    @Option(help: ArgumentHelp("The stored assessment's id (cotside stroke export lists them).", valueName: "id"))
    var id: Int64
    @OptionGroup var output: ReportOutputOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        _ = try output.checked()
        let ward = try await WardCLI(options: options)
        let member = try await output.maker(ward)
        let localizer = output.localizer()
        let document: ReportDocument
        do {
            document = try await ward.write {
                try await StrokeReportPreview.document(id: id, ward.store, localizer: localizer, madeBy: member, madeAt: ward.now,
                                                       timeZone: ward.timeZone)
            }
        } catch let error as StrokeReportError {
            throw CommandFailure.usage("--id \(error.description)")
        }
        try output.deliver(document, kind: "stroke-assessment-\(id)", localizer)
    }
}
