/// The words of a tool's input side — unit words, valid ranges and every validation message —
/// as catalogue keys with arguments, so the command line (`calc --lang`) and the Tools forms
/// say them in the user's language while `--json` and `calc --batch` keep the English the
/// contract fixed (`FieldError.message`, built from the same texts). Keys: `calc.unit.<word>`,
/// `calc.range*`, `calc.error.<rule>` (shared by every tool), `calc.<tool>.error.<rule>`.
extension InputSpec {
    /// Units that are words ("22–44 weeks") and are translated; symbols (kg, mg/dL, mmHg,
    /// µmol/L, ms, bpm, %) are written as clinicians write them in every language.
    public static let unitWords = ["days", "hours", "months", "weeks", "years"]

    /// The unit as a text to look up when it is a word, else the symbol as it is (a localised
    /// declaration already carries its translated word, which then stands as it is too).
    public var unitText: ClinicalText.Argument? {
        guard let unit else { return nil }
        return Self.unitWords.contains(unit) ? .text(ClinicalText("calc.unit.\(unit)", unit)) : .plain(unit)
    }

    /// What the input takes: "0.1–300 kg", "22–44 weeks", "0, 1, 2", "true or false", in the
    /// lookup's language and decimal mark. `withUnit: false` leaves the unit out ("22–44"), as
    /// a few rule messages have always written it.
    public func rangeText(withUnit: Bool = true) -> ClinicalText {
        switch kind {
        case .number, .integer:
            guard let range else { return ClinicalText("calc.range.list", "{0}", [.plain("")]) }
            let bounds: [ClinicalText.Argument] = [.number(range.lowerBound), .number(range.upperBound)]
            if withUnit, let unit = unitText { return ClinicalText("calc.range.unit", "{0}–{1} {2}", bounds + [unit]) }
            return ClinicalText("calc.range", "{0}–{1}", bounds)
        case .choice(let options):
            return ClinicalText("calc.range.list", "{0}", [.plain(options.map { String($0.value) }.joined(separator: ", "))])
        case .boolean:
            return ClinicalText("calc.range.boolean", "true or false")
        case .date:
            return ClinicalText("calc.range.date", "a date YYYY-MM-DD")
        case .word(let words):
            return ClinicalText("calc.range.list", "{0}", [.plain(words.joined(separator: ", "))])
        }
    }

    /// The input named in a sentence: its key on the command line, its label on a form.
    var named: ClinicalText.Argument { .input(key) }
    var rangeArgument: ClinicalText.Argument { .text(rangeText()) }
}

/// The validation messages every tool shares. The English of each is the contract's wording
/// (what `--json` carries), kept exactly as it was before the messages were translated.
public enum InputErrorText {
    static func t(_ rule: String, _ english: String, _ args: [ClinicalText.Argument]) -> ClinicalText {
        ClinicalText("calc.error.\(rule)", english, args)
    }

    public static func unknownInput(tool: String, key: String, inputs: [String]) -> ClinicalText {
        t("unknown_input", "{0} has no input ‘{1}’ (inputs: {2})", [.plain(tool), .plain(key), .plain(inputs.joined(separator: ", "))])
    }

    public static func required(_ input: InputSpec) -> ClinicalText {
        t("required", "{0} is required ({1})", [input.named, input.rangeArgument])
    }

    public static func notANumber(_ typed: String, _ input: InputSpec) -> ClinicalText {
        t("not_a_number", "‘{0}’ is not a number; {1} takes {2}", [.plain(typed), input.named, input.rangeArgument])
    }

    public static func mustBeNumber(_ input: InputSpec) -> ClinicalText {
        t("must_be_number", "{0} must be a number ({1})", [input.named, input.rangeArgument])
    }

    public static func mustBeFinite(_ input: InputSpec) -> ClinicalText {
        t("must_be_finite", "{0} must be a finite number ({1})", [input.named, input.rangeArgument])
    }

    public static func notAnOption(_ value: Double, _ input: InputSpec) -> ClinicalText {
        t("not_an_option", "{0} is not an option for {1} (allowed: {2})", [.number(value), input.named, input.rangeArgument])
    }

    public static func wholeNumber(_ input: InputSpec) -> ClinicalText {
        t("whole_number", "{0} must be a whole number ({1})", [input.named, input.rangeArgument])
    }

    /// "0 kg is outside 0.1–300 kg".
    public static func outside(_ value: Double, _ input: InputSpec) -> ClinicalText {
        guard let unit = input.unitText else { return t("outside", "{0} is outside {1}", [.number(value), input.rangeArgument]) }
        return t("outside_unit", "{0} {1} is outside {2}", [.number(value), unit, input.rangeArgument])
    }

    public static func notABoolean(_ typed: String, _ input: InputSpec) -> ClinicalText {
        t("not_a_boolean", "‘{0}’ is not a boolean; {1} takes true or false", [.plain(typed), input.named])
    }

