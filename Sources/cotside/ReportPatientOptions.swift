import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `--bed` or `--hospital-number`: the patient a one-patient report is about. Shared by `report
/// patient` and `report discharge`, so both find a patient, and refuse a bad choice, alike.
struct ReportPatientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The patient admitted in this bed.", valueName: "bed")) var bed: String?
    @Option(name: .customLong("hospital-number"),
            help: ArgumentHelp("The patient with this hospital number, admitted or discharged.", valueName: "number"))
    var hospitalNumber: String?

    /// Exit 2 unless exactly one of the two is given, not blank. Checked before the ward opens.
    func checked() throws {
        switch (bed?.trimmingCharacters(in: .whitespaces), hospitalNumber?.trimmingCharacters(in: .whitespaces)) {
        case (nil, nil):
            throw CommandFailure.usage("name the patient: --bed B for an admitted patient, or --hospital-number H "
                                       + "(discharged patients too)")
        case (.some, .some):
            throw CommandFailure.usage("--bed and --hospital-number: give one of them, not both")
        case (""?, _):
            throw CommandFailure.usage("--bed needs a bed label")
        case (_, ""?):
            throw CommandFailure.usage("--hospital-number needs a hospital number")
        default:
            break
        }
    }

    /// The patient admitted in `--bed`, or the latest admission with `--hospital-number`
    /// (exact, ignoring case; discharged too; standard error says which when there are several).
    func patient(_ ward: WardCLI) async throws -> Patient {
        try checked()
        if let bed = bed?.trimmingCharacters(in: .whitespaces) {
            do {
                return try await ward.patient(bed: bed)
            } catch var failure as CommandFailure {
                failure.message += "; a discharged patient is found by --hospital-number"
                throw failure
            }
        }
        let number = (hospitalNumber ?? "").trimmingCharacters(in: .whitespaces)
        let matches = try await ward.store.searchPatients(number, includeDischarged: true, limit: 500)
            .filter { $0.hospitalNumber.caseInsensitiveCompare(number) == .orderedSame }
            .sorted { $0.admittedAt > $1.admittedAt }
        guard let latest = matches.first else {
            throw CommandFailure.usage("--hospital-number \(number): no patient, admitted or discharged, has this hospital number "
                                       + "(`cotside patients --all` lists them)")
        }
        if matches.count > 1 {
            printError("cotside: \(number) has \(matches.count) admissions; this is the latest, admitted "
                       + "\(ward.clockText(latest.admittedAt))\n")
        }
        return latest
    }
}
