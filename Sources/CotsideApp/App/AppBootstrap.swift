import Foundation
import TerminalUI
import WardStore

/// Builds the shell from launch options: preferences, language, clock, glyphs, tabs.
@MainActor
public enum AppBootstrap {
    /// One screen per tab, in `Tab` order. Without a ward database (shell-only tests)
    /// Dashboard, History, Medications and Trends say what they will hold instead of loading.
    static func makeTabs(withWard: Bool) -> [any Screen] {
        Tab.allCases.map { tab -> any Screen in
            switch tab {
            case .dashboard:
                withWard ? DashboardScreen()
                    : EmptyTabScreen(titleKey: tab.titleKey, headlineKey: "empty.dashboard.title", bodyKey: "empty.dashboard.body")
            case .history:
                withWard ? HistoryScreen()
                    : EmptyTabScreen(titleKey: tab.titleKey, headlineKey: "empty.history.title", bodyKey: "empty.history.body")
            case .tools:
                ToolsTabScreen()
            case .medications:
                withWard ? MedicationsScreen()
                    : EmptyTabScreen(titleKey: tab.titleKey, headlineKey: "empty.medications.title", bodyKey: "empty.medications.body")
            case .trends:
                withWard ? TrendsScreen()
                    : EmptyTabScreen(titleKey: tab.titleKey, headlineKey: "empty.trends.title", bodyKey: "empty.trends.body")
            }
        }
    }

    /// - Parameters:
    ///   - terminalHasColour: what the terminal reports (curses `has_colors`); true for headless.
    ///   - persistPreferences: false for snapshots, which must not change the workstation.
    ///   - assumeDisclaimerAccepted: snapshots render the screen asked for, not the first-run gate.
    public static func makeShell(
        options: LaunchOptions, terminalHasColour: Bool, persistPreferences: Bool,
        assumeDisclaimerAccepted: Bool = false, logPath: String = "",
        repository: (any WardRepository)? = nil, wardSettings: WardSettings? = nil
    ) throws -> (shell: AppShell, startupMessage: Message?) {
        let file = PreferencesFile.standard(environment: options.environment)
        var (preferences, outcome) = file.load()
        var startup: Message? = outcome.message(path: file.url.path).map(Message.warning)
        if let theme = options.theme { preferences.theme = theme.rawValue }
        if let language = options.language { preferences.language = language }
        let systemLanguage = Catalogues.systemLanguage(environment: options.environment,
                                                       available: Catalogues.available(in: options.catalogueDirectory))
        let localizer: Localizer
        do {
            let choice = try LanguageChoice.localizer(preference: preferences.language, systemLanguage: systemLanguage,
                                                      asciiOnly: !options.localeIsUTF8, in: options.catalogueDirectory)
            localizer = choice.localizer
            if let notice = choice.notice { startup = startup ?? notice }
        } catch let error as CatalogueError {
            if options.language != nil { throw LaunchError(error.description) }
            // A stale language in the preferences file falls back to English with a warning.
            localizer = try Catalogues.localizer(for: "en", in: options.catalogueDirectory)
            startup = .warning(error.description)
            preferences.language = "en"
        }
        if assumeDisclaimerAccepted, !preferences.disclaimerAccepted {
            preferences.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        }
        let context = AppContext(
            localizer: localizer,
            clock: try options.clock(),
            glyphs: options.localeIsUTF8 ? .unicode : .ascii,
            preferences: preferences,
            colourAllowed: terminalHasColour && !options.colourForbidden,
            wardName: wardSettings?.wardName ?? localizer("ward.default_name"),
            catalogueDirectory: options.catalogueDirectory,
            paths: AppPaths(database: repository?.location ?? options.databasePath ?? "",
                            preferences: file.url.path, log: logPath,
                            backups: WardDatabaseLocation.backupsFolder(environment: options.environment)),
            repository: repository,
            wardSettings: wardSettings ?? .defaults
        )
        context.systemLanguage = systemLanguage
        let effects = persistPreferences && outcome.allowsSaving
            ? ShellEffects(savePreferences: { prefs in
                do { try file.save(prefs); return nil } catch { return String(describing: error) }
            })
            : .none
        let shell = AppShell(context: context, tabs: makeTabs(withWard: repository != nil), effects: effects)
        if let startup { shell.show(startup) }
        return (shell, startup)
    }
}
