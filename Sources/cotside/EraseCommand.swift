import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside erase --hospital-number H --by I`: a discharged patient's data erased on request,
/// after the hospital number is typed again on a terminal (`--yes` in scripts).
struct EraseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase a discharged patient's data (identifying data and every clinical entry).",
        discussion: """
        Removes every record with the hospital number (each admission) and everything charted \
        for it, in one transaction, then rewrites the ward file so no copy stays in it. The audit \
        trail keeps that an erasure happened, when, by whom and how many records of each kind \
        went; the patient's earlier audit entries are redacted. Cannot be undone. A patient still \
        admitted is refused: discharge first. On a terminal you type the hospital number again to \
        confirm; scripts pass --yes. Backups taken before, in $XDG_STATE_HOME/cotside/backups, are \
        listed: they still hold the data until you expire them.
        """
    )

    @Option(name: .customLong("hospital-number"), help: "Hospital number of the discharged patient to erase.")
    var hospitalNumber: String
    @OptionGroup var author: AuthorOptions
    @Flag(help: "Do not ask to confirm (scripts).") var yes = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let member = try await ward.author(author, doing: "cli.doing.erasing")
        let staff = member.id
        let plan = try await Self.refusingBadNumber { try await ward.store.erasurePlan(hospitalNumber: hospitalNumber) }
        if !yes { try confirm(plan) }
        let report = try await Self.refusingBadNumber { try await ward.write { try await ward.store.erasePatient(hospitalNumber: hospitalNumber, by: staff) } }
        print(CLIText.t(report.removed.total == 1 ? "cli.erase.done_one" : "cli.erase.done", report.hospitalNumber, report.removed.total,
                        Self.describe(report.removed), report.auditEntriesRedacted, member.initials, WardCLI.isoText(report.at)))
        if !report.logEmptied {
            printError("cotside: " + CLIText.t("cli.erase.wal", "\(ward.store.path)-wal", "`cotside backup`") + "\n")
        }
        // Every backup there now was written before the erasure (the files' own clock, not --now).
        Self.printBackups(before: Date(), hospitalNumber: report.hospitalNumber)
    }

    /// The summary, then the hospital number typed again; anything else (or no terminal) stops.
    private func confirm(_ plan: ErasurePlan) throws {
        let noTerminal = CLIText.t("cli.erase.no_terminal", "--yes")
        guard isatty(STDIN_FILENO) == 1 else { throw CommandFailure.usage(noTerminal) }
        for patient in plan.patients {
            print(CLIText.t("cli.erase.patient", patient.fullName, patient.dateOfBirth, patient.hospitalNumber, patient.bedLabel))
        }
        print(CLIText.t("cli.erase.plan", plan.counts.total, Self.describe(plan.counts), plan.auditEntriesToRedact))
        let answer = try TerminalQuestion.ask(CLIText.t("cli.erase.type_again"), noTerminal: noTerminal)
        guard answer.caseInsensitiveCompare(plan.hospitalNumber) == .orderedSame else {
            throw CommandFailure.usage(CLIText.t("cli.erase.mismatch", answer.isEmpty ? CLIText.t("cli.erase.nothing_typed") : answer,
                                                 plan.hospitalNumber))
        }
    }

    /// Unknown numbers and admitted patients are refusals of the `--hospital-number` given.
    private static func refusingBadNumber<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WardValidationError {
            throw CommandFailure.usage(error.issues.map { CLIText.t("cli.option_issue", "--hospital-number", $0.message) }.joined(separator: "; "))
        }
    }

    static func describe(_ counts: ErasureCounts) -> String {
        let known: Set<String> = ["patients", "nappyChanges", "feeds", "measurements", "goalRanges", "medications", "medicationPauses",
                                  "doseRecords", "asNeededDoses", "calculatorResults", "strokeAssessments"]
        return counts.byKind.filter { $0.count > 0 }.map { item in
            let word = known.contains(item.kind) ? CLIText.t("cli.erase.kind.\(item.kind)") : item.kind
            return CLIText.t("cli.erase.count", word, item.count)
        }.joined(separator: ", ")
    }

    private static func printBackups(before: Date, hospitalNumber: String) {
        guard let folder = WardDatabaseLocation.backupsFolder(environment: ProcessInfo.processInfo.environment) else { return }
        let backups = EarlierBackups.list(in: folder, before: before, hospitalNumber: hospitalNumber)
        guard !backups.isEmpty else {
            print(CLIText.t("cli.erase.no_backups", folder, "cotside backup FILE"))
            return
        }
        print(CLIText.t("cli.erase.backups", folder))
        for backup in backups {
            let holds = CLIText.t(backup.holdsPatient.map { $0 ? "cli.erase.holds" : "cli.erase.does_not_hold" } ?? "cli.erase.unreadable")
            let megabytes = CLIText.format.fixed(Double(backup.bytes) / 1_048_576, digits: 1) + " MB"
            print("  \(backup.path)  \(WardCLI.isoText(backup.modified))  \(megabytes)  \(holds)")
        }
    }
}
