import ArgumentParser
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// `cotside report patient`: one patient's chart over a period (default the last 7 days up to
/// now, or up to the discharge for a patient who has left) — what a registrar prints for a
/// patient's week. A read: `--by` names who made it, no PIN.
struct ReportPatientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patient",
        abstract: "A patient's report: details, measurement charts, nappies and intake per day, medications, who charted.",
        discussion: """
        Name the patient by --bed (admitted) or --hospital-number (admitted or discharged; the latest stay). \
        Covers the 7 days up to now (for a discharged patient, up to the discharge) unless --from or --to \
        say otherwise. Text goes to standard output unless --out names a file; files are written 0600 and \
        never over an existing one without --force. Text is plain ASCII when the locale (LC_ALL, LC_CTYPE, \
        LANG) is not UTF-8. --print sends the report to the default printer with CUPS' lp.
        """
    )

    @OptionGroup var who: ReportPatientOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("Start of the period (default: 7 days before its end), e.g. -3d.",
                                                        valueName: "time"))
    var from: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("End of the period (default: now, or the discharge).", valueName: "time"))
    var to: String?
    @OptionGroup var output: ReportOutputOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        _ = try output.checked()
        try who.checked()
        let ward = try await WardCLI(options: options)
        let member = try await output.maker(ward)
        let patient = try await who.patient(ward)
        let end = try to.map { try ward.time($0, option: "--to") } ?? PatientReportRequest.defaultEnd(for: patient, now: ward.now)
        let start = try from.map { try ward.time($0, option: "--from") } ?? end.addingTimeInterval(-PatientReportRequest.defaultSpan)
        guard start <= end else {
            throw CommandFailure.usage("--from \(ward.clockText(start)) is after --to \(ward.clockText(end)); "
                                       + "the start must be at or before the end")
        }
        let patientReport = try await ward.write {
            try await ward.store.patientReport(PatientReportRequest(patientId: patient.id, from: start, to: end, timeZone: ward.timeZone))
        }
        let localizer = output.localizer()
        let document = PatientReportDocument(patientReport, localizer: localizer, madeBy: member,
                                             madeAt: ward.now).document
        try output.deliver(document, kind: "patient-report", localizer)
    }
}
