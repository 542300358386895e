import Foundation

/// Inputs that passed the spec's type and range checks. Tools read them by key;
/// cross-field rules ("age or weight, not both") are the tool's to check.
public struct ToolInputs: Sendable, Equatable {
    public private(set) var values: [String: InputValue]

    public init(_ values: [String: InputValue]) { self.values = values }

    public func has(_ key: String) -> Bool { values[key] != nil }

    /// A required number; validation guarantees presence for required inputs.
    public func number(_ key: String) -> Double {
        guard case .number(let v)? = values[key] else { preconditionFailure("missing number \(key)") }
        return v
    }

    public func optionalNumber(_ key: String) -> Double? {
        if case .number(let v)? = values[key] { return v }
        return nil
    }

    public func int(_ key: String) -> Int { Int(number(key)) }

    public func optionalInt(_ key: String) -> Int? { optionalNumber(key).map { Int($0) } }

    /// A boolean finding; absent means false.
    public func flag(_ key: String) -> Bool {
        if case .bool(let v)? = values[key] { return v }
        return false
    }

    public func word(_ key: String) -> String {
        guard case .word(let v)? = values[key] else { preconditionFailure("missing word \(key)") }
        return v
    }

    public func optionalWord(_ key: String) -> String? {
        if case .word(let v)? = values[key] { return v }
        return nil
    }

    public func date(_ key: String) -> CalendarDate? {
        if case .date(let v)? = values[key] { return v }
        return nil
    }
}

extension ToolSpec {
    /// Checks raw values against the declarations: unknown keys, missing required keys,
    /// wrong types, out-of-range numbers. Never clamps. Reports every problem at once.
    public func validate(_ raw: [String: RawValue], origin: RawOrigin) -> Result<ToolInputs, ToolErrors> {
        var errors: [FieldError] = []
        var values: [String: InputValue] = [:]
        // Sorting only the unknown keys keeps the common (all known) case free of allocation.
        for key in raw.keys.filter({ input($0) == nil }).sorted() {
            errors.append(FieldError(field: key, message: "\(id) has no input ‘\(key)’ (inputs: \(inputs.map(\.key).joined(separator: ", ")))"))
        }
        for spec in inputs {
            guard let value = raw[spec.key], value != .null else {
                if spec.isRequired && !isBooleanDefaultingFalse(spec) {
                    errors.append(FieldError(field: spec.key, message: "\(spec.key) is required (\(spec.rangeDescription))"))
                }
                continue
            }
            switch spec.check(value, origin: origin) {
            case .success(let v): values[spec.key] = v
            case .failure(let e): errors.append(e)
            }
        }
        return errors.isEmpty ? .success(ToolInputs(values)) : .failure(ToolErrors(errors))
    }

    private func isBooleanDefaultingFalse(_ spec: InputSpec) -> Bool {
        if case .boolean = spec.kind { return true }
        return false
    }
}

extension InputSpec {
    /// Types and range-checks one value.
    func check(_ value: RawValue, origin: RawOrigin) -> Result<InputValue, FieldError> {
        func fail(_ message: String) -> Result<InputValue, FieldError> {
            .failure(FieldError(field: key, message: message))
        }
        switch kind {
        case .number, .integer, .choice:
            let number: Double
            switch (value, origin) {
            case (.number(let n), _): number = n
            case (.string(let s), .text):
                guard let n = Double(s.trimmingCharacters(in: .whitespaces)), n.isFinite else {
                    return fail("‘\(s)’ is not a number; \(key) takes \(rangeDescription)")
                }
                number = n
            default:
                return fail("\(key) must be a number (\(rangeDescription))")
            }
            guard number.isFinite else { return fail("\(key) must be a finite number (\(rangeDescription))") }
            if case .choice(let options) = kind {
                guard number == number.rounded(), options.contains(where: { Double($0.value) == number }) else {
                    return fail("\(NumberText.plain(number)) is not an option for \(key) (allowed: \(rangeDescription))")
                }
                return .success(.number(number))
            }
            if case .integer = kind, number != number.rounded() {
                return fail("\(key) must be a whole number (\(rangeDescription))")
            }
            if let range, !range.contains(number) {
                let shown = unit.map { "\(NumberText.plain(number)) \($0)" } ?? NumberText.plain(number)
                return fail("\(shown) is outside \(rangeDescription)")
            }
            return .success(.number(number))
        case .boolean:
            switch (value, origin) {
            case (.bool(let b), _): return .success(.bool(b))
            case (.string(let s), .text):
                switch s.lowercased() {
                case "true", "yes", "1", "y": return .success(.bool(true))
                case "false", "no", "0", "n": return .success(.bool(false))
                default: return fail("‘\(s)’ is not a boolean; \(key) takes true or false")
                }
            default: return fail("\(key) must be a boolean (true or false)")
            }
        case .date:
            guard case .string(let s) = value else { return fail("\(key) must be a date string YYYY-MM-DD") }
            guard let d = CalendarDate(iso: s) else { return fail("‘\(s)’ is not a date; \(key) takes YYYY-MM-DD") }
            return .success(.date(d))
        case .word(let words):
            guard case .string(let s) = value else { return fail("\(key) must be a string (\(rangeDescription))") }
            let w = s.lowercased()
            guard words.contains(w) else { return fail("‘\(s)’ is not allowed for \(key) (allowed: \(rangeDescription))") }
            return .success(.word(w))
        }
    }
}
