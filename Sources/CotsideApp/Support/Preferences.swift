import Foundation
import TerminalUI
import WardStore

/// Workstation preferences (not ward data): kept in `$XDG_CONFIG_HOME/cotside/preferences.json`
/// so each terminal remembers its theme, language, disclaimer acceptance and last user.
public struct Preferences: Codable, Sendable, Equatable {
    /// Bump when the disclaimer text changes materially, so every workstation accepts it again.
    public static let currentDisclaimerVersion = 1

    /// A `ThemeName` raw value; kept as text so an unknown name in the file falls back, not fails.
    public var theme: String = ThemeName.dark.rawValue
    /// `system` until someone chooses: a workstation follows its locale out of the box.
    public var language: String = Catalogues.system
    public var disclaimerAcceptedVersion: Int?
    public var disclaimerAcceptedAt: Date?
    /// Who was last signed in, per ward database (by the ward's identity, not its path): a
    /// workstation that opens another ward never signs in whoever has the same row id there.
    public var signedInUsers: [String: RememberedUser] = [:]
    public var bellOnOverdue: Bool = true

    public init() {}

    public var themeName: ThemeName { ThemeName(rawValue: theme) ?? .dark }

    public var disclaimerAccepted: Bool {
        (disclaimerAcceptedVersion ?? 0) >= Preferences.currentDisclaimerVersion
    }

    // Unknown or missing keys keep their defaults, so older files still load.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Preferences()
        theme = try c.decodeIfPresent(String.self, forKey: .theme) ?? defaults.theme
        language = try c.decodeIfPresent(String.self, forKey: .language) ?? defaults.language
        disclaimerAcceptedVersion = try c.decodeIfPresent(Int.self, forKey: .disclaimerAcceptedVersion)
        disclaimerAcceptedAt = try c.decodeIfPresent(Date.self, forKey: .disclaimerAcceptedAt)
        // Files written before 2026-11 held one `lastStaffID` for every database: it cannot say
        // which ward it belonged to, so it is ignored and the user is asked once.
        signedInUsers = try c.decodeIfPresent([String: RememberedUser].self, forKey: .signedInUsers) ?? [:]
        bellOnOverdue = try c.decodeIfPresent(Bool.self, forKey: .bellOnOverdue) ?? defaults.bellOnOverdue
    }
}

/// A signed-in staff member as remembered on a workstation: restored only when the ward still
/// has an active staff member with this id, initials and name (else the picker asks).
public struct RememberedUser: Codable, Sendable, Equatable {
    public var staffId: Int64
    public var initials: String
    public var name: String

    public init(staffId: Int64, initials: String, name: String) {
        self.staffId = staffId
        self.initials = initials
        self.name = name
    }

    public init(_ staff: Staff) { self.init(staffId: staff.id, initials: staff.initials, name: staff.name) }

    /// True when `staff` is this person, still active.
    public func matches(_ staff: Staff) -> Bool {
        staff.active && staff.id == staffId && staff.initials.caseInsensitiveCompare(initials) == .orderedSame
            && staff.name == name
    }
}

/// Reads and writes the preferences file. Writes are atomic (temp file + rename) with mode 0600
/// in a 0700 folder; a corrupt file is moved aside, never silently overwritten.
public struct PreferencesFile: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `$XDG_CONFIG_HOME/cotside/preferences.json`, default `~/.config/cotside/preferences.json`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PreferencesFile {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(".config")
        }
        return PreferencesFile(url: base.appendingPathComponent("cotside/preferences.json"))
    }

    public enum LoadOutcome: Equatable, Sendable {
        case loaded
        case missing
        /// The file could not be read or parsed (`problem`); it was renamed to `movedTo` and
        /// defaults are used.
        case corrupt(movedTo: String, problem: String)
        /// The file could not be read or parsed, nor moved aside: it is kept as it is, and
        /// nothing is saved over it this run.
        case keptUnreadable(problem: String)

        /// False when saving would overwrite a file the user has not seen read.
        public var allowsSaving: Bool {
            if case .keptUnreadable = self { return false }
            return true
        }

        /// What to tell the user, or nil when there is nothing to say.
        public func message(path: String) -> String? {
            switch self {
            case .loaded, .missing: return nil
            case .corrupt(let aside, let problem):
                return "The preferences file \(path) \(problem); it was moved to \(aside) and defaults are in use."
            case .keptUnreadable(let problem):
                return "The preferences file \(path) \(problem) and could not be moved aside; it is kept as it is, "
                    + "defaults are in use and nothing will be saved over it."
            }
        }
    }

    /// Renames the unreadable file out of the way (injectable: tests cannot make a rename fail as root).
    var moveAside: @Sendable (String, String) throws -> Void = { try FileManager.default.moveItem(atPath: $0, toPath: $1) }

    /// Reads the file. A file that exists but cannot be read (mode 000, a folder in its place)
    /// or parsed is never treated as missing: it is moved aside, or kept, and the user told.
    public func load() -> (Preferences, LoadOutcome) {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return (Preferences(), .missing) }
        let problem: String
        switch FileBytes.read(url.path) {
        case .failure(let failure):
            problem = "cannot be read (\(failure.reason))"
        case .success(let data):
            do {
                return (try Self.decoder.decode(Preferences.self, from: data), .loaded)
            } catch {
                problem = "is not valid preferences JSON"
            }
        }
        let aside = url.path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
        do {
            try moveAside(url.path, aside)
            return (Preferences(), .corrupt(movedTo: aside, problem: problem))
        } catch {
            return (Preferences(), .keptUnreadable(problem: problem))
        }
    }

    public func save(_ preferences: Preferences) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try Self.encoder.encode(preferences)
        let temp = folder.appendingPathComponent(".preferences.\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temp.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temp.path])
        }
        if rename(temp.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temp)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    private static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.dateEncodingStrategy = .iso8601
        return e
    }()

    private static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()
}
