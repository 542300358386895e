import Foundation

/// A ward setting's key in `ward_setting` (the property of `WardSettings` of the same name).
public enum WardSettingKey: String, Sendable, Hashable, CaseIterable, Codable {
    case wardName, dayStartMinutes, noWetAlertThresholdMinutes, dryNappyWeightGrams
    case doseWindowMinutes, doseGraceMinutes, glucoseUnit, effectivenessMode, adherenceGatePercent
    case neonatalFluidTable, backupEveryHours, backupKeep
    case requirePin, idleLockMinutes, nursesPrescribe
    case bilirubinUnit
    case secondCheck
    case shiftChanges

    /// The name on the command line and in the docs: `dayStartMinutes` → `day_start_minutes`.
    public var commandName: String {
        rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
    }

    /// A key by its command-line name or its stored name.
    public init?(commandName: String) {
        guard let key = Self.allCases.first(where: { $0.commandName == commandName || $0.rawValue == commandName }) else { return nil }
        self = key
    }
}

/// One ward setting, declared once: what kind of value it holds, what is allowed and its default.
/// The store's validation and the Ward settings form both read these, so a setting added here
/// is checked and editable everywhere without another list to keep in step.
public struct WardSettingDeclaration: Sendable {
    public enum Kind: Sendable, Hashable {
        case text(maxLength: Int)
        /// Minutes after local midnight, stored as a whole number, typed as HH:MM.
        case timeOfDay
        /// A whole number in `range`, in `unit`; `zeroMeans` names what 0 stands for ("not set").
        case integer(ClosedRange<Int>, unit: String, zeroMeans: String? = nil)
        /// Stored as whole minutes, typed and shown in hours (fractions allowed).
        case minutesAsHours(ClosedRange<Int>)
        /// One of these stored values.
        case choice([String])
        /// On or off, stored as 1 or 0; typed as on/off, yes/no, true/false or 1/0.
        case flag
        /// mL/kg/day by day of life, typed as `1:50-60; 2:70-80; …` (see `NeonatalFluidTable`).
        case dayOfLifeTable
        /// Drugs, categories and routes whose doses need a second signature, typed as
        /// `gentamicin, category:antibiotic, route:iv+category:antibiotic` (see `SecondCheckRules`); may be empty.
        case secondCheckRules
        /// One to `ShiftChanges.maximumCount` times of day, typed and stored as "07:30, 19:30".
        case timesOfDay
    }

    /// The result of checking one stored value.
    public enum Checked: Sendable, Hashable {
        /// The value as it is stored (numbers without leading zeros or spaces).
        case valid(String)
        case invalid(ValidationIssue)
    }

    public let key: WardSettingKey
    public let kind: Kind
    /// What the setting is called in messages: "the dose window".
    public let noun: String
    /// One line saying what the setting does (the form's hint, `cotside settings`, the docs).
    public let meaning: String

    public init(key: WardSettingKey, kind: Kind, noun: String, meaning: String) {
        self.key = key
        self.kind = kind
        self.noun = noun
        self.meaning = meaning
    }

    /// The stored default (what a key without a row means).
    public var defaultValue: String { WardSettings.defaults.storedValues[key]! }

    /// What is allowed, in words: "5 to 120 min", "mmol/L or mg/dL".
    public var allowed: String {
        switch kind {
        case .text(let maxLength): return "1 to \(maxLength) characters"
        case .timeOfDay: return "a time of day between 00:00 and 23:59"
        case .integer(let range, let unit, let zeroMeans):
            let low = zeroMeans.map { "\(range.lowerBound) (\($0))" } ?? "\(range.lowerBound)"
            return "\(low) to \(range.upperBound) \(unit)"
        case .minutesAsHours(let range):
            return "\(Self.hours(range.lowerBound)) to \(Self.hours(range.upperBound)) h"
        case .choice(let values):
            return values.count < 2 ? values.joined() : values.dropLast().joined(separator: ", ") + " or " + values.last!
        case .flag: return "on or off"
        case .dayOfLifeTable:
            return "day-of-life ranges in mL/kg/day covering days 1 to 28, e.g. \(NeonatalFluidTable.nice.text)"
        case .secondCheckRules: return SecondCheckRules.allowedWords
        case .timesOfDay:
            return "1 to \(ShiftChanges.maximumCount) different times of day HH:MM separated by commas, e.g. \(ShiftChanges.standard)"
        }
    }

