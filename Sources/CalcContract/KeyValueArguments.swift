import Clinical

/// Parses `key=value` command-line arguments into raw text values for a single call.
/// Typing is left to validation (origin `.text`), which reads numbers and booleans from text.
public enum KeyValueArguments {
    public static func parse(_ arguments: [String]) -> Result<[String: RawValue], ToolErrors> {
        var values: [String: RawValue] = [:]
        var errors: [FieldError] = []
        for argument in arguments {
            guard let eq = argument.firstIndex(of: "=") else {
                errors.append(FieldError(field: argument, CallErrorText.notKeyValue(argument)))
                continue
            }
            let key = String(argument[..<eq]).trimmingSpaces
            let value = String(argument[argument.index(after: eq)...])
            guard !key.isEmpty else {
                errors.append(FieldError(field: "input", CallErrorText.noKey(argument)))
                continue
            }
            guard values[key] == nil else {
                errors.append(FieldError(field: key, CallErrorText.givenTwice(key)))
                continue
            }
            values[key] = .string(value)
        }
        return errors.isEmpty ? .success(values) : .failure(ToolErrors(errors))
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
