import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside audit`: the ward's audit trail newest first, a page at a time (keyset on the entry
/// id, so a deep page costs what the first does). A read: no `--by` author, nothing written.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "The audit trail, newest first: when, who, what, and the record before and after.",
        discussion: """
        Every write, sign-in, lock-out, refused action and settings or PIN change, newest first. \
        Filters combine: --bed (any patient who was in that bed), --by (a member, inactive ones \
        too), --since/--until (times as for --at: -24h, yesterday 22:00, 2026-11-01 08:00), \
        --action (one or more after it). A page holds --limit entries (default 50); when more exist the \
        text ends with the command for the next page (--older-than ID), and --json says it on \
        standard error.
        """
    )

    static let limits = 1...1000

    @Option(help: ArgumentHelp("Only entries about patients who were in this bed.", valueName: "bed")) var bed: String?
    @Option(help: ArgumentHelp("Only entries by this member (initials; inactive members too).", valueName: "initials")) var by: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only entries at or after this time (e.g. -24h, \"2026-11-01 08:00\").", valueName: "time"))
    var since: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only entries before this time.", valueName: "time")) var until: String?
    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Only these actions, after one --action: update refused sign-in (or update,refused).", valueName: "action"))
    var action: [String] = []
    @Flag(help: "A JSON array, one object per entry, with the before and after records as JSON objects.") var json = false
    @Option(help: ArgumentHelp("Entries per page (\(limits.lowerBound)-\(limits.upperBound)).", valueName: "n")) var limit = 50
    @Option(name: .customLong("older-than"), help: ArgumentHelp("Continue after this entry (the id the last page ended with).", valueName: "id"))
    var olderThan: Int64?
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard Self.limits.contains(limit) else {
            throw ValidationError(CLIText.t("cli.audit.limit", "--limit \(limit)", Self.limits.lowerBound, Self.limits.upperBound))
        }
        if let olderThan, olderThan < 1 { throw ValidationError(CLIText.t("cli.audit.older_than", "--older-than \(olderThan)")) }
        _ = try Self.actions(action)
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let filter = try await self.filter(ward)
        let rows = try await ward.store.auditTrail(filter, olderThan: olderThan, limit: limit + 1)
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last?.entry.id : nil
        let format = AuditTrailFormat(timeZone: ward.timeZone)
        if json {
            print(try format.json(page))
            if let next { printError(CLIText.t("cli.audit.more", Self.continuation(CommandLine.arguments, olderThan: next)) + "\n") }
            return
        }
        if page.isEmpty { print(CLIText.t(olderThan == nil ? "cli.audit.none" : "cli.audit.none_older")) }
        for row in page { print(format.text(row)) }
        if let next { print(CLIText.t("cli.audit.more", Self.continuation(CommandLine.arguments, olderThan: next))) }
    }

    /// The filter the options name, or exit 2 naming what exists (beds, initials) or is allowed.
    func filter(_ ward: WardCLI) async throws -> AuditFilter {
        var filter = AuditFilter(actions: try Self.actions(action))
        filter.since = try since.map { try ward.time($0, option: "--since") }
        filter.until = try until.map { try ward.time($0, option: "--until") }
        if let since = filter.since, let until = filter.until, since > until {
            throw CommandFailure.usage(CLIText.t("cli.audit.since_after_until", "--since \(self.since ?? "")", "--until \(self.until ?? "")", "--since"))
        }
        if let bed {
            let key = bed.trimmingCharacters(in: .whitespaces)
            let beds = try await ward.store.auditTrailBeds()
            guard beds.contains(where: { $0.caseInsensitiveCompare(key) == .orderedSame }) else {
                throw CommandFailure.usage(CLIText.t("cli.audit.no_bed", "--bed \(bed)", CLIText.list(beds)))
            }
            filter.bedLabel = key
        }
        if let by {
            // The active member with these initials, else a departed one (the screen's rule).
            guard let member = try await ward.store.anyMember(initials: by) else {
                let known = Set(try await ward.store.staffList(includingInactive: true).map(\.initials)).sorted()
                throw CommandFailure.usage(CLIText.t("cli.audit.no_staff", "--by \(by)", CLIText.list(Array(known.prefix(60)))))
            }
            filter.staffId = member.id
        }
        return filter
    }

    /// `--action` words (several after one `--action`, or comma-separated) as
    /// actions; nil when none given; a word that is no action is refused naming them all.
    static func actions(_ words: [String]) throws -> Set<AuditAction>? {
        let names = words.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return words.isEmpty ? nil : Set() }
        return Set(try names.map { try CLIChoice.parse($0, option: "--action", as: AuditAction.self) })
    }

    /// The command that shows the next page: these arguments (quoted for a POSIX shell) without
    /// any earlier `--older-than`, then `--older-than ID`.
    static func continuation(_ arguments: [String], olderThan: Int64) -> String {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments.dropFirst() {
            if skipNext { skipNext = false; continue }
            if argument == "--older-than" { skipNext = true; continue }
            if argument.hasPrefix("--older-than=") { continue }
            kept.append(argument)
        }
        return (["cotside"] + kept.map(shellQuoted) + ["--older-than", String(olderThan)]).joined(separator: " ")
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=+,@%")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(plain.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