    /// What is allowed as stored (what `cotside settings set` takes): minutes where the form shows hours.
    public var storedAllowed: String {
        switch kind {
        case .timeOfDay: return "0 to 1439 (minutes after midnight) or HH:MM"
        case .minutesAsHours(let range): return "\(range.lowerBound) to \(range.upperBound) min"
        case .flag: return "on or off (1 or 0)"
        case .text, .integer, .choice, .dayOfLifeTable, .secondCheckRules, .timesOfDay: return allowed
        }
    }

    /// Checks a stored value; the issue names the setting, what was given and what is allowed.
    public func check(_ value: String) -> Checked {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        func invalid(_ shown: String) -> Checked {
            .invalid(ValidationIssue(field: key.rawValue, message: "\(noun) \(shown) must be \(allowed)"))
        }
        switch kind {
        case .text(let maxLength):
            if trimmed.isEmpty { return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun) is empty")) }
            if let issue = WardValidation.controlCharacters(trimmed, field: key.rawValue, what: noun) { return .invalid(issue) }
            return trimmed.count <= maxLength ? .valid(trimmed) : invalid("has \(trimmed.count) characters; it")
        case .timeOfDay:
            guard let minutes = Int(trimmed), (0..<1440).contains(minutes) else { return invalid("‘\(trimmed)’") }
            return .valid(String(minutes))
        case .integer(let range, let unit, _):
            guard let number = Int(trimmed), range.contains(number) else {
                return invalid(Int(trimmed) == nil ? "‘\(trimmed)’" : "\(trimmed) \(unit)")
            }
            return .valid(String(number))
        case .minutesAsHours(let range):
            guard let minutes = Int(trimmed), range.contains(minutes) else {
                return invalid(Int(trimmed).map { "\(Self.hours($0)) h" } ?? "‘\(trimmed)’")
            }
            return .valid(String(minutes))
        case .choice(let values):
            // A unit as a keyboard types it (umol/l, MG/DL) is the declared one.
            guard let value = values.first(where: { Self.loose($0) == Self.loose(trimmed) }) else { return invalid("‘\(trimmed)’") }
            return .valid(value)
        case .flag:
            switch trimmed.lowercased() {
            case "1", "on", "yes", "true": return .valid("1")
            case "0", "off", "no", "false": return .valid("0")
            default: return invalid("‘\(trimmed)’")
            }
        case .dayOfLifeTable:
            guard let table = NeonatalFluidTable(text: trimmed) else { return invalid("‘\(trimmed)’") }
            if let problem = table.problems.first {
                return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun): \(problem)"))
            }
            return .valid(table.text)
        case .secondCheckRules:
            guard trimmed.count <= SecondCheckRules.maxLength else {
                return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun) has \(trimmed.count) characters; "
                                                + "at most \(SecondCheckRules.maxLength) are allowed"))
            }
            switch SecondCheckRules.parse(trimmed) {
            case .success(let rules): return .valid(rules.text)
            case .failure(let problem):
                return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun): \(problem); it must be \(allowed)"))
            }
        case .timesOfDay:
            if let problem = ShiftChanges.problem(trimmed) {
                return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun) \(problem); it must be \(allowed)"))
            }
            return .valid(ShiftChanges(text: trimmed)!.description)
        }
    }

    /// Case and the micro sign's spellings (µ, μ, u) aside: how two choice words are compared.
    static func loose(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: "µ", with: "u").replacingOccurrences(of: "μ", with: "u")
    }

    /// 30 → "0.5", 480 → "8".
    static func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? String(minutes / 60) : String(Double(minutes) / 60)
    }
}

