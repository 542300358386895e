import ArgumentParser
import Clinical
import CotsideApp
import Foundation
import WardStore

/// `cotside stroke`: record a triage assessment from a script, and export the stored ones.
struct StrokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke",
        abstract: "Stroke triage assessments (research use only): record and export.",
        subcommands: [StrokeAssessCommand.self, StrokeExportCommand.self]
    )
}

struct StrokeAssessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assess",
        abstract: "Compute a coma, limited or full module assessment and store it (audited).",
        discussion: "Inputs as key=value, e.g. cotside stroke assess full age_years=71 systolic_mmhg=160 diastolic_mmhg=90 gfap_pg_ml=120 fast_ed=6")

    @Argument(help: ArgumentHelp("coma, limited or full", valueName: "module"))
    var module: String

    @Argument(help: ArgumentHelp("Inputs as key=value.", valueName: "key=value"))
    var inputs: [String] = []

    @Option(name: .long, help: ArgumentHelp("Patient id to file it under (optional).", valueName: "id"))
    var patient: Int64?

    @OptionGroup var author: AuthorOptions

    @Flag(name: .long, help: "Print the stored record as JSON.")
    var json = false

    @OptionGroup var options: AppOptions

    func run() async throws {
        guard let m = StrokeModule(rawValue: module) else { throw CommandFailure.usage(CLIText.t("cli.stroke.module", module, "coma", "limited", "full")) }
        var raw: [String: RawValue] = [:]
        for pair in inputs {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw CommandFailure.usage(CLIText.t("cli.settings.not_assignment", "‘\(pair)’", "key=value")) }
            raw[parts[0]] = .string(parts[1])
        }
        let result: StrokeAssessmentResult
        switch StrokeTriage.assess(m, raw, origin: .text) {
        case .failure(let errors):
            throw CommandFailure.usage(errors.errors.map { "\($0.field): \($0.message)" }.joined(separator: "\n"))
        case .success(let r): result = r
        }
        let ward = try await WardCLI(options: options)
        let store = ward.store
        let staffId = try await ward.authorId(author, doing: "cli.doing.assessing")
        let draft = StrokeAssessmentRecord.draft(module: m, inputs: raw, result: result, patientId: patient)
        let saved = try await ward.write { try await store.saveStrokeAssessment(draft, by: staffId) }
        print(StrokeAssessmentRecord.export([saved.record], json: json), terminator: "")
        if !json { print(StrokeTriage.researchText.resolved(CLIText.t)) }
    }
}

struct StrokeExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Every stored assessment, oldest first: text lines, or JSON Lines with inputs and results.")

    @Flag(name: .long, help: "JSON Lines (one assessment an object).")
    var json = false

    @OptionGroup var options: AppOptions

    func run() async throws {
        let store = try await WardCLI(options: options).store
        print(StrokeAssessmentRecord.export(try await store.strokeAssessments(), json: json), terminator: "")
    }
}
