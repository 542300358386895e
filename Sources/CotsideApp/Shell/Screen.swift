import TerminalUI
import WardStore

/// How a screen occupies the window: the whole content area, or floating over what is below
/// (dialogs, help, palette draw their own frame and leave the rest visible).
public enum Presentation: Sendable, Equatable {
    case content
    case floating
}

/// One level of the screen stack. Screens keep their state in small structs, turn events into
/// intents, and render as a pure function of that state; all side effects go through intents:
/// store work as a `.command` (its result comes back to `CommandScreen.update`), writes as a
/// `.write`, shell actions as `.shell`.
@MainActor
public protocol Screen: CommandAsker {
    /// The name the help overlay and the palette show for this screen.
    func title(_ context: AppContext) -> String
    /// This screen's bindings; the function bar and the help overlay are generated from them.
    func keyMap(_ context: AppContext) -> KeyMap
    /// Raw events first (typing, mouse, arrows inside a widget); `.ignored` lets the shell
    /// look the key up in `keyMap` and call `perform`.
    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent
    /// Runs one of this screen's actions by id, from a key or from the command palette
    /// (`ActionScreen` derives it from the typed actions).
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
    /// Called when the screen is first shown, when its tab comes to the front, and whenever the
    /// ward's data changed: return a `.command` that loads what it shows (render stays pure).
    func reload(_ context: AppContext) -> Intent
}

extension Screen {
    public func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent { .ignored }
    public func perform(_ action: String, _ context: AppContext) -> Intent { .ignored }
    public var presentation: Presentation { .content }
    public var hasUnsavedInput: Bool { false }
    public var isBlocking: Bool { false }
    public var capturesText: Bool { false }
    public func reload(_ context: AppContext) -> Intent { .ignored }
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
    /// Run an action chosen by id in the palette: the shell's own, else the screen in front's,
    /// else the active tab's (`AppShell.perform(_:)`). Screens name actions by case instead.
    case runAction(id: String)
    /// Run one of the shell's own actions.
    case shell(ShellAction)
    /// Store work; its result comes back to the screen that asked, as a message (see `Command`).
    case command(Command)
    /// A ward write, run the one way every write is run (see `WardWrite`).
    case write(WardWrite)
    /// Work the screen that asked does next, on the main actor: a confirmation's answer going
    /// back to the form that asked the question. It runs as the screen in front at that moment
    /// (put it after the confirmation's `.pop`).
    case followUp(@MainActor (AppContext) -> Intent)
    case message(Message)
    /// Several intents in order.
    case all([Intent])
    /// Changes what the session knows (user at the keyboard, selected patient, ward settings,
    /// what `u` undoes); the shell applies it to the context.
    case session(SessionChange)
    /// Rings the terminal bell once (an overdue dose); the runner passes it to the backend.
    case bell
}

/// A change to the session state held in `AppContext`.
public enum SessionChange: Sendable {
    case user(Staff)
    /// A member proved who they are at the keyboard (PIN, or a ward without PINs): the lock
    /// screen goes; someone other than the member signed in before takes over, and that
    /// member's open screens and undo go with them (`AppShell.signedIn`).
    case signedIn(Staff, pinSet: Bool)
    /// The signed-in member's own record changed here (the ward admin flag): the session keeps
    /// up, with no new sign-in. Ignored for anyone else.
    case userUpdated(Staff)
    /// An explicit choice of patient (nil: the whole ward); see `AppContext.patientChoice`.
    case selectedPatient(Patient?)
    /// The Dashboard's selected cot; `moved` when the user moved the selection (which ends
    /// any explicit choice), false when a reload merely refreshed it.
    case dashboardPatient(Patient?, moved: Bool)
    case wardSettings(WardSettings)
    /// The drug table's sign-off as the store now holds it (another workstation, `cotside drugs sign-off`).
    case drugTableSignOff(DrugTableSignOff?)
    case undoable(UndoRecord?)
    /// Ward-wide due / overdue dose counts for the status line.
    case doseCounts(DoseCounts)
    /// The ward's automatic-backup record (About, and a standing failure on the status line).
    case backupRecord(BackupRecord)
}

/// How many dose slots need someone now across the ward (the status line shows them).
public struct DoseCounts: Sendable, Hashable {
    public var due: Int
    public var overdue: Int

    public init(due: Int, overdue: Int) {
        self.due = due
        self.overdue = overdue
    }
}

/// The last write of this session that `u` can take back.
public struct UndoRecord: Sendable, Hashable {
    /// Audit entries to pass to the store's `undo`.
    public var auditEntryIds: [Int64]
    /// What was done, e.g. "wet nappy for bed 3": shown in the undo message.
    public var summary: String

    public init(auditEntryIds: [Int64], summary: String) {
        self.auditEntryIds = auditEntryIds
        self.summary = summary
    }
}