extension WardSettings {
    /// Every ward setting in the order the form shows them.
    public static let declarations: [WardSettingDeclaration] = [
        .init(key: .wardName, kind: .text(maxLength: 60), noun: "the ward name",
              meaning: "The ward's name, shown on every workstation's status line."),
        .init(key: .dayStartMinutes, kind: .timeOfDay, noun: "day start",
              meaning: "When the ward's day starts (stored in minutes after midnight); today's counts and intake start here."),
        .init(key: .noWetAlertThresholdMinutes, kind: .minutesAsHours(30...(48 * 60)), noun: "the no-wet-nappy alert threshold",
              meaning: "No wet nappy for longer than this raises a Dashboard alert (stored in minutes)."),
        .init(key: .dryNappyWeightGrams, kind: .integer(0...500, unit: "g", zeroMeans: "not set"), noun: "dry nappy weight",
              meaning: "Weight of a dry nappy, subtracted from weighed nappies for urine output; 0 = no urine output derived."),
        .init(key: .glucoseUnit, kind: .choice(GlucoseUnit.allCases.map(\.rawValue)), noun: "the glucose unit",
              meaning: "How glucose is typed and shown (always stored in mmol/L)."),
        .init(key: .doseWindowMinutes, kind: .integer(5...120, unit: "min"), noun: "the dose window",
              meaning: "A scheduled dose is due from this long before its time to this long after."),
        .init(key: .doseGraceMinutes, kind: .integer(0...240, unit: "min"), noun: "the dose grace period",
              meaning: "After the window, this much longer before a dose shows as overdue."),
        .init(key: .effectivenessMode, kind: .choice(EffectivenessMode.allCases.map(\.rawValue)), noun: "the effectiveness mode",
              meaning: "How readily a medication is judged effective or not from the trends."),
        .init(key: .adherenceGatePercent, kind: .integer(0...100, unit: "%"), noun: "the adherence gate",
              meaning: "Effectiveness is only judged when 14-day adherence is at least this."),
        .init(key: .neonatalFluidTable, kind: .dayOfLifeTable, noun: "the neonatal fluid table",
              meaning: "Maintenance fluid targets by day of life for babies under 28 days (default NICE NG29)."),
        .init(key: .backupEveryHours, kind: .integer(0...168, unit: "h", zeroMeans: "off"), noun: "the backup interval",
              meaning: "A running workstation backs the ward up this often, one workstation at a time; 0 = no automatic backups."),
        .init(key: .backupKeep, kind: .integer(1...365, unit: "files"), noun: "the number of backups kept",
              meaning: "Automatic backups kept in the backup folder; older ones it made are deleted."),
        .init(key: .requirePin, kind: .flag, noun: "PIN sign-in",
              meaning: "Signing in, switching user, unlocking and command-line writes ask for the member's PIN."),
        .init(key: .idleLockMinutes, kind: .integer(0...60, unit: "min", zeroMeans: "never"), noun: "the idle lock",
              meaning: "The screen locks after this long without a key; 0 = never."),
        .init(key: .nursesPrescribe, kind: .flag, noun: "nurse prescribing",
              meaning: "Nurses may add, change, pause and stop medications (off: doctors and pharmacists only)."),
        .init(key: .bilirubinUnit, kind: .choice(BilirubinUnit.allCases.map(\.rawValue)), noun: "the bilirubin unit",
              meaning: "How the bilirubin calculator takes and shows TSB and its thresholds (a unit typed after the number wins)."),
        .init(key: .secondCheck, kind: .secondCheckRules, noun: "the second-check list",
              meaning: "Doses of these drugs, categories and routes need a second member's initials (and PIN) when given."),
        .init(key: .shiftChanges, kind: .timesOfDay, noun: "the shift changes",
              meaning: "When the ward's shifts change; a handover covers the shift since the latest of them."),
    ]

    public static func declaration(_ key: WardSettingKey) -> WardSettingDeclaration {
        declarations.first { $0.key == key }!
    }
}
