import ArgumentParser
import Clinical
import Foundation
import WardStore

/// `cotside drugs [--json]` (the drug table: drugs, routes, version, checksum, the ward's sign-off)
/// and `cotside drugs sign-off --by I`: a pharmacist records that they reviewed this table for
/// the ward. The sign-off names the table's version and checksum, so a changed table lapses it.
struct DrugsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drugs",
        abstract: "The dosage tool's drug table and the ward pharmacist's sign-off.",
        subcommands: [DrugsStatusCommand.self, DrugsSignOffCommand.self],
        defaultSubcommand: DrugsStatusCommand.self
    )

    static func table() throws -> DrugFormulary {
        switch DrugFormulary.shared {
        case .success(let table): return table
        case .failure(let error): throw CommandFailure.runtime(error.description)
        }
    }

    /// "reviewed by Pat Pharm on 2026-11-26 (table 2026-11-26.1)" or why it needs review.
    static func reviewLine(_ signOff: DrugTableSignOff?, table: DrugFormulary, timeZone: TimeZone) -> String {
        guard let signOff else { return CLIText.t("cli.drugs.never_signed") }
        let day = CalendarDay(signOff.signedAt, in: timeZone).description
        guard signOff.covers(version: table.version, checksum: table.checksum) else {
            return CLIText.t("cli.drugs.changed", signOff.staffName, day, signOff.tableVersion)
        }
        return CLIText.t("cli.drugs.reviewed", signOff.staffName, day)
    }
}

struct DrugsStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Every drug and route in the table, its version and checksum, and whether this ward's pharmacist signed it off.")

    @Flag(help: "JSON: version, checksum, drugs (id, name, routes), review (signed, by, at).") var json = false
    @OptionGroup var options: AppOptions

    struct Output: Encodable {
        struct Drug: Encodable { let id: String, name: String, routes: [String] }
        struct Review: Encodable {
            let signed: Bool
            let by: String?
            let at: Date?
            let signedVersion: String?
            enum CodingKeys: String, CodingKey { case signed, by, at, signedVersion = "signed_version" }
        }
        let version: String
        let checksum: String
        let drugs: [Drug]
        let review: Review
    }

    func run() async throws {
        let table = try DrugsCommand.table()
        let ward = try await WardCLI(options: options)
        let signOff = try await ward.store.drugTableSignOff()
        if json {
            let current = signOff.map { $0.covers(version: table.version, checksum: table.checksum) } ?? false
            print(try WardCLI.json(Output(
                version: table.version, checksum: table.checksum,
                drugs: table.drugs.map { .init(id: $0.id, name: $0.name, routes: $0.routes) },
                review: .init(signed: current, by: signOff?.staffName, at: signOff?.signedAt, signedVersion: signOff?.tableVersion))))
            return
        }
        print(CLIText.t("cli.drugs.table_checksum", table.version, table.checksum))
        print(DrugsCommand.reviewLine(signOff, table: table, timeZone: ward.timeZone))
        for drug in table.drugs { print("  \(drug.id)  \(drug.routes.joined(separator: ", "))  \(drug.name)") }
    }
}

struct DrugsSignOffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-off",
        abstract: "Record that you, the ward's pharmacist, reviewed this drug table (audited).",
        discussion: """
        Pharmacists only: anyone else is refused (exit 2) and the refusal is audited. The sign-off \
        names the table's version and checksum; a new or edited table needs a new sign-off.
        """
    )

    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let table = try DrugsCommand.table()
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.drug_table")
        let signOff = try await ward.write {
            try await ward.store.signOffDrugTable(version: table.version, checksum: table.checksum, by: staff)
        }
        print(CLIText.t("cli.drugs.table", table.version, DrugsCommand.reviewLine(signOff, table: table, timeZone: ward.timeZone)))
    }
}
