import ArgumentParser
import Foundation

/// One of several named values typed on the command line: case-insensitive, `-`/`_`/space
/// ignored, or a message listing every allowed value.
enum CLIChoice {
    /// The value, or exit 2 listing what is allowed (for `run()`).
    static func parse<T>(_ text: String, option: String, choices: [(names: [String], value: T)]) throws -> T {
        guard let value = match(text, choices) else {
            throw CommandFailure.usage(refusal(text, option: option, choices: choices))
        }
        return value
    }

    /// One of an enum's cases by its raw value, or a ValidationError listing them in kebab case
    /// (for `validate()`, where ArgumentParser shows it with the usage line like the other checks).
    static func parse<T: CaseIterable & RawRepresentable>(_ text: String, option: String, as type: T.Type) throws -> T
    where T.RawValue == String {
        let choices = T.allCases.map { (names: [kebab($0.rawValue)], value: $0) }
        guard let value = match(text, choices) else { throw ValidationError(refusal(text, option: option, choices: choices)) }
        return value
    }

    static func match<T>(_ text: String, _ choices: [(names: [String], value: T)]) -> T? {
        let key = normalise(text)
        return choices.first(where: { $0.names.map(normalise).contains(key) })?.value
    }

    static func refusal<T>(_ text: String, option: String, choices: [(names: [String], value: T)]) -> String {
        CLIText.t("cli.choice.refused", "\(option) \(text)", choices.map { $0.names[0] }.joined(separator: ", "))
    }

    static func normalise(_ text: String) -> String {
        text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    }

    /// "black-meconium" → "blackMeconium" (a raw value again).
    static func camel(_ kebab: String) -> String {
        kebab.split(separator: "-").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// "blackMeconium" → "black-meconium".
    static func kebab(_ camel: String) -> String {
        camel.reduce(into: "") { out, ch in
            if ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) }
        }
    }

    /// A finite decimal number written with a point or a decimal comma ("36.8", "36,8"), or exit 2.
    static func number(_ text: String, option: String, what: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let pointed = trimmed.contains(".") ? trimmed : trimmed.replacingOccurrences(of: ",", with: ".")
        guard let value = Double(pointed), value.isFinite,
              text.rangeOfCharacter(from: CharacterSet(charactersIn: "eEinfINFnaNA")) == nil else {
            throw CommandFailure.usage(CLIText.t("cli.number.refused", "\(option) \(text)", what))
        }
        return value
    }

    /// A whole number, or exit 2.
    static func wholeNumber(_ text: String, option: String, what: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw CommandFailure.usage(CLIText.t("cli.whole_number.refused", "\(option) \(text)", what))
        }
        return value
    }
}
