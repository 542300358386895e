/// One thing wrong with an input: which field, and a message that says what is allowed.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Thrown by store writes whose input fails validation; nothing is stored then.
public struct WardValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let issues: [ValidationIssue]

    public init(_ issues: [ValidationIssue]) { self.issues = issues }

    public var description: String { issues.map(\.description).joined(separator: "; ") }
}

/// A write that cannot happen for a reason other than bad field values (unknown id,
/// undo of an entry that was changed since, ...).
public struct WardStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
