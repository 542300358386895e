/// A result value; objects keep their key order so JSON and text read the same every time.
public indirect enum ResultValue: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case word(String)
    case object([ResultField])
}

public struct ResultField: Sendable, Equatable {
    public var key: String
    public var value: ResultValue

    public init(_ key: String, _ value: ResultValue) {
        self.key = key
        self.value = value
    }
}

/// How a category reads in the UI. Never shown by colour alone: symbol and word go with it.
public enum Severity: String, Sendable, Equatable {
    case ok, info, caution, danger
}

/// The category a result falls in: the contract's snake_case word under its result key.
public struct ResultCategory: Sendable, Equatable {
    /// The result key that carries the word ("category", "severity", "interpretation", ...).
    public var key: String
    /// Contract word, lower-case snake_case ("moderately_abnormal").
    public var word: String
    /// Human wording ("Moderately abnormal").
    public var label: String
    public var severity: Severity
    /// The wording's catalogue text when it is not the result's own tool's
    /// (`calc.<tool>.category.<word>`): a stroke module's summary shows the ICH volume tool's
    /// categories and the LVO risk band.
    public var text: ClinicalText?

    public init(key: String = "category", word: String, label: String, severity: Severity, text: ClinicalText? = nil) {
        self.key = key
        self.word = word
        self.label = label
        self.severity = severity
        self.text = text
    }
}

/// What a tool returns: ordered result fields (the contract's keys), the category,
/// one interpretation sentence, and warnings for valid-but-unusual input.
public struct ToolResult: Sendable, Equatable {
    public var fields: [ResultField]
    public var categories: [ResultCategory]
    /// The interpretation in English: what `--json` and the batch carry.
    public var interpretation: String
    public var warnings: [String]
    /// The interpretation as a catalogue key with arguments, for people in their language.
    public var interpretationText: ClinicalText
    /// The warnings as catalogue keys, one per warning.
    public var warningTexts: [ClinicalText]

    /// Every result's sentences come from the catalogue (a tool cannot hand back English-only
    /// wording); the English strings that JSON carries follow from them.
    public init(fields: [ResultField], categories: [ResultCategory] = [], interpretation: ClinicalText, warnings: [ClinicalText] = []) {
        self.fields = fields
        self.categories = categories
        self.interpretation = interpretation.englishText
        self.warnings = warnings.map(\.englishText)
        self.interpretationText = interpretation
        self.warningTexts = warnings
    }

    public subscript(key: String) -> ResultValue? { fields.first { $0.key == key }?.value }

    public func number(_ key: String) -> Double? {
        switch self[key] {
        case .number(let v)?: return v
        case .integer(let v)?: return Double(v)
        default: return nil
        }
    }

    public func word(_ key: String) -> String? {
        if case .word(let w)? = self[key] { return w }
        return nil
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let b)? = self[key] { return b }
        return nil
    }
}
