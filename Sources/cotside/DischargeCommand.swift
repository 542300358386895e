import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside discharge --bed 3`: the patient leaves the Dashboard and stays in History.
struct DischargeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discharge", abstract: "Discharge the patient in a bed.")

    @Option(help: "Bed (cot) label of an admitted patient.") var bed: String
    @Option(parsing: .unconditional, help: ArgumentHelp("Discharge time (default now).", valueName: "time")) var at: String?
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.discharging")
        let when = try ward.time(at)
        let patient = try await ward.patient(bed: bed)
        let saved = try await ward.write { try await ward.store.discharge(patientId: patient.id, at: when, by: staff) }
        print(CLIText.t("cli.discharged", patient.bedLabel, saved.record.fullName))
    }
}
