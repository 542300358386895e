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
        let member = try await ward.author(author, doing: "erasing")
        let staff = member.id
        let plan = try await Self.refusingBadNumber { try await ward.store.erasurePlan(hospitalNumber: hospitalNumber) }
        if !yes { try confirm(plan) }
        let report = try await Self.refusingBadNumber { try await ward.write { try await ward.store.erasePatient(hospitalNumber: hospitalNumber, by: staff) } }
        print("Erased hospital number \(report.hospitalNumber): \(report.removed.total) \(report.removed.total == 1 ? "record" : "records") removed ("
              + Self.describe(report.removed) + "). \(report.auditEntriesRedacted) earlier audit entries redacted; the audit trail "
              + "keeps the erasure, by \(member.initials) at \(WardCLI.isoText(report.at)), with these counts and no content.")
        if !report.logEmptied {
            printError("cotside: another process was reading the ward, so its write-ahead log (\(ward.store.path)-wal) still holds "
                       + "a copy until the next checkpoint; close the other workstations and run `cotside backup` or reopen the ward\n")
        }
        // Every backup there now was written before the erasure (the files' own clock, not --now).
        Self.printBackups(before: Date(), hospitalNumber: report.hospitalNumber)
    }

    /// The summary, then the hospital number typed again; anything else (or no terminal) stops.
    private func confirm(_ plan: ErasurePlan) throws {
        let noTerminal = "erase asks to confirm on a terminal (type the hospital number again); with no terminal, add --yes; "
            + "nothing was erased"
        guard isatty(STDIN_FILENO) == 1 else { throw CommandFailure.usage(noTerminal) }
        for patient in plan.patients {
            print("\(patient.fullName), born \(patient.dateOfBirth), hospital number \(patient.hospitalNumber), bed \(patient.bedLabel)")
        }
        print("Erases \(plan.counts.total) records (\(Self.describe(plan.counts))) and redacts \(plan.auditEntriesToRedact) audit "
              + "entries. This cannot be undone.")
        let answer = try TerminalQuestion.ask("Type the hospital number again to erase: ", noTerminal: noTerminal)
        guard answer.caseInsensitiveCompare(plan.hospitalNumber) == .orderedSame else {
            throw CommandFailure.usage("the hospital number typed (\(answer.isEmpty ? "nothing" : answer)) does not match "
                                       + "\(plan.hospitalNumber); nothing was erased")
        }
    }

    /// Unknown numbers and admitted patients are refusals of the `--hospital-number` given.
    private static func refusingBadNumber<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WardValidationError {
            throw CommandFailure.usage(error.issues.map { "--hospital-number: \($0.message)" }.joined(separator: "; "))
        }
    }

    static func describe(_ counts: ErasureCounts) -> String {
        let words = ["patients": "patient records", "nappyChanges": "nappy changes", "feeds": "feeds",
                     "measurements": "measurements", "goalRanges": "goal ranges", "medications": "medications",
                     "medicationPauses": "pauses", "doseRecords": "dose records", "asNeededDoses": "as-needed doses",
                     "calculatorResults": "calculator results", "strokeAssessments": "stroke assessments"]
        return counts.byKind.filter { $0.count > 0 }.map { "\(words[$0.kind] ?? $0.kind): \($0.count)" }.joined(separator: ", ")
    }

    private static func printBackups(before: Date, hospitalNumber: String) {
        guard let folder = WardDatabaseLocation.backupsFolder(environment: ProcessInfo.processInfo.environment) else { return }
        let backups = EarlierBackups.list(in: folder, before: before, hospitalNumber: hospitalNumber)
        guard !backups.isEmpty else {
            print("No backups in \(folder). Backups written elsewhere (cotside backup FILE) are not looked for: expire any that hold this patient.")
            return
        }
        print("Backups taken before the erasure, in \(folder); expire those that hold this patient "
              + "(backups written elsewhere are not looked for):")
        for backup in backups {
            let holds = backup.holdsPatient.map { $0 ? "holds this patient" : "does not hold this patient" } ?? "could not be read"
            let megabytes = String(format: "%.1f MB", Double(backup.bytes) / 1_048_576)
            print("  \(backup.path)  \(WardCLI.isoText(backup.modified))  \(megabytes)  \(holds)")
        }
    }
}
