import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside settings [--json]` and `cotside settings set KEY=VALUE … --by I`: the ward's settings
/// from `WardSettings.declarations`, the same list the Ward settings form shows and checks.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List the ward's settings, or change them (shared by every workstation).",
        discussion: """
        Ward settings are shared by every workstation; theme and language are each workstation's \
        own (preferences.json, Settings on screen).
        """,
        subcommands: [SettingsListCommand.self, SettingsSetCommand.self],
        defaultSubcommand: SettingsListCommand.self
    )
}

/// One setting as listed: what `cotside settings` prints and `--json` holds.
struct SettingLine: Encodable, Equatable {
    let key: String
    let value: String
    let defaultValue: String
    let allowed: String
    let meaning: String

    enum CodingKeys: String, CodingKey {
        case key, value, allowed, meaning
        case defaultValue = "default"
    }

    static func lines(_ settings: WardSettings) -> [SettingLine] {
        let stored = settings.storedValues
        return WardSettings.declarations.map {
            SettingLine(key: $0.key.commandName, value: shown(stored[$0.key] ?? $0.defaultValue, $0),
                        defaultValue: shown($0.defaultValue, $0), allowed: $0.storedAllowed, meaning: $0.meaning)
        }
    }

    /// A stored value as typed back: a flag's 1/0 as on/off.
    static func shown(_ stored: String, _ declaration: WardSettingDeclaration) -> String {
        guard declaration.kind == .flag else { return stored.isEmpty ? "none" : stored }
        return stored == "1" ? "on" : "off"
    }
}

struct SettingsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Every ward setting: key, value, what is allowed and what it does.")

    @Flag(help: "A JSON array: key, value, default, allowed, meaning.") var json = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let lines = SettingLine.lines(try await ward.store.settings())
        if json {
            print(try WardCLI.json(lines))
            return
        }
        let width = lines.map(\.key.count).max() ?? 0
        for line in lines {
            let padded = line.key.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(padded)  \(line.value)")
            print("\(String(repeating: " ", count: width))    " + CLIText.t("cli.settings.meaning", line.meaning, line.allowed, line.defaultValue))
        }
    }
}

struct SettingsSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change ward settings in one transaction (audited); a bad key or value changes nothing.",
        discussion: """
        KEY is as `cotside settings` lists it (day_start_minutes also takes HH:MM). Every value is \
        checked first: one bad key or value is refused with exit 2 and what is allowed, and nothing \
        is changed. Ward admins only: anyone else is refused (exit 2) and the refusal is audited.
        """
    )

    @Argument(help: ArgumentHelp("The settings to change.", valueName: "key=value")) var assignments: [String] = []
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let changes: [WardSettingKey: String]
        switch Self.parse(assignments) {
        case .success(let parsed): changes = parsed
        case .failure(let failure): throw failure
        }
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.settings")
        let before = try await ward.store.settings().storedValues
        let after: [WardSettingKey: String]
        do {
            after = try await ward.write { try await ward.store.updateSettings(changes, by: staff) }.storedValues
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as WardValidationError {
            throw Self.usage(error)
        }
        let changed = WardSettings.declarations.map(\.key).filter { before[$0] != after[$0] }
        if changed.isEmpty { print(CLIText.t("cli.settings.unchanged")) }
        for key in changed {
            let declaration = WardSettings.declaration(key)
            print(CLIText.t("cli.settings.changed", key.commandName, SettingLine.shown(after[key] ?? "", declaration),
                            SettingLine.shown(before[key] ?? "", declaration)))
        }
        if changed.contains(.secondCheck), let rules = try? SecondCheckRules.parse(after[.secondCheck] ?? "").get() {
            for name in try await ward.store.unknownSecondCheckDrugs(rules) {
                print(CLIText.t("cli.settings.unknown_drug", "‘\(name)’"))
            }
        }
    }

    /// `KEY=VALUE` words into stored values by key, or exit 2 naming the word and what is allowed.
    /// Every value is checked against its declaration here, so one bad value stops all of them.
    static func parse(_ words: [String]) -> Result<[WardSettingKey: String], CommandFailure> {
        guard !words.isEmpty else {
            return .failure(.usage(CLIText.t("cli.settings.none_given", "settings set", "KEY=VALUE", keyList)))
        }
        var changes: [WardSettingKey: String] = [:]
        var issues: [String] = []
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                issues.append(CLIText.t("cli.settings.not_assignment", "‘\(word)’", "KEY=VALUE"))
                continue
            }
            guard let key = WardSettingKey(commandName: parts[0]) else {
                issues.append(CLIText.t("cli.settings.unknown_key", "‘\(parts[0])’", keyList))
                continue
            }
            guard changes[key] == nil else {
                issues.append(CLIText.t("cli.given_twice", key.commandName))
                continue
            }
            let declaration = WardSettings.declaration(key)
            let value = declaration.kind == .timeOfDay ? (clockMinutes(parts[1]).map(String.init) ?? parts[1]) : parts[1]
            switch declaration.check(value) {
            case .valid(let stored): changes[key] = stored
            // A list says which of its rules is wrong; other kinds say what is allowed.
            case .invalid(let issue) where declaration.kind == .secondCheckRules:
                issues.append(CLIText.t("cli.option_issue", "\(key.commandName)=\(parts[1])", issue.message))
            case .invalid:
                issues.append(CLIText.t("cli.settings.must_be", "\(key.commandName)=\(parts[1])", declaration.storedAllowed))
            }
        }
        guard issues.isEmpty else { return .failure(.usage(CLIText.t("cli.settings.nothing_changed", issues.joined(separator: "; ")))) }
        return .success(changes)
    }

    static var keyList: String { WardSettings.declarations.map(\.key.commandName).joined(separator: ", ") }

    /// "07:00" → 420; nil for anything else.
    static func clockMinutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    /// What the store refused, by the key as typed.
    static func usage(_ error: WardValidationError) -> CommandFailure {
        .usage(CLIText.t("cli.settings.nothing_changed", error.issues.map { issue in
            WardSettingKey(rawValue: issue.field).map { CLIText.t("cli.option_issue", $0.commandName, issue.message) } ?? issue.message
        }.joined(separator: "; ")))
    }
}
