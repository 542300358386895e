import TerminalUI
import WardStore

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
    /// What the action needs beyond being signed in (`WardPermission`, the one table): for a
    /// member without it the bar, the help overlay and the palette grey it out and say why, and
    /// pressing it says why, records the refusal and does nothing else.
    public var needs: WardPermission?

    public init(_ keys: [Key], _ action: Action, label: String = "", help: String, group: String,
                needs: WardPermission? = nil) {
        self.keys = keys
        self.action = action
        self.label = label
        self.help = help
        self.group = group
        self.needs = needs
    }

    @MainActor
    func erased(_ context: AppContext) -> KeyBinding {
        KeyBinding(keys, action: action.rawValue, label: label, help: help, group: group,
                   disabledReason: context.refusal(needs))
    }
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
    public func keyMap(_ context: AppContext) -> KeyMap { KeyMap(bindings(context).map { $0.erased(context) }) }

    /// The `Screen` requirement the shell calls with an id, from a key or the palette. It must
    /// keep `Screen`'s signature: under another name `Screen`'s default (`.ignored`) would answer
    /// and every key be dead. An action whose binding needs a permission the member lacks is
    /// refused here, once for every screen (`PermissionGate`).
    public func perform(_ id: String, _ context: AppContext) -> Intent {
        guard let action = Action(rawValue: id) else { return .ignored }
        if let needs = bindings(context).first(where: { $0.action == action })?.needs, context.refusal(needs) != nil {
            return PermissionGate.refuse(needs, context)
        }
        return perform(action, context)
    }
}
