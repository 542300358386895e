import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI

/// Renders a screen with the headless backend and prints it as plain text, so tests,
/// documentation and users see exactly what a screen shows without a terminal.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Print a screen as plain text (headless).",
        discussion: """
        SCREEN is one of: \(SnapshotTarget.allNames). Keys are replayed before the frame is printed, \
        space-separated: named keys (Enter Esc Tab S-Tab Up Down Left Right PgUp PgDn Home End \
        Backspace Space F1…F12 C-x) or text typed character by character, e.g. --keys "2 ? Esc".
        """
    )

    @Argument(help: ArgumentHelp("The screen to render.", valueName: "screen"))
    var screen: String

    @Option(name: .long, help: ArgumentHelp("Width×height in cells, e.g. 120x40.", valueName: "WxH"))
    var size = "120x40"

    @Option(name: .long, help: ArgumentHelp("Keys to replay before rendering.", valueName: "keys"))
    var keys = ""

    @Option(name: .long, help: ArgumentHelp("Select the patient in this bed first (History, Trends).", valueName: "bed"))
    var bed: String?

    @OptionGroup var options: AppOptions

    func validate() throws {
        guard SnapshotTarget(rawValue: screen) != nil else {
            throw ValidationError(CLIText.t("cli.snapshot.unknown_screen", "‘\(screen)’", SnapshotTarget.allNames))
        }
        guard Self.parseSize(size) != nil else {
            throw ValidationError(CLIText.t("cli.snapshot.size", "--size \(size)", "120x40"))
        }
        if let bed, bed.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(CLIText.t("cli.snapshot.bed_empty", "--bed"))
        }
        if case .failure(let error) = KeySequence.parse(keys) {
            throw ValidationError(CLIText.t("cli.option_issue", "--keys", error.message))
        }
    }

    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...1000).contains(w), (1...1000).contains(h) else { return nil }
        return (w, h)
    }

    @MainActor
    func run() async throws {
        let (width, height) = Self.parseSize(size)!
        let target = SnapshotTarget(rawValue: screen)!
        let keyList = (try? KeySequence.parse(keys).get()) ?? []
        let shell: AppShell
        do {
            // Not started yet: the patient is chosen first, so each screen loads once, for them.
            shell = try await AppBootstrap.makeWardShell(options: options.launchOptions(), terminalHasColour: true,
                                                         persistPreferences: false,
                                                         assumeDisclaimerAccepted: target != .disclaimer,
                                                         askForUser: false, start: false)
        } catch let error as LaunchError {
            throw CommandFailure.usage(error.description)
        }
        if let bed {
            guard let repository = shell.context.repository,
                  let patient = try await repository.admittedPatient(bedLabel: bed) else {
                throw CommandFailure.usage(CLIText.t("cli.snapshot.no_patient", "‘\(bed)’", "`cotside patients`"))
            }
            shell.selectPatient(patient, reload: false)
        }
        // A tab opens directly (the frame pressing its number draws), so only that tab loads.
        shell.start(askForUser: false, initialTab: target.initialTab)
        let backend = HeadlessBackend(width: width, height: height, theme: shell.context.theme)
        let runner = AppRunner(shell: shell, backend: backend)
        // Waits for every store load the keys start, so the frame shows the ward's real data.
        await runner.replaySettled(target.openingEvents + keyList.map { TerminalEvent.key($0) })
        print(backend.text())
    }
}

/// Screens `snapshot` can open, and the keys that open them from the start.
enum SnapshotTarget: String, CaseIterable {
    case dashboard, history, tools, medications, trends, settings, about, help, palette, disclaimer

    static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The tab the shell opens on: a tab's snapshot starts there instead of pressing its number
    /// after the Dashboard loaded (same frame, one tab's queries instead of two).
    var initialTab: Tab? {
        switch self {
        case .history: .history
        case .tools: .tools
        case .medications: .medications
        case .trends: .trends
        case .dashboard, .disclaimer, .settings, .about, .help, .palette: nil
        }
    }

    var openingEvents: [TerminalEvent] {
        let keys: [Key]
        switch self {
        case .dashboard, .disclaimer, .history, .tools, .medications, .trends: keys = []
        case .settings: keys = [.char("s")]
        case .about: keys = [.char("a")]
        case .help: keys = [.char("?")]
        case .palette: keys = [.char(":")]
        }
        return keys.map { .key($0) }
    }
}
