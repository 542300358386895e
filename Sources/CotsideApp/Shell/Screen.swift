import TerminalUI

/// How a screen occupies the window: the whole content area, or floating over what is below
/// (dialogs, help, palette draw their own frame and leave the rest visible).
public enum Presentation: Sendable, Equatable {
    case content
    case floating
}

/// One level of the screen stack. Screens keep their state in small structs, turn events into
/// intents, and render as a pure function of that state; all side effects go through intents.
@MainActor
public protocol Screen: AnyObject {
    /// The name the help overlay and the palette show for this screen.
    func title(_ context: AppContext) -> String
    /// This screen's bindings; the function bar and the help overlay are generated from them.
    func keyMap(_ context: AppContext) -> KeyMap
    /// Raw events first (typing, mouse, arrows inside a widget); `.ignored` lets the shell
    /// look the key up in `keyMap` and call `perform`.
    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent
    /// Runs one of this screen's actions by id, from a key or from the command palette.
    func perform(_ action: String, _ context: AppContext) -> Intent
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext)
    var presentation: Presentation { get }
    /// True while a form holds input that would be lost by quitting or going back.
    var hasUnsavedInput: Bool { get }
    /// True when the screen must be answered before anything else (the disclaimer):
    /// no global key, no Esc, no tab switch reaches past it.
    var isBlocking: Bool { get }
    /// True while the screen is taking typed text, so printable keys are not shortcuts.
    var capturesText: Bool { get }
}

extension Screen {
    public func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent { .ignored }
    public func perform(_ action: String, _ context: AppContext) -> Intent { .ignored }
    public var presentation: Presentation { .content }
    public var hasUnsavedInput: Bool { false }
    public var isBlocking: Bool { false }
    public var capturesText: Bool { false }
}

/// What a screen asks the shell to do after an event.
@MainActor
public enum Intent {
    /// The screen did not use the event; the shell may treat it as a global key.
    case ignored
    /// The screen used the event (its state may have changed; the frame is redrawn).
    case handled
    case push(any Screen)
    /// Close this screen and go back one level.
    case pop
    /// Close this screen and open another in its place.
    case replace(any Screen)
    /// Run a shell action by id (the same ids the palette and key maps use).
    case perform(String)
    case message(Message)
    /// Several intents in order.
    case all([Intent])
}
