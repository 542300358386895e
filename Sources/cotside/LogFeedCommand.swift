import ArgumentParser
import Foundation
import WardStore

/// `cotside log feed`: one feed or fluid for a cot, strictly validated (exit 2, nothing stored).
struct LogFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Log a feed or fluid for a cot.",
        discussion: """
        Kinds: breast (needs --duration), ebm (expressed breast milk), formula, fortified, oral (oral fluid), \
        ng (nasogastric), iv. Every kind but breast needs --volume in mL (0–1000).
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .long, help: "breast, ebm, formula, fortified, oral, ng or iv.") var kind: String
    @Option(name: .long, help: "Volume in mL (0–1000).") var volume: String?
    @Option(name: .long, help: "Minutes at the breast (1–180), breast feeds only.") var duration: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("When: now, 14:05, -15m, yesterday 22:30 ...", valueName: "time")) var at: String?
    @Option(name: .long, help: "Free-text notes.") var notes = ""
    @OptionGroup var author: AuthorOptions
    @Flag(name: .long, help: "Print the stored feed as JSON.") var json = false
    @OptionGroup var options: AppOptions

    static let kinds: [(names: [String], value: FeedKind)] = [
        (["breast"], .breast), (["ebm", "expressed-breast-milk", "expressedBreastMilk"], .expressedBreastMilk),
        (["formula"], .formula), (["fortified", "fortified-milk", "fortifiedMilk"], .fortifiedMilk),
        (["oral", "oral-fluid", "oralFluid"], .oralFluid), (["ng", "nasogastric"], .nasogastric), (["iv"], .iv),
    ]

    func run() async throws {
        let kind = try CLIChoice.parse(kind, option: "--kind", choices: Self.kinds)
        let volumeML = try volume.map { try CLIChoice.wholeNumber($0, option: "--volume", what: "mL as a whole number 0–1000") }
        let minutes = try duration.map { try CLIChoice.wholeNumber($0, option: "--duration", what: "minutes as a whole number 1–180") }
        let cli = try WardCLI(options: options)
        let staff = try await cli.authorId(author, doing: "logging it")
        let at = try cli.time(at)
        let patient = try await cli.patient(bed: bed)
        let draft = FeedDraft(patientId: patient.id, occurredAt: at, kind: kind, volumeML: volumeML,
                              durationMinutes: minutes, notes: notes)
        let issues = WardValidation.feed(draft, now: cli.now)
        guard issues.isEmpty else { throw WardCLI.usage(WardValidationError(issues)) }
        let feed = try await cli.write { try await cli.store.logFeed(draft, by: staff) }.record
        if json {
            print(try WardCLI.json(FeedJSON(feed, bed: patient.bedLabel)))
        } else {
            let amount = [feed.volumeML.map { "\($0) mL" }, feed.durationMinutes.map { "\($0) min" }].compactMap { $0 }
            print("Logged feed \(feed.id): bed \(patient.bedLabel) \(kind.displayName) \(amount.joined(separator: " ")) at \(cli.clockText(feed.occurredAt))")
        }
    }
}

struct FeedJSON: Encodable {
    let id: Int64, bed: String, patientId: Int64, occurredAt: String, kind: String
    let volumeML: Int?, durationMinutes: Int?, notes: String, recordedBy: Int64?

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
    }
}
