import Foundation

/// A number input's rules: valid range and unit. Out-of-range input is reported, never clamped.
public struct NumberSpec: Hashable, Sendable {
    public var range: ClosedRange<Double>
    public var unit: String
    /// Whether a fractional value is allowed.
    public var allowsFraction: Bool

    public init(range: ClosedRange<Double>, unit: String, allowsFraction: Bool = true) {
        self.range = range
        self.unit = unit
        self.allowsFraction = allowsFraction
    }

    /// "0.3" / "10": the shortest honest text for a bound.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// One option of a choice field: a short title and a descriptor shown beside it.
public struct ChoiceOption: Hashable, Sendable {
    public var title: String
    public var descriptor: String
    public init(_ title: String, descriptor: String = "") {
        self.title = title
        self.descriptor = descriptor
    }
}

/// What kind of input a field takes.
public enum FieldKind: Hashable, Sendable {
    case text(maxLength: Int)
    case number(NumberSpec)
    case choice([ChoiceOption])
    case toggle
    /// Accepts the `TimeShortcut` forms and shows what it understood.
    case dateTime
}

/// The verdict on a field's current input.
public enum FieldCheck: Hashable, Sendable {
    /// Nothing entered and nothing required.
    case empty
    /// Acceptable; `understood` is shown beside the field (a date in words, a choice's descriptor).
    case valid(understood: String?)
    /// Not acceptable; the message names what is wrong and what is allowed.
    case invalid(String)

    public var isAcceptable: Bool {
        if case .invalid = self { return false }
        return true
    }
}

/// The clock and words a form needs to judge its fields (date-time fields are relative to now).
public struct FormContext: Hashable, Sendable {
    public var now: Date
    public var timeZone: TimeZone
    public var strings: UIStrings

    public init(now: Date, timeZone: TimeZone = .current, strings: UIStrings = .english) {
        self.now = now
        self.timeZone = timeZone
        self.strings = strings
    }
}

/// One field: its definition plus what the user has entered so far.
public struct FormField: Hashable, Sendable {
    public var id: String
    public var label: String
    public var kind: FieldKind
    public var isRequired: Bool
    /// Typed text (text, number and date-time fields).
    public var text: String
    /// Insertion point in `text`, in characters.
    public var cursor: Int
    /// Selected option (choice fields); nil until one is picked.
    public var choice: Int?
    /// Toggle fields.
    public var isOn: Bool
    /// The text is a prefilled value (remembered or default) selected as a whole: the first
    /// character typed replaces it, as in every form toolkit; a cursor key or Backspace starts
    /// editing it instead. Ends at the first key that edits the field.
    public var isSelected: Bool
    /// A PIN or password: drawn as one mask glyph per character, never as what was typed.
    public var isSecret = false
    /// The input takes the row's width rather than the form's input column: a file or folder
    /// path, whose end (the file's name) the narrow column scrolled out of sight.
    public var fillsRow = false

    public init(id: String, label: String, kind: FieldKind, isRequired: Bool = false,
                text: String = "", choice: Int? = nil, isOn: Bool = false) {
        self.id = id
        self.label = label
        self.kind = kind
        self.isRequired = isRequired
        self.text = text
        self.cursor = text.count
        self.choice = choice
        self.isOn = isOn
        self.isSelected = !text.isEmpty
    }

    public static func text(_ id: String, label: String, maxLength: Int = 200, required: Bool = false,
                            value: String = "") -> FormField {
        FormField(id: id, label: label, kind: .text(maxLength: maxLength), isRequired: required, text: value)
    }

    /// A file or folder path: a text field as wide as the row.
    public static func path(_ id: String, label: String, maxLength: Int = 1000, required: Bool = true,
                            value: String = "") -> FormField {
        var field = text(id, label: label, maxLength: maxLength, required: required, value: value)
        field.fillsRow = true
        return field
    }

    /// A text field whose characters are never drawn (a PIN typed twice).
    public static func secret(_ id: String, label: String, maxLength: Int = 64, required: Bool = false) -> FormField {
        var field = FormField(id: id, label: label, kind: .text(maxLength: maxLength), isRequired: required)
        field.isSecret = true
        return field
    }

