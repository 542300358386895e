import ArgumentParser

/// TEMPORARY: `cotside log feed|measurement|dose` until the nappy-ui branch's `LogCommand` group
/// lands in main; then these three subcommands move into `LogCommand.subcommands` and this file goes.
struct MedsLogGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log feeds, measurements and doses from scripts.",
        subcommands: [LogFeedCommand.self, LogMeasurementCommand.self, LogDoseCommand.self]
    )
}
