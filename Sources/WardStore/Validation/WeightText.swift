import Clinical
import Foundation

/// The unit a weight is typed in; weights are stored in grams.
public enum WeightUnit: String, Sendable, CaseIterable {
    case grams = "g"
    case kilograms = "kg"

    public var other: WeightUnit { self == .grams ? .kilograms : .grams }
    /// Grams, to the milligram: 3.4 kg is 3400 g, not 3400.0000000000005.
    func grams(_ value: Double) -> Double {
        ((self == .grams ? value : UnitConversion.grams(fromKilograms: value)) * 1000).rounded() / 1000
    }
}

/// Reads a typed weight — "3.4 kg", "3.4kg", "3,4 kg", "3400 g", "3400g", or a bare number in
/// the field's stated unit — into grams: the one parser behind every weight input (admission
/// form, weight measurement, command line). A bare number that is implausible in the stated
/// unit but plausible in the other ("3400" in a kg field) is refused with the unit suggested,
/// never converted silently: a thousandfold dose error starts that way.
public enum WeightText {
    /// Words accepted after the number, by unit (case-insensitive).
    static let unitWords: [(words: [String], unit: WeightUnit)] = [
        (["g", "gm", "gms", "gram", "grams"], .grams),
        (["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"], .kilograms),
    ]

    /// The unit typed after the number, if any ("3.4 kg" → kg; "3400" → nil).
    public static func typedUnit(_ text: String) -> WeightUnit? {
        let unitPart = text.trimmingCharacters(in: .whitespaces)
            .drop { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+") }
            .trimmingCharacters(in: .whitespaces).lowercased()
        return unitWords.first { $0.words.contains(unitPart) }?.unit
    }

    /// Grams for `text`, or the reason it is refused. `stated` is the unit a bare number is in;
    /// `plausible` the grams this field accepts (a birth weight 300–7000 g).
    public static func grams(_ text: String, stated: WeightUnit, plausible: ClosedRange<Double>) -> Result<Double, WeightTextError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        let numberPart = String(trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+") })
        let unitPart = trimmed.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces).lowercased()
        var typedUnit: WeightUnit?
        if !unitPart.isEmpty {
            guard let unit = unitWords.first(where: { $0.words.contains(unitPart) })?.unit else {
                return .failure(.unknownUnit(text: trimmed, unit: unitPart))
            }
            typedUnit = unit
        }
        if numberPart.filter({ $0 == "," }).count == 1, !numberPart.contains("."),
           numberPart.split(separator: ",", omittingEmptySubsequences: false).last?.count == 3 {
            return .failure(.ambiguousComma(text: trimmed))
        }
        let decimal = numberPart.replacingOccurrences(of: ",", with: ".")
        guard decimal.filter({ $0 == "." }).count <= 1, decimal.contains(where: \.isNumber),
              !decimal.dropFirst().contains(where: { $0 == "-" || $0 == "+" }), let value = Double(decimal), value.isFinite else {
            return .failure(.notANumber(text: trimmed))
        }
        guard value > 0 else { return .failure(.notPositive(text: trimmed, plausible: plausible)) }
        let unit = typedUnit ?? stated
        let grams = unit.grams(value)
        if plausible.contains(grams) { return .success(grams) }
        if typedUnit == nil, plausible.contains(unit.other.grams(value)) {
            return .failure(.unitLikelyOther(text: trimmed, stated: stated, suggested: unit.other))
        }
        return .failure(.outOfRange(text: trimmed, unit: unit, plausible: plausible))
    }
}

/// Why a typed weight was refused; `message` names what is wrong and what is allowed.
public enum WeightTextError: Error, Equatable, Sendable {
    case empty
    case notANumber(text: String)
    case unknownUnit(text: String, unit: String)
    /// "3,400": a thousands separator or a decimal comma? Not guessed.
    case ambiguousComma(text: String)
    case notPositive(text: String, plausible: ClosedRange<Double>)
    case unitLikelyOther(text: String, stated: WeightUnit, suggested: WeightUnit)
    case outOfRange(text: String, unit: WeightUnit, plausible: ClosedRange<Double>)

    public var message: String {
        switch self {
        case .empty:
            return "no weight entered; write it in g or kg, e.g. 3400 g or 3.4 kg"
        case .notANumber(let text):
            return "‘\(text)’ is not a weight; write a number in g or kg, e.g. 3400 g or 3.4 kg"
        case .unknownUnit(let text, let unit):
            return "‘\(text)’: \(unit) is not a weight unit; write g or kg, e.g. 3400 g or 3.4 kg"
        case .ambiguousComma(let text):
            return "‘\(text)’ could be grams with a thousands separator or kilograms with a decimal comma; "
                + "write it without the comma and with its unit, e.g. 3400 g or 3.4 kg"
        case .notPositive(let text, let plausible):
            return "‘\(text)’: a weight must be more than 0; \(Self.range(plausible)) is allowed"
        case .unitLikelyOther(let text, let stated, let suggested):
            return "‘\(text)’ is not a plausible weight in \(stated.rawValue); for \(suggested.rawValue), type \(text) \(suggested.rawValue)"
        case .outOfRange(let text, _, let plausible):
            return "‘\(text)’ is outside \(Self.range(plausible))"
        }
    }

    /// "300–7000 g (0.3–7 kg)".
    static func range(_ plausible: ClosedRange<Double>) -> String {
        "\(grams(plausible.lowerBound))–\(grams(plausible.upperBound)) g (\(kilograms(plausible.lowerBound))–\(kilograms(plausible.upperBound)) kg)"
    }

    static func grams(_ value: Double) -> String { NumberText.rounded(value, digits: 0) }
    static func kilograms(_ value: Double) -> String { NumberText.rounded(value / 1000, digits: 3) }
}