    public static func number(_ id: String, label: String, spec: NumberSpec, required: Bool = true,
                              value: String = "") -> FormField {
        FormField(id: id, label: label, kind: .number(spec), isRequired: required, text: value)
    }

    public static func choice(_ id: String, label: String, options: [ChoiceOption], selected: Int? = nil,
                              required: Bool = true) -> FormField {
        FormField(id: id, label: label, kind: .choice(options), isRequired: required, choice: selected)
    }

    public static func toggle(_ id: String, label: String, isOn: Bool = false) -> FormField {
        FormField(id: id, label: label, kind: .toggle, isOn: isOn)
    }

    public static func dateTime(_ id: String, label: String, value: String = "now", required: Bool = true) -> FormField {
        FormField(id: id, label: label, kind: .dateTime, isRequired: required, text: value)
    }

    /// Whether the field edits `text` (cursor keys move within it).
    public var isTextual: Bool {
        switch kind {
        case .text, .number, .dateTime: return true
        case .choice, .toggle: return false
        }
    }

    /// The number entered ("," accepted as decimal mark), if it parses; not range-checked.
    public var numberValue: Double? {
        let t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) else { return nil }
        return Double(t)
    }

    /// The date-time entered, if it parses.
    public func dateValue(_ context: FormContext) -> Date? {
        guard case .dateTime = kind else { return nil }
        return try? TimeShortcut.parse(text, now: context.now, timeZone: context.timeZone).get()
    }

    /// Judges the current input. Numbers out of range are invalid with a message naming the range.
    public func check(_ context: FormContext) -> FieldCheck {
        let strings = context.strings
        let blank = text.trimmingCharacters(in: .whitespaces).isEmpty
        switch kind {
        case .toggle:
            return .valid(understood: nil)
        case .choice(let options):
            guard let choice, options.indices.contains(choice) else {
                return isRequired ? .invalid(strings.required) : .empty
            }
            let descriptor = options[choice].descriptor
            return .valid(understood: descriptor.isEmpty ? nil : descriptor)
        case .text(let maxLength):
            if blank { return isRequired ? .invalid(strings.required) : .empty }
            if text.count > maxLength { return .invalid(UIStrings.fill(strings.textTooLong, ["max": "\(maxLength)"])) }
            return .valid(understood: nil)
        case .number(let spec):
            if blank { return isRequired ? .invalid(strings.required) : .empty }
            let rangeMessage = UIStrings.fill(strings.numberOutOfRange, [
                "min": NumberSpec.format(spec.range.lowerBound),
                "max": NumberSpec.format(spec.range.upperBound),
                "unit": spec.unit,
            ]).trimmingCharacters(in: .whitespaces)
            guard let value = numberValue, value.isFinite else {
                return .invalid("‘\(text)’ \(strings.numberNotANumber); \(rangeMessage)")
            }
            if !spec.allowsFraction && value != value.rounded() { return .invalid(rangeMessage) }
            if !spec.range.contains(value) { return .invalid(rangeMessage) }
            return .valid(understood: nil)
        case .dateTime:
            if blank { return isRequired ? .invalid(strings.required) : .empty }
            switch TimeShortcut.parse(text, now: context.now, timeZone: context.timeZone) {
            case .success(let date):
                return .valid(understood: strings.understoodPrefix
                              + TimeShortcut.describe(date, now: context.now, timeZone: context.timeZone, strings: strings))
            case .failure(let failure):
                guard let template = strings.dateTimeInvalid else { return .invalid(failure.message) }
                return .invalid(UIStrings.fill(template, ["input": text, "examples": TimeShortcut.examples]))
            }
        }
    }

    /// Whether a typed character may go into this field (numbers take digits, "." "," "-").
    func accepts(_ ch: Character) -> Bool {
        switch kind {
        case .number: return ch.isASCII && (ch.isNumber || ch == "." || ch == "," || ch == "-")
        case .text(let maxLength): return text.count < maxLength && !ch.isNewline
        case .dateTime: return text.count < 40 && !ch.isNewline
        case .choice, .toggle: return false
        }
    }
}
