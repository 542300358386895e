import Foundation

/// What a member may do, by clinical role and the ward admin flag: the one table the store
/// enforces, the screens grey out by and the README prints (`WardPermission.markdownTable`).
/// Everyone signed in may read, log care, record doses and use the calculators; the rest is
/// below. A member without the role is refused and the refusal is audited.
public enum WardPermission: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nappies, feeds, observations, notes, admit and discharge, corrections of one's charting.
    case logCare
    /// Give, withhold, snooze and correct doses on the drug round; as-needed doses.
    case recordDose
    /// Run calculators and stroke triage, and save their results to a chart.
    case useCalculators
    /// A cot's goal ranges for observations (what raises an out-of-range flag).
    case setGoalRanges
    /// Add, change, pause, stop and delete medications.
    case prescribe
    /// Add and deactivate staff, make ward admins, reset PINs.
    case manageStaff
    case changeSettings
    case restoreBackup
    /// Erase a patient's data on request, and import into a ward that already has records.
    case eraseOrImport
    /// Sign off the dosage tool's drug table for the ward (pharmacists only).
    case signOffDrugTable

    /// What the permission covers, for the table and refusals.
    public var summary: String {
        switch self {
        case .logCare: return "log care (nappies, feeds, observations), admit and discharge"
        case .recordDose: return "record doses (give, withhold, snooze, correct)"
        case .useCalculators: return "use calculators and save their results"
        case .setGoalRanges: return "set a cot's goal ranges"
        case .prescribe: return "add, change, pause and stop medications"
        case .manageStaff: return "add and deactivate staff, reset PINs"
        case .changeSettings: return "change ward settings"
        case .restoreBackup: return "restore a backup"
        case .eraseOrImport: return "erase a patient's data, import into a ward in use"
        case .signOffDrugTable: return "sign off the ward's drug table"
        }
    }

    /// The clinical roles allowed whatever the admin flag; nil = ward admins only.
    public func roles(_ settings: WardSettings) -> Set<StaffRole>? {
        switch self {
        case .logCare, .recordDose, .useCalculators: return Set(StaffRole.allCases)
        case .setGoalRanges: return [.nurse, .doctor]
        case .signOffDrugTable: return [.pharmacist]
        case .prescribe: return settings.nursesPrescribe ? [.doctor, .pharmacist, .nurse] : [.doctor, .pharmacist]
        case .manageStaff, .changeSettings, .restoreBackup, .eraseOrImport: return nil
        }
    }

    /// True when `member` (active) may do this on a ward with these settings. A ward admin may
    /// do the admin-only things; the clinical things follow the clinical role alone, so an admin
    /// who is a nurse does not prescribe.
    public func allows(_ member: Staff, settings: WardSettings) -> Bool {
        guard member.active else { return false }
        guard let roles = roles(settings) else { return member.isWardAdmin }
        return roles.contains(member.role)
    }

    /// Who may, in words for a refusal: "a doctor or a pharmacist", "a ward admin".
    public func whoMay(_ settings: WardSettings) -> String {
        guard let roles = roles(settings) else { return "a ward admin" }
        if roles.count == StaffRole.allCases.count { return "anyone signed in" }
        let names = StaffRole.allCases.filter(roles.contains).map { "a " + $0.words }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The refusal's words: "only a ward admin may change ward settings; AO is a nurse".
    public func refusal(for member: Staff, settings: WardSettings) -> String {
        let role = member.role.words
        let article = "aeiou".contains(role.first ?? "x") ? "an" : "a"
        // "other staff" takes no article: "MB is other staff", never "an other staff".
        let who = member.role == .other ? "\(member.initials) is \(role)" : "\(member.initials) is \(article) \(role)"
        return "only \(whoMay(settings)) may \(summary); \(who)" + (member.isWardAdmin ? " (and a ward admin)" : "")
    }

    /// The README's table: one row per permission, one column per role and the admin flag.
    public static func markdownTable(_ settings: WardSettings = .defaults) -> String {
        let roles = StaffRole.allCases
        var lines = ["| may … | " + roles.map(\.words).joined(separator: " | ") + " | ward admin |",
                     "|---|" + String(repeating: "---|", count: roles.count + 1)]
        for permission in allCases {
            let cells = roles.map { role -> String in
                guard let allowed = permission.roles(settings) else { return "" }
                if allowed.contains(role) { return "yes" }
                if permission == .prescribe, role == .nurse { return "if `nurses_prescribe`" }
                return ""
            }
            let admin = permission.roles(settings) == nil ? "yes" : "as role"
            lines.append("| \(permission.summary) | " + cells.joined(separator: " | ") + " | \(admin) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// A member asked for something their role does not allow (the store wrote a `refused` audit
/// entry before throwing this).
public struct WardPermissionError: Error, Sendable, CustomStringConvertible {
    public let permission: WardPermission
    public let staffId: Int64
    public let description: String

    public init(permission: WardPermission, staffId: Int64, description: String) {
        self.permission = permission
        self.staffId = staffId
        self.description = description
    }
}

extension StaffRole {
    /// The role in words: "healthcare assistant".
    public var words: String {
        switch self {
        case .nurse: return "nurse"
        case .doctor: return "doctor"
        case .pharmacist: return "pharmacist"
        case .healthcareAssistant: return "healthcare assistant"
        case .student: return "student"
        case .other: return "other staff"
        }
    }
}