    public static func mustBeBoolean(_ input: InputSpec) -> ClinicalText {
        t("must_be_boolean", "{0} must be a boolean (true or false)", [input.named])
    }

    public static func mustBeDate(_ input: InputSpec) -> ClinicalText {
        t("must_be_date", "{0} must be a date string YYYY-MM-DD", [input.named])
    }

    public static func notADate(_ typed: String, _ input: InputSpec) -> ClinicalText {
        t("not_a_date", "‘{0}’ is not a date; {1} takes YYYY-MM-DD", [.plain(typed), input.named])
    }

    public static func mustBeString(_ input: InputSpec) -> ClinicalText {
        t("must_be_string", "{0} must be a string ({1})", [input.named, input.rangeArgument])
    }

    public static func notAllowed(_ typed: String, _ input: InputSpec) -> ClinicalText {
        t("not_allowed", "‘{0}’ is not allowed for {1} (allowed: {2})", [.plain(typed), input.named, input.rangeArgument])
    }

    /// Two inputs that give one quantity (or pick one method): "give a (range) or b (range), not both".
    public static func oneNotBoth(_ a: InputSpec, _ b: InputSpec) -> ClinicalText {
        t("one_not_both", "give {0} ({1}) or {2} ({3}), not both", [a.named, a.rangeArgument, b.named, b.rangeArgument])
    }

    /// "give a or b, not both", for inputs whose ranges the form already shows beside them.
    public static func oneNotBothNamed(_ a: InputSpec, _ b: InputSpec) -> ClinicalText {
        t("one_not_both_named", "give {0} or {1}, not both", [a.named, b.named])
    }

    /// "a (range) or b (range) is required"; `withUnit: false` gives the ranges bare ("0–730").
    public static func eitherRequired(_ a: InputSpec, _ b: InputSpec, withUnit: Bool = true) -> ClinicalText {
        t("either_required", "{0} ({1}) or {2} ({3}) is required",
          [a.named, .text(a.rangeText(withUnit: withUnit)), b.named, .text(b.rangeText(withUnit: withUnit))])
    }

    /// "give gestational_age_weeks (22–44) with gestational_age_days".
    public static func giveWith(_ needed: InputSpec, _ given: InputSpec) -> ClinicalText {
        t("give_with", "give {0} ({1}) with {2}", [needed.named, .text(needed.rangeText(withUnit: false)), given.named])
    }

    /// Every shared text with sample arguments: what the catalogues must hold (ClinicalCatalogueTests).
    public static var declaredTexts: [ClinicalText] {
        let number = InputSpec(key: "n", label: "", unit: "kg", kind: .number, range: 0...1)
        let weeks = InputSpec(key: "w", label: "", unit: "weeks", kind: .number, range: 0...1)
        let bare = InputSpec(key: "b", label: "", kind: .number, range: 0...1)
        let texts = [
            unknownInput(tool: "t", key: "k", inputs: []), required(number), notANumber("", number), mustBeNumber(number),
            mustBeFinite(number), notAnOption(0, number), wholeNumber(number), outside(0, number), outside(0, bare),
            notABoolean("", number), mustBeBoolean(number), mustBeDate(number), notADate("", number), mustBeString(number),
            notAllowed("", number), oneNotBoth(number, bare), oneNotBothNamed(number, bare), eitherRequired(number, bare),
            giveWith(number, bare),
            InputSpec(key: "f", label: "", kind: .boolean).rangeText(), InputSpec(key: "d", label: "", kind: .date).rangeText(),
            weeks.rangeText(), bare.rangeText(), InputSpec(key: "c", label: "", kind: .word([])).rangeText(),
        ]
        let units = InputSpec.unitWords.map { ClinicalText("calc.unit.\($0)", $0) }
        return texts + units
    }
}

extension ToolSpec {
    /// The shared rule messages for two of this tool's inputs, by key.
    func oneNotBoth(_ a: String, _ b: String) -> ClinicalText { InputErrorText.oneNotBoth(input(a)!, input(b)!) }
    func oneNotBothNamed(_ a: String, _ b: String) -> ClinicalText { InputErrorText.oneNotBothNamed(input(a)!, input(b)!) }
    func eitherRequired(_ a: String, _ b: String, withUnit: Bool = true) -> ClinicalText {
        InputErrorText.eitherRequired(input(a)!, input(b)!, withUnit: withUnit)
    }
    func giveWith(_ needed: String, _ given: String) -> ClinicalText { InputErrorText.giveWith(input(needed)!, input(given)!) }

    /// A rule message of this tool alone (`calc.<tool>.error.<rule>`).
    func errorText(_ rule: String, _ english: String, _ args: [ClinicalText.Argument]) -> ClinicalText {
        ClinicalText("\(keyPrefix).error.\(rule)", english, args)
    }
}
