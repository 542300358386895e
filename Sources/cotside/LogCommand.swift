import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside log nappy ...`: charting from scripts and other terminals.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log an entry for a cot.",
        subcommands: [LogNappyCommand.self, LogFeedCommand.self, LogMeasurementCommand.self, LogDoseCommand.self,
                      LogObsCommand.self]
    )
}

/// Logs one nappy change. Every value is checked before anything is stored; a bad one exits 2.
struct LogNappyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nappy",
        abstract: "Log a nappy change.",
        discussion: "Example: cotside log nappy --bed 3 --kind wet --size medium --weight-g 32 --at -15m --by AB"
    )

    @Option(help: "Bed (cot) label of an admitted patient.") var bed: String
    @Option(help: "wet, dirty, mixed or dry.") var kind: String
    @Option(help: "small, medium (default) or large.") var size: String?
    @Option(help: "Stool colour, only for dirty or mixed: yellow, green, brown, black-meconium, pale, red-streaked.")
    var colour: String?
    @Option(name: .customLong("weight-g"), help: "Weight of the wet nappy in grams (1–1000).") var weightG: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("When it happened (default now): -15m, 14:05, yesterday 22:30, 2026-11-21 14:05.", valueName: "time"))
    var at: String?
    @OptionGroup var author: AuthorOptions
    @Option(help: "Free-text notes (at most 2000 characters).") var notes: String = ""
    @OptionGroup var options: AppOptions

    func validate() throws {
        let kind = try CLIChoice.parse(kind, option: "--kind", as: NappyKind.self)
        if let size { _ = try CLIChoice.parse(size, option: "--size", as: NappySize.self) }
        if let colour {
            _ = try CLIChoice.parse(colour, option: "--colour", as: StoolColour.self)
            guard kind.isDirty else {
                throw ValidationError(CLIText.t("cli.nappy.colour_not_dirty", "--colour", CLIText.t("nappy.kind.\(kind.rawValue)")))
            }
        }
        if let weightG, !WardValidation.nappyWeightGramsRange.contains(weightG) {
            throw ValidationError(CLIText.t("cli.nappy.weight_range", "--weight-g \(weightG)", 1, 1000))
        }
        if notes.count > 2000 { throw ValidationError(CLIText.t("cli.notes.too_long", "--notes", notes.count, 2000)) }
        if bed.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(CLIText.t("cli.bed.empty", "--bed")) }
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.logging")
        let occurredAt = try ward.time(at)
        if occurredAt.timeIntervalSince(ward.now) > WardValidation.futureTolerance {
            throw CommandFailure.usage(CLIText.t("cli.at.future", "--at \(at ?? "")"))
        }
        let patient = try await ward.patient(bed: bed)
        let draft = NappyChangeDraft(
            patientId: patient.id, occurredAt: occurredAt,
            kind: try CLIChoice.parse(kind, option: "--kind", as: NappyKind.self),
            size: try size.map { try CLIChoice.parse($0, option: "--size", as: NappySize.self) } ?? .medium,
            stoolColour: try colour.map { try CLIChoice.parse($0, option: "--colour", as: StoolColour.self) },
            nappyWeightGrams: weightG, notes: notes)
        let saved = try await ward.write { try await ward.store.logNappyChange(draft, by: staff) }
        print(CLIText.t("cli.logged.nappy", saved.record.id, patient.bedLabel, patient.fullName, CLIText.t("nappy.kind.\(draft.kind.rawValue)"),
                        CLIText.t("nappy.size.\(draft.size.rawValue)"), WardCLI.isoText(saved.record.occurredAt, in: ward.timeZone)))
    }
}
