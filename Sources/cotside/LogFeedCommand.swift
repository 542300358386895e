import ArgumentParser
import Foundation
import WardStore

/// `cotside log feed`: one feed, IV fluid or output for a cot, or the stop of a running
/// infusion, strictly validated (exit 2 naming the option and what is allowed, nothing stored).
struct LogFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Log a feed, an IV fluid or an output (NG aspirate, vomit) for a cot, or stop an infusion.",
        discussion: """
        Kinds: breast (needs --duration), ebm (expressed breast milk), formula, fortified, oral (oral fluid), \
        ng (nasogastric), iv, and the outputs ng-aspirate and vomit. Every kind but breast needs --volume-ml \
        (0–1000), except an IV infusion, which has --fluid and --rate-ml-h (0.1–500) instead: it starts at --at \
        and runs until --stop (or until stopped later), and the 24-hour intake counts the hours it ran. \
        An IV bolus is --kind iv with --volume-ml (and optionally --fluid). Outputs are never counted as intake.

        Fluids a ward often runs: \(WardValidation.suggestedFluids.joined(separator: ", ")).

        Examples:
          cotside log feed --bed 3 --kind ebm --volume-ml 24 --at -15m --by AB
          cotside log feed --bed 3 --kind iv --fluid "10% glucose" --rate-ml-h 6 --at -3h --by AB
          cotside log feed --bed 3 --kind vomit --volume-ml 5 --notes "after feed" --by AB
          cotside log feed --bed 3 --stop-infusion --at -10m --by AB

        --stop-infusion stops the bed's running infusion at --at (default now); when more than one runs, \
        name it with --infusion ID (the ids are listed in the refusal).
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .long, help: "breast, ebm, formula, fortified, oral, ng, iv, ng-aspirate or vomit.") var kind: String?
    @Option(name: [.customLong("volume-ml"), .customLong("volume")], help: "Volume in mL (0–1000).") var volume: String?
    @Option(name: .long, help: "Minutes at the breast (1–180), breast feeds only.") var duration: String?
    @Option(name: .long, help: "IV only: the fluid, e.g. \"10% glucose\".") var fluid: String?
    @Option(name: .customLong("rate-ml-h"), help: "IV infusion only: the rate in mL/h (0.1–500).") var rate: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("When: now, 14:05, -15m, yesterday 22:30 ... (an infusion's start; the stop's time with --stop-infusion).",
                               valueName: "time")) var at: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("IV infusion only: when it stopped (after --at; leave out while it runs).", valueName: "time"))
    var stop: String?
    @Flag(name: .customLong("stop-infusion"), help: "Stop the bed's running infusion at --at (default now).")
    var stopInfusion = false
    @Option(name: .long, help: "With --stop-infusion: which infusion (its feed id) when more than one runs.") var infusion: Int64?
    @Option(name: .long, help: "Free-text notes.") var notes = ""
    @OptionGroup var author: AuthorOptions
    @Flag(name: .long, help: "Print the stored feed as JSON.") var json = false
    @OptionGroup var options: AppOptions

    static let kinds: [(names: [String], value: FeedKind)] = [
        (["breast"], .breast), (["ebm", "expressed-breast-milk", "expressedBreastMilk"], .expressedBreastMilk),
        (["formula"], .formula), (["fortified", "fortified-milk", "fortifiedMilk"], .fortifiedMilk),
        (["oral", "oral-fluid", "oralFluid"], .oralFluid), (["ng", "nasogastric"], .nasogastric), (["iv"], .iv),
        (["ng-aspirate", "aspirate", "ngAspirate"], .ngAspirate), (["vomit"], .vomit),
    ]

    func run() async throws {
        if stopInfusion { return try await runStop() }
        if infusion != nil { throw CommandFailure.usage(CLIText.t("cli.feed.infusion_alone", "--infusion", "--stop-infusion")) }
        guard let kindText = kind else {
            throw CommandFailure.usage(CLIText.t("cli.feed.kind_missing", "--kind", Self.kinds.map { $0.names[0] }.joined(separator: ", "),
                                                 "--stop-infusion"))
        }
        let kind = try CLIChoice.parse(kindText, option: "--kind", choices: Self.kinds)
        let volumeML = try volume.map { try CLIChoice.wholeNumber($0, option: Self.volumeOption, what: CLIText.t("cli.feed.what.volume", 0, 1000)) }
        let minutes = try duration.map { try CLIChoice.wholeNumber($0, option: "--duration", what: CLIText.t("cli.feed.what.minutes", 1, 180)) }
        let rateMLPerHour = try rate.map { try CLIChoice.number($0, option: "--rate-ml-h", what: CLIText.t("cli.feed.what.rate", CLIText.format.number(0.1, digits: 1), 500)) }
        let cli = try await WardCLI(options: options)
        let at = try cli.time(at)
        let stoppedAt = try stop.map { try cli.time($0, option: "--stop") }
        let draft = FeedDraft(patientId: 0, occurredAt: at, kind: kind, volumeML: volumeML, durationMinutes: minutes,
                              notes: notes, fluid: fluid, rateMLPerHour: rateMLPerHour, stoppedAt: stoppedAt)
        // Checked before the author and the bed are looked up: bad input is named first.
        let issues = WardValidation.feed(draft, now: cli.now)
        guard issues.isEmpty else { throw Self.usage(WardValidationError(issues)) }
        let staff = try await cli.authorId(author, doing: "cli.doing.logging")
        let patient = try await cli.patient(bed: bed)
        var stored = draft
        stored.patientId = patient.id
        let feed = try await Self.write(cli) { try await cli.store.logFeed(stored, by: staff) }.record
        if json {
            print(try WardCLI.json(FeedJSON(feed, bed: patient.bedLabel)))
        } else {
            print(CLIText.t(feed.kind.isOutput ? "cli.feed.logged_output" : "cli.feed.logged", feed.id, patient.bedLabel, Self.describe(feed, cli)))
        }
    }

    /// `--stop-infusion`: the bed's running infusion (or `--infusion`) stopped at `--at`.
    private func runStop() async throws {
        let other = [("--kind", kind != nil), ("--volume-ml", volume != nil), ("--duration", duration != nil),
                     ("--fluid", fluid != nil), ("--rate-ml-h", rate != nil), ("--stop", stop != nil), ("--notes", !notes.isEmpty)]
            .filter(\.1).map(\.0)
        if !other.isEmpty {
            throw CommandFailure.usage(CLIText.t("cli.feed.stop_only", "--stop-infusion", "--bed", "--at", "--infusion", "--by",
                                                 other.joined(separator: ", ")))
        }
        let cli = try await WardCLI(options: options)
        let at = try cli.time(at)
        let staff = try await cli.authorId(author, doing: "cli.doing.stopping")
        let patient = try await cli.patient(bed: bed)
        let running = try await cli.store.runningInfusions(patientId: patient.id)
        let target: Feed
        if let infusion {
            guard let match = running.first(where: { $0.id == infusion }) else {
                throw CommandFailure.usage(CLIText.t("cli.feed.no_such_infusion", "--infusion \(infusion)", patient.bedLabel,
                                                     Self.runningList(running, cli)))
            }
            target = match
        } else {
            guard running.count == 1, let only = running.first else {
                throw CommandFailure.usage(running.isEmpty
                    ? CLIText.t("cli.feed.none_running", "--stop-infusion", patient.bedLabel)
                    : CLIText.t("cli.feed.several_running", "--stop-infusion", patient.bedLabel, running.count, "--infusion",
                                Self.runningList(running, cli)))
            }
            target = only
        }
        let feed = try await Self.write(cli, stopping: true) { try await cli.store.stopInfusion(id: target.id, at: at, by: staff) }.record
        if json {
            print(try WardCLI.json(FeedJSON(feed, bed: patient.bedLabel)))
        } else {
            print(CLIText.t("cli.feed.stopped", feed.id, patient.bedLabel, Self.describe(feed, cli)))
        }
    }

    /// The store's write, its validation named by this command's options (the stop's time is
    /// `--at` when stopping, `--stop` when logging).
    private static func write<T>(_ cli: WardCLI, stopping: Bool = false, _ body: () async throws -> T) async throws -> T {
        try await cli.write {
            do {
                return try await body()
            } catch let error as WardValidationError {
                throw usage(error, stopping: stopping)
            }
        }
    }

    static func usage(_ error: WardValidationError, stopping: Bool = false) -> CommandFailure {
        let options = ["volumeML": volumeOption, "stoppedAt": stopping ? "--at" : "--stop"]
        return CommandFailure.usage(error.issues.map { issue in
            (options[issue.field] ?? WardCLI.optionForField[issue.field]).map { CLIText.t("cli.option_issue", $0, issue.message) } ?? issue.message
        }.joined(separator: "; "))
    }

    /// The volume's option as typed, for messages: its older name --volume, else --volume-ml.
    static var volumeOption: String {
        CommandLine.arguments.contains { $0 == "--volume" || $0.hasPrefix("--volume=") } ? "--volume" : "--volume-ml"
    }

    static func runningList(_ running: [Feed], _ cli: WardCLI) -> String {
        running.isEmpty ? CLIText.t("cli.feed.none_runs")
            : CLIText.t("cli.feed.running", running.map { "\($0.id) (\(describe($0, cli)))" }.joined(separator: ", "))
    }

    /// "IV 10% glucose 6 mL/h from 09:00 to 12:00", "vomit 5 mL at 14:05"; in German
    /// "i.v. 10% glucose 2,5 mL/h von 07:00 bis 11:00".
    static func describe(_ feed: Feed, _ cli: WardCLI) -> String {
        let t = CLIText.t
        // An output's kind without the form's "(output)": the sentence already says so.
        let kind = feed.kind.isOutput ? t("cli.feed.kind.\(feed.kind.rawValue)") : t("feed.kind.\(feed.kind.rawValue)")
        if let rate = feed.rateMLPerHour {
            let what = ([kind] + (feed.fluid.map { [$0] } ?? []) + [t("feed.ml_h", rateText(rate))]).joined(separator: " ")
            return feed.stoppedAt.map { t("cli.feed.rate_from_to", what, cli.clockText(feed.occurredAt), cli.clockText($0)) }
                ?? t("cli.feed.rate_running", what, cli.clockText(feed.occurredAt))
        }
        let amount = [feed.fluid, feed.volumeML.map { t("feed.ml", $0) }, feed.durationMinutes.map { t("feed.minutes", $0) }].compactMap { $0 }
        return t("cli.feed.at", "\(kind) \(amount.joined(separator: " "))", cli.clockText(feed.occurredAt))
    }

    /// "2.5", "2,5", "6": the language's decimal mark, no trailing zeros.
    static func rateText(_ rate: Double) -> String {
        CLIText.format.number(rate, digits: 3)
    }
}

struct FeedJSON: Encodable {
    let id: Int64, bed: String, patientId: Int64, occurredAt: String, kind: String
    let volumeML: Int?, durationMinutes: Int?, notes: String, recordedBy: Int64?
    let fluid: String?, rateMLPerHour: Double?, stoppedAt: String?, isOutput: Bool

    init(_ feed: Feed, bed: String) {
        id = feed.id
        self.bed = bed
        patientId = feed.patientId
        occurredAt = WardCLI.isoText(feed.occurredAt)
        kind = feed.kind.rawValue
        volumeML = feed.volumeML
        durationMinutes = feed.durationMinutes
        notes = feed.notes
        recordedBy = feed.recordedBy
        fluid = feed.fluid
        rateMLPerHour = feed.rateMLPerHour
        stoppedAt = feed.stoppedAt.map { WardCLI.isoText($0) }
        isOutput = feed.kind.isOutput
    }
}
