/// One thing wrong with one input (or `tool` / `input` for the call as a whole).
public struct FieldError: Error, Sendable, Equatable {
    public var field: String
    /// The English message: what `--json` and `calc --batch` carry (the contract's, never localised).
    public var message: String
    /// The same message as a catalogue key with arguments, for people in their language; nil
    /// for a message that is English only (then `message` is shown as it is).
    public var text: ClinicalText?

    public init(field: String, message: String) {
        self.field = field
        self.message = message
        self.text = nil
    }

    /// A message worded by the catalogue; the English `message` follows from it.
    public init(field: String, _ text: ClinicalText) {
        self.field = field
        self.message = text.englishText
        self.text = text
    }

    /// The message in the lookup's language; `naming` names inputs (a form's labels) where the
    /// command line names their keys.
    public func message(_ lookup: (any ClinicalLookup)?, naming: ((String) -> String?)? = nil) -> String {
        text?.resolved(lookup, naming: naming) ?? message
    }
}

/// Every problem found in a call, reported together so a user can fix them at once.
public struct ToolErrors: Error, Sendable, Equatable {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) { self.errors = errors }
    public init(field: String, _ message: String) { errors = [FieldError(field: field, message: message)] }
    public init(field: String, _ text: ClinicalText) { errors = [FieldError(field: field, text)] }
}
