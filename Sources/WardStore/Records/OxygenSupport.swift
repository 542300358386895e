import Clinical
import Foundation
import GRDB

/// How a baby was breathing when the SpO2 was read: an SpO2 means little without it.
public enum OxygenMode: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    /// Room air (no added oxygen).
    case air
    /// Low-flow oxygen in litres per minute (nasal cannula, head box).
    case litres
    /// A set oxygen fraction in % (CPAP, high flow, ventilator).
    case fio2
}

/// The oxygen an SpO2 was read on: room air, litres per minute, or FiO2 %. Stored beside the
/// SpO2 value (`measurement.oxygenMode`, `oxygenAmount`); the database refuses it on any other kind.
public struct OxygenSupport: Sendable, Hashable, Codable {
    public var mode: OxygenMode
    /// L/min for `.litres`, % for `.fio2`; nil for room air.
    public var amount: Double?

    public init(mode: OxygenMode, amount: Double? = nil) {
        self.mode = mode
        self.amount = amount
    }

    public static let air = OxygenSupport(mode: .air)
    /// Low-flow oxygen: a hundredth of a litre (neonatal flow meters) to 15 L/min.
    public static let litresRange: ClosedRange<Double> = 0.01...15
    /// Oxygen fraction: room air's 21 % to 100 %.
    public static let fio2Range: ClosedRange<Double> = 21...100

    /// The amount's range and unit for a mode; nil for room air (no amount).
    public static func amountRange(_ mode: OxygenMode) -> (range: ClosedRange<Double>, unit: String)? {
        switch mode {
        case .air: return nil
        case .litres: return (litresRange, "L/min")
        case .fio2: return (fio2Range, "%")
        }
    }

    /// "air", "0.5 L/min", "40% O2" — as History, the latest obs and the export text show it.
    public var text: String {
        switch mode {
        case .air: return "air"
        case .litres: return "\(NumberText.rounded(amount ?? 0, digits: 2)) L/min"
        case .fio2: return "FiO2 \(NumberText.rounded(amount ?? 0, digits: 0))%"
        }
    }

    /// What is wrong with this oxygen (nil when it may be stored): an amount for room air, or a
    /// missing or out-of-range amount for litres or FiO2.
    public var problem: String? {
        guard let allowed = Self.amountRange(mode) else {
            return amount == nil ? nil : "room air takes no amount"
        }
        let (range, unit) = allowed
        let name = mode == .litres ? "oxygen flow" : "FiO2"
        guard let amount else {
            return "\(name) needs an amount (\(NumberText.rounded(range.lowerBound, digits: 2))–\(NumberText.rounded(range.upperBound, digits: 2)) \(unit))"
        }
        guard amount.isFinite, range.contains(amount) else {
            return "\(name) \(NumberText.rounded(amount, digits: 2)) \(unit) is outside "
                + "\(NumberText.rounded(range.lowerBound, digits: 2))–\(NumberText.rounded(range.upperBound, digits: 2)) \(unit)"
        }
        return nil
    }

    /// Reads "air" (or "ra", "room air"), "2L", "0.5 L/min", "40%", "fio2 40": nil when it is none of them.
    public static func parse(_ text: String) -> OxygenSupport? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: ",", with: ".")
        if ["air", "ra", "room air", "room-air"].contains(t) { return .air }
        func number(_ s: Substring) -> Double? {
            let n = s.trimmingCharacters(in: .whitespaces)
            guard !n.isEmpty, n.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            return Double(n)
        }
        for suffix in ["l/min", "lpm", "l"] where t.hasSuffix(suffix) {
            return number(t.dropLast(suffix.count)).map { OxygenSupport(mode: .litres, amount: $0) }
        }
        if t.hasSuffix("%") { return number(t.dropLast()).map { OxygenSupport(mode: .fio2, amount: $0) } }
        if t.hasPrefix("fio2") { return number(t.dropFirst(4)).map { OxygenSupport(mode: .fio2, amount: $0) } }
        return nil
    }
}
