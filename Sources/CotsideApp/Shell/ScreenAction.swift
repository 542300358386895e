import TerminalUI

/// A screen's actions as an enum: key maps bind keys to its cases, the screen's `perform`
/// switches over them (the compiler proves every case handled), and the help overlay, the
/// function bar and the palette all read the same bindings. Raw values are stable ids.
public protocol ScreenAction: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// One typed binding: the keys, the action, and the words the bar and the help overlay show.
public struct Binding<Action: ScreenAction> {
    public var keys: [Key]
    public var action: Action
    /// Short label for the function bar; empty keeps it off the bar.
    public var label: String
    /// The sentence in the help overlay and the palette.
    public var help: String
    public var group: String

    public init(_ keys: [Key], _ action: Action, label: String = "", help: String, group: String) {
        self.keys = keys
        self.action = action
        self.label = label
        self.help = help
        self.group = group
    }

    var erased: KeyBinding { KeyBinding(keys, action: action.rawValue, label: label, help: help, group: group) }
}

/// A screen with typed actions. It declares `bindings` and `perform(_: Action)`; the erased
/// `keyMap` and `perform(_ id: String)` the shell routes through are derived here, once (the
/// same name as `Screen`'s requirement, so it is the one the shell calls).
@MainActor
public protocol ActionScreen: Screen {
    associatedtype Action: ScreenAction
    func bindings(_ context: AppContext) -> [Binding<Action>]
    func perform(_ action: Action, _ context: AppContext) -> Intent
}

extension ActionScreen {
    public func keyMap(_ context: AppContext) -> KeyMap { KeyMap(bindings(context).map(\.erased)) }

    /// The `Screen` requirement the shell calls with an id. It must keep `Screen`'s signature:
    /// under another name `Screen`'s default (`.ignored`) would answer and every key be dead.
    public func perform(_ id: String, _ context: AppContext) -> Intent {
        Action(rawValue: id).map { perform($0, context) } ?? .ignored
    }
}
