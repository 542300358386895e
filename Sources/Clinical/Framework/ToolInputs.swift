import Foundation

/// Inputs that passed the spec's type and range checks. Tools read them by key;
/// cross-field rules ("age or weight, not both") are the tool's to check.
/// Stored as a short key/value list: a tool has a handful of inputs, so a linear scan of
/// (mostly small, inline) keys is several times cheaper than hashing every key per call.
public struct ToolInputs: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var key: String
        var value: InputValue
    }

    private var entries: [Entry]

    public init(_ values: [String: InputValue]) {
        entries = values.map { Entry(key: $0.key, value: $0.value) }
    }

    /// Keys must be distinct; validation guarantees it.
    init(entries: [Entry]) { self.entries = entries }

    /// Every input by key.
    public var values: [String: InputValue] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public static func == (a: ToolInputs, b: ToolInputs) -> Bool { a.values == b.values }

    @inline(__always)
    private func value(_ key: String) -> InputValue? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    public func has(_ key: String) -> Bool { value(key) != nil }

    /// A required number; validation guarantees presence for required inputs.
    public func number(_ key: String) -> Double {
        guard case .number(let v)? = value(key) else { preconditionFailure("missing number \(key)") }
        return v
    }

    public func optionalNumber(_ key: String) -> Double? {
        if case .number(let v)? = value(key) { return v }
        return nil
    }

    public func int(_ key: String) -> Int { Int(number(key)) }

    public func optionalInt(_ key: String) -> Int? { optionalNumber(key).map { Int($0) } }

    /// A boolean finding; absent means false.
    public func flag(_ key: String) -> Bool {
        if case .bool(let v)? = value(key) { return v }
        return false
    }

    public func word(_ key: String) -> String {
        guard case .word(let v)? = value(key) else { preconditionFailure("missing word \(key)") }
        return v
    }

    public func optionalWord(_ key: String) -> String? {
        if case .word(let v)? = value(key) { return v }
        return nil
    }

    public func date(_ key: String) -> CalendarDate? {
        if case .date(let v)? = value(key) { return v }
        return nil
    }
}

extension ToolSpec {
    /// Checks raw values against the declarations: unknown keys, missing required keys,
    /// wrong types, out-of-range numbers. Never clamps. Reports every problem at once.
    public func validate(_ raw: [String: RawValue], origin: RawOrigin) -> Result<ToolInputs, ToolErrors> {
        validate(members: raw.map { (key: $0.key, value: $0.value) }, origin: origin)
    }

    /// Same checks over key/value pairs with distinct keys (the batch path: no dictionary
    /// to build or hash per line). Errors come out in the same order as from `validate(_:)`.
    public func validate(members raw: [(key: String, value: RawValue)], origin: RawOrigin) -> Result<ToolInputs, ToolErrors> {
        var errors: [FieldError] = []
        var values: [ToolInputs.Entry] = []
        values.reserveCapacity(raw.count)
        // Sorting only the unknown keys keeps the common (all known) case free of allocation.
        if raw.contains(where: { !hasInput($0.key) }) {
            for key in raw.lazy.map(\.key).filter({ !self.hasInput($0) }).sorted() {
                errors.append(FieldError(field: key, InputErrorText.unknownInput(tool: id, key: key, inputs: inputs.map(\.key))))
            }
        }
        for index in inputs.indices {
            let key = inputs[index].key
            var found: RawValue?
            for member in raw where member.key == key { found = member.value; break }
            guard let value = found, value != .null else {
                if inputs[index].isRequired && !isBooleanDefaultingFalse(inputs[index]) {
                    errors.append(FieldError(field: key, InputErrorText.required(inputs[index])))
                }
                continue
            }
            switch inputs[index].check(value, origin: origin) {
            case .success(let v): values.append(ToolInputs.Entry(key: key, value: v))
            case .failure(let e): errors.append(e)
            }
        }
        return errors.isEmpty ? .success(ToolInputs(entries: values)) : .failure(ToolErrors(errors))
    }

    /// Whether the spec declares `key`, without copying the declaration.
    private func hasInput(_ key: String) -> Bool {
        for index in inputs.indices where inputs[index].key == key { return true }
        return false
    }

    private func isBooleanDefaultingFalse(_ spec: InputSpec) -> Bool {
        if case .boolean = spec.kind { return true }
        return false
    }
}

extension InputSpec {
    /// Types and range-checks one value.
    func check(_ value: RawValue, origin: RawOrigin) -> Result<InputValue, FieldError> {
        func fail(_ text: ClinicalText) -> Result<InputValue, FieldError> {
            .failure(FieldError(field: key, text))
        }
        switch kind {
        case .number, .integer, .choice:
            let number: Double
            switch (value, origin) {
            case (.number(let n), _): number = n
            case (.string(let s), .text):
                guard let n = NumberText.parse(s), n.isFinite else { return fail(InputErrorText.notANumber(s, self)) }
                number = n
            default:
                return fail(InputErrorText.mustBeNumber(self))
            }
            guard number.isFinite else { return fail(InputErrorText.mustBeFinite(self)) }
            if case .choice(let options) = kind {
                guard number == number.rounded(), options.contains(where: { Double($0.value) == number }) else {
                    return fail(InputErrorText.notAnOption(number, self))
                }
                return .success(.number(number))
            }
            if case .integer = kind, number != number.rounded() {
                return fail(InputErrorText.wholeNumber(self))
            }
            if let range, !range.contains(number) {
                return fail(InputErrorText.outside(number, self))
            }
            return .success(.number(number))
        case .boolean:
            switch (value, origin) {
            case (.bool(let b), _): return .success(.bool(b))
            case (.string(let s), .text):
                switch s.lowercased() {
                case "true", "yes", "1", "y": return .success(.bool(true))
                case "false", "no", "0", "n": return .success(.bool(false))
                default: return fail(InputErrorText.notABoolean(s, self))
                }
            default: return fail(InputErrorText.mustBeBoolean(self))
            }
        case .date:
            guard case .string(let s) = value else { return fail(InputErrorText.mustBeDate(self)) }
            guard let d = CalendarDate(iso: s) else { return fail(InputErrorText.notADate(s, self)) }
            return .success(.date(d))
        case .word(let words):
            guard case .string(let s) = value else { return fail(InputErrorText.mustBeString(self)) }
            let w = s.lowercased()
            guard words.contains(w) else { return fail(InputErrorText.notAllowed(s, self)) }
            return .success(.word(w))
        }
    }
}
