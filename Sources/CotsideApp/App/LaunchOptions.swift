import Foundation
import CotsideResources
import TerminalUI

/// What the command line and environment say about this run.
public struct LaunchOptions: Sendable {
    public var databasePath: String?
    public var noColour: Bool
    public var theme: ThemeName?
    public var language: String?
    public var now: Date?
    public var environment: [String: String]
    /// Where the language catalogues are; tests point it at their own.
    public var catalogueDirectory: URL = CotsideResources.url("l10n")

    public init(databasePath: String? = nil, noColour: Bool = false, theme: ThemeName? = nil,
                language: String? = nil, now: Date? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.databasePath = databasePath
        self.noColour = noColour
        self.theme = theme
        self.language = language
        self.now = now
        self.environment = environment
    }

    /// NO_COLOR (any non-empty value, see no-color.org) or `--no-color`.
    public var colourForbidden: Bool {
        noColour || !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// What the terminal's locale turned out to be when curses set it up (`nil`: judge by the
    /// environment's names, as snapshots and tests do).
    public var terminalIsUTF8: Bool?

    /// The terminal's finding, else the first of LC_ALL, LC_CTYPE, LANG that is set; no UTF-8
    /// means ASCII glyphs. The language is chosen apart from this, from the same names.
    public var localeIsUTF8: Bool {
        if let terminalIsUTF8 { return terminalIsUTF8 }
        return LocaleCharset.namesUTF8(environment)
    }

    /// `--now`, else `COTSIDE_NOW`, else the real clock. A bad value is an error, not ignored.
    public func clock() throws -> WardClock {
        let zone = environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
        if let now { return WardClock(fixed: now, timeZone: zone) }
        if let text = environment["COTSIDE_NOW"], !text.isEmpty {
            guard let date = WardClock.parseInstant(text) else {
                throw LaunchError("COTSIDE_NOW=\(text) is not an ISO 8601 instant such as 2026-11-21T14:05:00Z")
            }
            return WardClock(fixed: date, timeZone: zone)
        }
        return WardClock(timeZone: zone)
    }
}

/// A problem with how Cotside was started; the CLI prints it and exits 2.
public struct LaunchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
