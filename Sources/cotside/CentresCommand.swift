import ArgumentParser
import Clinical
import CotsideApp
import Foundation
import WardStore

/// `cotside centres`: the stroke referral list (starter list, extended or replaced by the
/// hospital's own import) searched by name/city or sorted by distance from a location.
struct CentresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "centres",
        abstract: "List stroke centres nearest first, or import the hospital's own referral list.",
        discussion: """
            Without a subcommand it lists: cotside centres [--near place] [--search text] [--type type[,type]] \
            [--capability capability[,capability]] [--limit n] [--json]. \
            --type (a comma-separated list, any of them): \(StrokeCentreType.allCases.map(\.rawValue).joined(separator: ", ")). \
            --capability (a comma-separated list, all of them): \(StrokeCapability.allCases.map(\.rawValue).joined(separator: ", ")).
            """,
        subcommands: [CentresListCommand.self, CentresImportCommand.self],
        defaultSubcommand: CentresListCommand.self
    )
}

struct CentresListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Centres by great-circle distance from a location, filtered by type and capability.",
        discussion: "Each centre takes two lines: name and type, then address, capabilities and phones. Types: \(StrokeCentreType.allCases.map { "\($0.rawValue) (\($0.words))" }.joined(separator: ", ")). Capabilities: \(StrokeCapability.allCases.map(\.rawValue).joined(separator: ", ")).")

    @Option(name: .long, help: ArgumentHelp("Where you are: \"lat,lon\", a city or a centre of the list.", valueName: "place"))
    var near: String?

    @Option(name: .long, help: ArgumentHelp("Only names or cities containing this text.", valueName: "text"))
    var search: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only centres of these types (comma-separated, any of them): \(StrokeCentreType.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "type[,type]"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only centres with these capabilities (comma-separated, all of them): \(StrokeCapability.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "capability[,capability]"))
    var capability: String?

    @Option(name: .long, help: ArgumentHelp("At most this many centres (default all).", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "JSON array in the list's own keys, with distance_km.")
    var json = false

    @OptionGroup var options: AppOptions

    func validate() throws {
        _ = try types()
        _ = try capabilities()
        if let limit, limit < 1 { throw ValidationError(CLIText.t("cli.centres.limit", "--limit")) }
    }

    /// The comma-separated words of an option ("a, b" → ["a", "b"]).
    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The --type values (`-` or `_` and case as you like), or exit 2 naming the allowed ones.
    func types() throws -> Set<StrokeCentreType> {
        let choices = StrokeCentreType.allCases.map { (names: [$0.rawValue], value: $0) }
        return Set(try Self.list(type).map { text in
            guard let value = CLIChoice.match(text, choices) else {
                throw ValidationError(CLIChoice.refusal(text, option: "--type", choices: choices))
            }
            return value
        })
    }

    /// The --capability values, or exit 2 naming the allowed ones.
    func capabilities() throws -> Set<StrokeCapability> {
        let choices = StrokeCapability.allCases.map { (names: [$0.rawValue], value: $0) }
        return Set(try Self.list(capability).map { text in
            guard let value = CLIChoice.match(text, choices) else {
                throw ValidationError(CLIChoice.refusal(text, option: "--capability", choices: choices))
            }
            return value
        })
    }

    func run() async throws {
        let store = try await WardCLI(options: options).store
        let centres: [StrokeCentre]
        do { centres = try await StrokeCentreDirectory.load(from: store) } catch {
            throw CommandFailure.runtime(CLIText.t("cli.centres.unreadable", "\(error)"))
        }
        let wantedTypes = try types(), wantedCapabilities = try capabilities()
        var rows: [StrokeCentreDistance]
        let located = near != nil
        if let near {
            switch StrokeCentreSearch.resolve(near, in: centres) {
            case .failure(let issue): throw CommandFailure.usage("--near " + issue.message)
            case .success(let point): rows = StrokeCentreSearch.nearest(centres, to: point, types: wantedTypes, capabilities: wantedCapabilities)
            }
        } else {
            rows = StrokeCentreSearch.filtered(StrokeCentreSearch.deduplicated(centres), types: wantedTypes, capabilities: wantedCapabilities)
                .map { StrokeCentreDistance(centre: $0, kilometres: 0) }
        }
        if let search { rows = rows.filter { !StrokeCentreSearch.search([$0.centre], text: search).isEmpty } }
        if let limit { rows = Array(rows.prefix(limit)) }
        print(json ? try StrokeCentreDirectory.json(rows, located: located) : StrokeCentreDirectory.text(rows, located: located), terminator: "")
    }
}

struct CentresImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a referral list (JSON like the starter list, or CSV with a header of the same keys).",
        discussion: "Every line is checked first; a file with any error imports nothing. By default the list extends the starter list (a centre of the same name replaces it); --replace makes it the only list.")

    @Argument(help: ArgumentHelp("The JSON or CSV file.", valueName: "file"))
    var file: String

    @Flag(name: .long, help: "Use this list instead of the starter list (default: extend it).")
    var replace = false

    @OptionGroup var author: AuthorOptions

    @OptionGroup var options: AppOptions

    func run() async throws {
        let text = try TextFileReader.read(file, what: CLIText.t("cli.centres.list"))
        let centres: [StrokeCentre]
        switch StrokeCentreParser.parse(text) {
        case .failure(let issues):
            throw CommandFailure.usage(CLIText.t("cli.centres.fix", file) + "\n" + issues.issues.map { "  \(file): \($0)" }.joined(separator: "\n"))
        case .success(let c): centres = c
        }
        let ward = try await WardCLI(options: options)
        let store = ward.store
        let staffId = try await ward.authorId(author, doing: "cli.doing.importing_list")
        do {
            let count = try await ward.write { try await store.importStrokeCentres(centres.map(StrokeCentreDirectory.stored), mode: replace ? .replace : .extend, by: staffId) }
            print(CLIText.t(replace ? "cli.centres.imported_replacing" : "cli.centres.imported_extending", count, file))
        } catch let error as WardValidationError {
            throw CommandFailure.usage(CLIText.t("cli.centres.failed", file, "\(error)"))
        }
    }
}
