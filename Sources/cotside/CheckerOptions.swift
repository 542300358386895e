import ArgumentParser
import Foundation
import WardStore

/// The second member who checked a dose (`--checked-by INITIALS`), for drugs the ward's
/// `second_check` setting names, and, on a ward that requires PINs, their PIN: the next line of
/// standard input (`--checker-pin-stdin`; the author's PIN, with `--pin-stdin`, is read first) or
/// `COTSIDE_CHECKER_PIN`. Mirrors `AuthorOptions`: never a PIN as an option value.
struct CheckerOptions: ParsableArguments {
    @Option(name: .customLong("checked-by"),
            help: ArgumentHelp("Initials of the second member who checked the dose (a drug on the ward's second-check list).",
                               valueName: "initials"))
    var checkedBy: String?

    @Flag(name: .customLong("checker-pin-stdin"),
          help: "Read the checker's PIN from the next line of standard input: the second line with --pin-stdin, else the first (or set COTSIDE_CHECKER_PIN).")
    var pinStdin = false
}

extension WardCLI {
    /// The second checker of a dose of `medication` with `status`, proven, or nil when none is
    /// needed and none was named. Exit 2 (nothing stored) for a given dose the ward's list names
    /// without `--checked-by`, a checker on a dose not given, the author checking their own dose,
    /// a checker who may not record doses, or their PIN missing or wrong where PINs are required.
    /// Read after the author (`--pin-stdin` reads the first line, the checker's PIN the next).
    func checker(_ options: CheckerOptions, medication: Medication, status: DoseStatus, author: Staff) async throws -> Staff? {
        let settings = try await store.settings()
        guard let initials = options.checkedBy?.trimmingCharacters(in: .whitespaces), !initials.isEmpty else {
            if options.pinStdin { throw CommandFailure.usage(CLIText.t("cli.checker.pin_needs_checker", "--checker-pin-stdin", "--checked-by")) }
            if status == .given, let rule = settings.secondCheck.rule(for: medication) {
                throw CommandFailure.usage(CLIText.t(settings.requirePin ? "cli.checker.needed_pin" : "cli.checker.needed", "--checked-by",
                                                     medication.drugName, rule, "--checked-by INITIALS", "--checker-pin-stdin",
                                                     "COTSIDE_CHECKER_PIN"))
            }
            return nil
        }
        guard status == .given else {
            throw CommandFailure.usage(CLIText.t("cli.checker.given_only", "--checked-by", CLIText.t("dose.status.\(status.rawValue)")))
        }
        let member = try await activeMember(initials: initials, option: "--checked-by")
        guard member.id != author.id else {
            throw CommandFailure.usage(CLIText.t("cli.checker.not_author", "--checked-by \(initials)", "--by"))
        }
        guard WardPermission.recordDose.allows(member, settings: settings) else {
            throw CommandFailure.usage(CLIText.t("cli.option_issue", "--checked-by \(initials)", WardPermission.recordDose.refusal(for: member, settings: settings)))
        }
        let pin: String?
        if options.pinStdin {
            pin = try StandardInputLines.pin(CLIText.t("cli.checker.pin_of", member.initials, "--checker-pin-stdin"),
                                             prompt: CLIText.t("cli.checker.pin_prompt", member.initials))
        } else {
            pin = ProcessInfo.processInfo.environment["COTSIDE_CHECKER_PIN"]
        }
        try await checkPin(of: member, pin: pin, purpose: .secondCheck,
                           source: CLIText.t("cli.checker.pin_source", "--checker-pin-stdin", "COTSIDE_CHECKER_PIN"))
        return member
    }
}
