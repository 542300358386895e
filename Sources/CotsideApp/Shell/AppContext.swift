import Foundation
import TerminalUI
import WardStore

/// What screens may read while handling events or rendering: language, clock, glyphs,
/// preferences and who is at the keyboard. Owned by the shell; screens never write it directly.
@MainActor
public final class AppContext {
    public internal(set) var localizer: Localizer
    public let clock: WardClock
    public internal(set) var glyphs: GlyphSet
    public internal(set) var preferences: Preferences
    /// False under NO_COLOR, --no-color, or a terminal without colour: the theme is monochrome.
    public private(set) var colourAllowed: Bool
    public internal(set) var wardName: String
    public internal(set) var userName: String?
    public let paths: AppPaths
    /// The folder of language catalogues (Settings lists what is there).
    public let catalogueDirectory: URL
    /// The shipped language the locale asks for (LC_ALL, LC_MESSAGES, LANG): what the
    /// preference `system` shows. English when the locale names none that ships.
    public internal(set) var systemLanguage: String = "en"
    /// Whether the terminal can show only ASCII (a locale that is not UTF-8).
    public var asciiOnly: Bool { glyphs == .ascii }

    /// Languages the user can choose in Settings.
    public var availableLanguages: [Language] { Catalogues.available(in: catalogueDirectory) }

    /// The ward's data; nil only for screens shown without a database (never in the app).
    public let repository: (any WardRepository)?
    /// Ward-wide settings from the store (ward name, day start, alert threshold, dry nappy weight).
    public internal(set) var wardSettings: WardSettings
    /// The ward pharmacist's sign-off of the drug table (nil: never signed); dosage results show
    /// "reviewed by …" only when it covers the shipped table (`DosageReview`).
    public internal(set) var drugTableSignOff: DrugTableSignOff?
    /// Why the ward is open read-only (file not writable, made by a newer Cotside); nil when writable.
    public var readOnlyReason: String? { repository?.access.readOnlyReason }
    /// Since when the ward's server has not answered (a ward on PostgreSQL), nil while it does:
    /// what is shown is the last data read, marked stale, and every write is refused up front.
    public internal(set) var serverOutage: Date?
    /// The ward database's identity: the key the signed-in user is remembered under.
    public internal(set) var wardIdentity: String?
    /// Who is at the keyboard: every write passes `staff?.id`.
    public internal(set) var staff: Staff?
    /// The cot selected on the Dashboard (follows its cursor).
    public internal(set) var dashboardPatient: Patient?
    /// The user's last explicit choice of patient: `p`, Enter or `t` on the Dashboard, a History
    /// filter, Trends' whole-ward view, `v` on the drug round. It wins until the Dashboard
    /// selection moves again, which clears it; nil when there is none.
    public internal(set) var patientChoice: PatientChoice?

    /// The patient Medications, Trends and Tools are about: the last explicit choice, else the
    /// Dashboard's selected cot (nil for an explicit whole-ward choice or an empty ward).
    public var selectedPatient: Patient? {
        guard let patientChoice else { return dashboardPatient }
        return patientChoice.patient
    }

    /// The patient History is narrowed to: only an explicit choice; by default it is the ward's log.
    public var historyPatient: Patient? { patientChoice?.patient }
    /// What `u` takes back: the last quick log, edit or delete of this session.
    public internal(set) var undoable: UndoRecord?
    /// Due and overdue doses on the whole ward (nil until the first load).
    public internal(set) var doseCounts: DoseCounts?
    /// The ward's last automatic backup and failure (nil until the first check).
    public internal(set) var backupRecord: BackupRecord?
    /// The drug round's slots, read once per reload pass for the round and the reminder.
    let dueBoards = SharedDueBoard()

    public init(
        localizer: Localizer, clock: WardClock, glyphs: GlyphSet, preferences: Preferences,
        colourAllowed: Bool, wardName: String, userName: String? = nil,
        catalogueDirectory: URL, paths: AppPaths,
        repository: (any WardRepository)? = nil, wardSettings: WardSettings = .defaults
    ) {
        self.catalogueDirectory = catalogueDirectory
        self.repository = repository
        self.wardSettings = wardSettings
        self.localizer = localizer
        self.clock = clock
        self.glyphs = glyphs
        self.preferences = preferences
        self.colourAllowed = colourAllowed
        self.wardName = wardName
        self.userName = userName
        self.paths = paths
    }

    /// The terminal turned out to have no colours: use the monochrome table.
    public func forceMonochrome() { colourAllowed = false }

    /// Dates and times in the ward's zone with names in the user's language; rebuilt when the
    /// language changes.
    public var timeText: WardTimeText {
        if let cached = cachedTimeText, cachedTimeTextLanguage == localizer.language.code { return cached }
        let text = WardTimeText(timeZone: clock.timeZone, localizer: localizer)
        cachedTimeText = text
        cachedTimeTextLanguage = localizer.language.code
        return text
    }
    private var cachedTimeText: WardTimeText?
    private var cachedTimeTextLanguage: String?

    /// How the user's language writes numbers and dates (decimal comma in de, fr, es, pt-BR);
    /// built once per language, every screen formats through it.
    public var format: LanguageFormat {
        if let cachedFormat, cachedFormatLanguage == localizer.language.code { return cachedFormat }
        let format = LanguageFormat(localizer)
        cachedFormat = format
        cachedFormatLanguage = localizer.language.code
        return format
    }
    private var cachedFormat: LanguageFormat?
    private var cachedFormatLanguage: String?

    /// Shorthand for the localizer: `context.t("tab.history")`.
    public func t(_ key: String, _ args: CustomStringConvertible...) -> String {
        var text = localizer(key)
        for (index, arg) in args.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: arg.description)
        }
        return text
    }

    /// The theme in force: the preference, unless colour is not allowed.
    public var theme: Theme { Theme.named(colourAllowed ? preferences.themeName : .monochrome) }

    /// Kit strings (too small, dialogs, help, palette, form messages) in the user's language;
    /// the kit names its catalogue keys, the catalogue supplies the words.
    public var uiStrings: UIStrings {
        var strings = UIStrings.localized { key, english in localizer.has(key) ? localizer(key) : english }
        let names = DayNames(localizer)
        (strings.monthAbbreviations, strings.weekdayAbbreviations) = (names.months, names.weekdays)
        (strings.relativeNow, strings.relativeAgo) = (t("time.now"), t("time.ago"))
        (strings.relativeAhead, strings.relativeDays) = (t("time.in"), t("age.days"))
        // English keeps the parser's own words, which say precisely what is wrong.
        if localizer.language.code != "en" { strings.dateTimeInvalid = t("ui.dateTime.invalid") }
        strings.decimalMark = String(format.decimalMark)
        if localizer.has("format.day_month") { strings.dayMonthPattern = localizer("format.day_month") }
        return strings
    }
}

/// An explicit choice of whom the tabs are about.
public enum PatientChoice: Sendable, Hashable {
    case patient(Patient)
    case wholeWard

    public var patient: Patient? {
        if case .patient(let p) = self { return p }
        return nil
    }
}

/// Files the app uses, shown on the About screen.
public struct AppPaths: Sendable, Equatable {
    public var database: String
    public var preferences: String
    public var log: String
    /// The default backup folder (`WardDatabaseLocation.backupsFolder`), not created; nil when unknown.
    public var backups: String?

    public init(database: String, preferences: String, log: String, backups: String? = nil) {
        self.database = database
        self.preferences = preferences
        self.log = log
        self.backups = backups
    }
}
