/// A text the clinical module means, as a catalogue key with arguments. The module knows no
/// language: the screens and the `calc` text resolve it through a `ClinicalLookup` (the
/// app's catalogues); `english` is the wording en.json is generated from and checked against.
public struct ClinicalText: Sendable, Hashable {
    /// An argument: plain text (a number already formatted, a drug id), or another text to
    /// look up in the same language (a category's wording inside a sentence).
    public indirect enum Argument: Sendable, Hashable {
        case plain(String)
        case text(ClinicalText)
    }

    /// The catalogue key, derived from the machine keys ("calc.gcs.input.eye").
    public var key: String
    /// The English template, `{0}`, `{1}` for the arguments.
    public var english: String
    public var args: [Argument]

    public init(_ key: String, _ english: String, _ args: [Argument] = []) {
        self.key = key
        self.english = english
        self.args = args
    }

    /// A text whose arguments are all plain ("{0} mg").
    public init(_ key: String, _ english: String, plain args: [CustomStringConvertible]) {
        self.init(key, english, args.map { .plain($0.description) })
    }

    /// The text in the lookup's language; a key the lookup lacks (or no lookup) reads in English.
    public func resolved(_ lookup: (any ClinicalLookup)?) -> String {
        var text = lookup?.template(for: key) ?? english
        for (index, argument) in args.enumerated() {
            let value: String
            switch argument {
            case .plain(let plain): value = plain
            case .text(let inner): value = inner.resolved(lookup)
            }
            text = text.replacing("{\(index)}", with: value)
        }
        return text
    }

    /// The English text, as the module's own tests and the JSON contract read it.
    public var englishText: String { resolved(nil) }
}

/// Where the wording of a catalogue key comes from: the app's catalogue in the current
/// language. Clinical takes one and never asks which language it is.
public protocol ClinicalLookup: Sendable {
    /// The template for `key` (with `{0}` placeholders), or nil when no catalogue has it.
    func template(for key: String) -> String?
}

/// Words a result's values read in, shared by the screens and the `calc` text.
public enum ResultWording {
    public static let yes = ClinicalText("calc.value.yes", "yes")
    public static let no = ClinicalText("calc.value.no", "no")
}
