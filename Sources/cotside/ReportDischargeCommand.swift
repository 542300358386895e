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

    @Option(help: ArgumentHelp("The patient admitted in this bed.", valueName: "bed")) var bed: String?
    @Option(name: .customLong("hospital-number"),
            help: ArgumentHelp("The patient with this hospital number, admitted or discharged.", valueName: "number"))
    var hospitalNumber: String?
    @OptionGroup var output: ReportOutputOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        _ = try output.checked()
        let bed = bed?.trimmingCharacters(in: .whitespaces), number = hospitalNumber?.trimmingCharacters(in: .whitespaces)
        switch (bed, number) {
        case (nil, nil):
            throw CommandFailure.usage("name the patient: --bed B for an admitted patient, or --hospital-number H "
                                       + "(discharged patients too)")
        case (.some, .some):
            throw CommandFailure.usage("--bed and --hospital-number: give one of them, not both")
        case (""?, _):
            throw CommandFailure.usage("--bed needs a bed label")
        case (_, ""?):
            throw CommandFailure.usage("--hospital-number needs a hospital number")
        default: break
        }
        let ward = try WardCLI(options: options)
        let member = try await output.maker(ward)
        let patient: Patient
        if let bed {
            do {
                patient = try await ward.patient(bed: bed)
            } catch var failure as CommandFailure {
                failure.message += "; a discharged patient is found by --hospital-number"
                throw failure
            }
        } else {
            patient = try await Self.patient(hospitalNumber: number!, ward)
        }
        let summary = try await ward.write {
            try await ward.store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: ward.now, timeZone: ward.timeZone))
        }
        let document = DischargeSummaryDocument(summary, localizer: try Catalogues.localizer(for: "en"), madeBy: member,
                                                madeAt: ward.now).document
        try output.deliver(document, kind: DischargeSummaryPreview.kind)
    }

    /// The latest admission with this hospital number (exact, ignoring case), or exit 2. When the
    /// number has several admissions, says on standard error which one the summary is of.
    static func patient(hospitalNumber: String, _ ward: WardCLI) async throws -> Patient {
        let matches = try await ward.store.searchPatients(hospitalNumber, includeDischarged: true, limit: 500)
            .filter { $0.hospitalNumber.caseInsensitiveCompare(hospitalNumber) == .orderedSame }
            .sorted { $0.admittedAt > $1.admittedAt }
        guard let latest = matches.first else {
            throw CommandFailure.usage("--hospital-number \(hospitalNumber): no patient, admitted or discharged, has this hospital number "
                                       + "(`cotside patients --all` lists them)")
        }
        if matches.count > 1 {
            printError("cotside: \(hospitalNumber) has \(matches.count) admissions; this is the latest, admitted "
                       + "\(ward.clockText(latest.admittedAt))\n")
        }
        return latest
    }
}
