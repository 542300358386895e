import Foundation

/// A ward setting's key in `ward_setting` (the property of `WardSettings` of the same name).
public enum WardSettingKey: String, Sendable, Hashable, CaseIterable, Codable {
    case wardName, dayStartMinutes, noWetAlertThresholdMinutes, dryNappyWeightGrams
    case doseWindowMinutes, doseGraceMinutes, glucoseUnit, effectivenessMode, adherenceGatePercent
    case neonatalFluidTable
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
        /// mL/kg/day by day of life, typed as `1:50-60; 2:70-80; …` (see `NeonatalFluidTable`).
        case dayOfLifeTable
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
        case .dayOfLifeTable:
            return "day-of-life ranges in mL/kg/day covering days 1 to 28, e.g. \(NeonatalFluidTable.nice.text)"
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
            return values.contains(trimmed) ? .valid(trimmed) : invalid("‘\(trimmed)’")
        case .dayOfLifeTable:
            guard let table = NeonatalFluidTable(text: trimmed) else { return invalid("‘\(trimmed)’") }
            if let problem = table.problems.first {
                return .invalid(ValidationIssue(field: key.rawValue, message: "\(noun): \(problem)"))
            }
            return .valid(table.text)
        }
    }

    /// 30 → "0.5", 480 → "8".
    static func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? String(minutes / 60) : String(Double(minutes) / 60)
    }
}

extension WardSettings {
    /// Every ward setting in the order the form shows them.
    public static let declarations: [WardSettingDeclaration] = [
        .init(key: .wardName, kind: .text(maxLength: 60), noun: "the ward name"),
        .init(key: .dayStartMinutes, kind: .timeOfDay, noun: "day start"),
        .init(key: .noWetAlertThresholdMinutes, kind: .minutesAsHours(30...(48 * 60)), noun: "the no-wet-nappy alert threshold"),
        .init(key: .dryNappyWeightGrams, kind: .integer(0...500, unit: "g", zeroMeans: "not set"), noun: "dry nappy weight"),
        .init(key: .glucoseUnit, kind: .choice(GlucoseUnit.allCases.map(\.rawValue)), noun: "the glucose unit"),
        .init(key: .doseWindowMinutes, kind: .integer(5...120, unit: "min"), noun: "the dose window"),
        .init(key: .doseGraceMinutes, kind: .integer(0...240, unit: "min"), noun: "the dose grace period"),
        .init(key: .effectivenessMode, kind: .choice(EffectivenessMode.allCases.map(\.rawValue)), noun: "the effectiveness mode"),
        .init(key: .adherenceGatePercent, kind: .integer(0...100, unit: "%"), noun: "the adherence gate"),
        .init(key: .neonatalFluidTable, kind: .dayOfLifeTable, noun: "the neonatal fluid table"),
    ]

    public static func declaration(_ key: WardSettingKey) -> WardSettingDeclaration {
        declarations.first { $0.key == key }!
    }
}
