/// One thing wrong with one input (or `tool` / `input` for the call as a whole).
public struct FieldError: Error, Sendable, Equatable {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// Every problem found in a call, reported together so a user can fix them at once.
public struct ToolErrors: Error, Sendable, Equatable {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) { self.errors = errors }
    public init(field: String, _ message: String) { errors = [FieldError(field: field, message: message)] }
}
