/// A text the clinical module means, as a catalogue key with arguments. The module knows no
/// language: the screens and the `calc` text resolve it through a `ClinicalLookup` (the
/// app's catalogues); `english` is the wording en.json is generated from and checked against.
public struct ClinicalText: Sendable, Hashable {
    /// An argument: plain text (a number already formatted, a drug id), or another text to
    /// look up in the same language (a category's wording inside a sentence).
    public indirect enum Argument: Sendable, Hashable {
        case plain(String)
        case text(ClinicalText)
        /// A number as people write it in the lookup's language: shortest form, with the
        /// lookup's decimal mark ("0,1" in German, "0.1" in English).
        case number(Double)
        /// An input's contract key: the command line (and JSON) name the key, a form names the
        /// field by its label (`naming`), so a German screen never shows `height_cm`.
        case input(String)
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
    /// Numbers among the plain arguments take the language's decimal mark ("14,5" in German).
    /// `naming` gives an input's name for `.input` arguments (a form's label); without it, or
    /// when it has none, the key itself is shown.
    public func resolved(_ lookup: (any ClinicalLookup)?, naming: ((String) -> String?)? = nil) -> String {
        var text = lookup?.template(for: key) ?? english
        let mark = lookup?.decimalMark ?? "."
        for (index, argument) in args.enumerated() {
            let value: String
            switch argument {
            case .plain(let plain): value = NumberText.withDecimalMark(plain, mark)
            case .text(let inner): value = inner.resolved(lookup, naming: naming)
            case .number(let number): value = NumberText.withDecimalMark(NumberText.plain(number), mark)
            case .input(let key): value = naming?(key) ?? key
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
    /// How the language writes the decimal point of numbers shown to people: "." or ",".
    var decimalMark: Character { get }
}

extension ClinicalLookup {
    /// The catalogue's own `format.decimal_mark` (the key `LanguageFormat` reads), else a point.
    public var decimalMark: Character { template(for: "format.decimal_mark")?.first == "," ? "," : "." }
}
