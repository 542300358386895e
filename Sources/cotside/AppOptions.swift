import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI

/// Options shared by every command that opens the ward: where the data is, how it looks, and
/// which clock to use.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Ward database: a file (default $XDG_DATA_HOME/cotside/ward.sqlite) or a PostgreSQL server, postgres://user@host:port/db?ward=NAME&sslmode=require (password from PGPASSWORD or asked); env COTSIDE_DB.", valueName: "path|url"))
    var db: String?

    @Flag(name: .customLong("no-color"), help: "Monochrome display (also when NO_COLOR is set).")
    var noColor = false

    @Option(name: .long, help: ArgumentHelp("Colour theme for this run: dark, light or monochrome.", valueName: "name"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp("Language for this run: system (follows LC_ALL, LC_MESSAGES, LANG) or a shipped code (en, de, fr, es, pt-BR, zh-Hans); Settings → Language keeps a choice.", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp("Fix the clock, e.g. 2026-11-21T14:05:00Z (env COTSIDE_NOW).", valueName: "instant"))
    var now: String?

    func validate() throws {
        if let theme, ThemeName(rawValue: theme) == nil {
            throw ValidationError(CLIText.t("cli.theme.refused", "--theme \(theme)"))
        }
        if let now, WardClock.parseInstant(now) == nil {
            throw ValidationError(CLIText.t("cli.now.refused", "--now \(now)", "2026-11-21T14:05:00Z"))
        }
        if let lang, let refusal = LanguageOption.refusal(lang, environment: ProcessInfo.processInfo.environment) {
            throw ValidationError(refusal)
        }
        if let db, db.isEmpty { throw ValidationError(CLIText.t("cli.db.empty", "--db")) }
    }

    func launchOptions() -> LaunchOptions {
        LaunchOptions(
            databasePath: db,
            noColour: noColor,
            theme: theme.flatMap(ThemeName.init(rawValue:)),
            language: lang,
            now: now.flatMap(WardClock.parseInstant)
        )
    }
}
