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
        subcommands: [CentresListCommand.self, CentresImportCommand.self],
        defaultSubcommand: CentresListCommand.self
    )
}

struct CentresListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Centres by great-circle distance from a location, filtered by type and capability.")

    @Option(name: .long, help: ArgumentHelp("Where you are: \"lat,lon\", a city or a centre of the list.", valueName: "place"))
    var near: String?

    @Option(name: .long, help: ArgumentHelp("Only names or cities containing this text.", valueName: "text"))
    var search: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("Only this type (repeatable): \(StrokeCentreType.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "type"))
    var type: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only centres with this capability: thrombectomy, neurosurgery or thrombolysis.", valueName: "capability"))
    var capability: String?

    @Option(name: .long, help: ArgumentHelp("At most this many centres (default all).", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "JSON array in the list's own keys, with distance_km.")
    var json = false

    @OptionGroup var options: AppOptions

    func validate() throws {
        for t in type where StrokeCentreType(rawValue: t) == nil {
            throw ValidationError("--type \(t) is not a centre type; use \(StrokeCentreType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let capability, StrokeCapability(rawValue: capability) == nil {
            throw ValidationError("--capability \(capability) is not one of thrombectomy, neurosurgery, thrombolysis")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        let store = try WardCLI(options: options).store
        let centres: [StrokeCentre]
        do { centres = try await StrokeCentreDirectory.load(from: store) } catch {
            throw CommandFailure.runtime("could not read the stroke centres: \(error)")
        }
        let types = Set(type.compactMap(StrokeCentreType.init(rawValue:)))
        let cap = capability.flatMap(StrokeCapability.init(rawValue:))
        var rows: [StrokeCentreDistance]
        let located = near != nil
        if let near {
            switch StrokeCentreSearch.resolve(near, in: centres) {
            case .failure(let issue): throw CommandFailure.usage("--near \(issue.message)")
            case .success(let point): rows = StrokeCentreSearch.nearest(centres, to: point, types: types, capability: cap)
            }
        } else {
            rows = StrokeCentreSearch.deduplicated(centres)
                .filter { types.isEmpty || types.contains($0.type) }
                .filter { cap.map($0.has) ?? true }
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
        let text = try TextFileReader.read(file, what: "centres list")
        let centres: [StrokeCentre]
        switch StrokeCentreParser.parse(text) {
        case .failure(let issues):
            throw CommandFailure.usage("\(file): nothing imported; fix these and try again:\n" + issues.issues.map { "  \(file): \($0)" }.joined(separator: "\n"))
        case .success(let c): centres = c
        }
        let ward = try WardCLI(options: options)
        let store = ward.store
        let staffId = try await ward.authorId(author, doing: "importing the list")
        do {
            let count = try await ward.write { try await store.importStrokeCentres(centres.map(StrokeCentreDirectory.stored), mode: replace ? .replace : .extend, by: staffId) }
            print("Imported \(count) centres from \(file) (\(replace ? "replacing the starter list" : "extending the starter list")).")
        } catch let error as WardValidationError {
            throw CommandFailure.usage("\(file): nothing imported: \(error)")
        }
    }
}
