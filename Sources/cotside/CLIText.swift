import CotsideApp
import Foundation

/// The words this run says to people, in its language (`CommandLineLanguage`: `--lang`, else
/// the workstation's choice, else the locale), chosen once from the raw arguments before they are parsed, so a refusal of the
/// arguments themselves is worded in the language too. Machine output (`--json`, ids, enum
/// values, exit codes) never passes through here.
enum CLIText {
    static let t: Localizer = choice.localizer
    /// Why 简体中文 fell back to English (a terminal that is not UTF-8), for a report to say so.
    static var fallbackNotice: String? { choice.notice }
    private static let choice = CommandLineLanguage.choice(
        lang: CommandLineLanguage.langArgument(Array(CommandLine.arguments.dropFirst())), environment: ProcessInfo.processInfo.environment)
    /// Numbers with the language's decimal mark, dates in its order.
    static let format = LanguageFormat(t)

    /// Dates and times in `timeZone` with the language's names ("gestern 22:30").
    static func time(in timeZone: TimeZone) -> WardTimeText { WardTimeText(timeZone: timeZone, localizer: t) }

    /// A list as the language joins it ("3, 4, 7"; "none" when empty).
    static func list(_ items: [String]) -> String { items.isEmpty ? t("cli.none") : items.joined(separator: ", ") }
}
