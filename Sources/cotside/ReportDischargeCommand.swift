import ArgumentParser
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// `cotside report discharge`: one admission's discharge summary, for the patient admitted in a
/// bed or, by hospital number, a discharged one too. A read, but the summary names who made it,
/// so `--by` is required (no PIN: nothing is stored).
struct ReportDischargeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discharge",
        abstract: "The discharge summary of a patient (admitted, or discharged by hospital number).",
        discussion: """
        Give --bed for the patient admitted in a bed (the summary of the stay so far, marked not yet \
        discharged) or --hospital-number for any patient, discharged ones included (the latest \
        admission with that number). Text goes to standard output unless --out names a file; files \
        are written 0600 and never over an existing one without --force. --print sends the summary \
        to the default printer with CUPS' lp.
        """
    )

    @OptionGroup var who: ReportPatientOptions
    @OptionGroup var output: ReportOutputOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        _ = try output.checked()
        try who.checked()
        let ward = try await WardCLI(options: options)
        let member = try await output.maker(ward)
        let patient = try await who.patient(ward)
        let summary = try await ward.write {
            try await ward.store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: ward.now, timeZone: ward.timeZone))
        }
        let localizer = output.localizer()
        let document = DischargeSummaryDocument(summary, localizer: localizer, madeBy: member,
                                                madeAt: ward.now).document
        try output.deliver(document, kind: DischargeSummaryPreview.kind, localizer)
    }
}
