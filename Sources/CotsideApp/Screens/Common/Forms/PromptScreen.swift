import TerminalUI

/// A one-field form (search text, a date to jump to); Enter hands the form to `onSubmit`.
@MainActor
final class PromptScreen: WardFormScreen {
    private let onSubmit: @MainActor (FormState, AppContext) -> Intent

    init(titleKey: String, field: FormField, _ context: AppContext,
         onSubmit: @escaping @MainActor (FormState, AppContext) -> Intent) {
        self.onSubmit = onSubmit
        super.init(titleKey: titleKey, fields: [field], context)
    }
    override var hasUnsavedInput: Bool { false }

    override func submit(_ context: AppContext) -> Intent { onSubmit(state, context) }
}
