import ArgumentParser

/// Minimal root for the calc work; the lead merges CalcCommand into the real root.
struct CotsideRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cotside",
        abstract: "Cotside: a keyboard-driven ward application.",
        subcommands: [CalcCommand.self]
    )
}

CotsideRoot.main()
