/// One action of a screen: the keys that trigger it and the words that describe it.
/// The function bar and the help overlay are generated from these, so keys live in one place.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    /// Stable id the screen switches on ("tab.next", "quit", "log.nappy").
    public var action: String
    /// Short label for the function bar ("Help", "Quit"); empty hides it from the bar.
    public var label: String
    /// Longer sentence for the help overlay.
    public var help: String
    /// Heading the help overlay groups under ("Navigation", "Records").
    public var group: String
    /// Why the person at the keyboard may not do this now ("only a doctor … may …"); nil when
    /// they may. The bar, the help overlay and the palette draw such a binding greyed.
    public var disabledReason: String?

    public init(_ keys: [Key], action: String, label: String, help: String, group: String = "",
                disabledReason: String? = nil) {
        self.keys = keys
        self.action = action
        self.label = label
        self.help = help
        self.group = group
        self.disabledReason = disabledReason
    }

    /// "Tab/S-Tab", "1", "C-c": the keys as a user would read them.
    public var keyNames: String { keys.map(\.name).joined(separator: "/") }
}

/// A screen's bindings as data. The first binding that lists a key wins.
public struct KeyMap: Hashable, Sendable {
    public var bindings: [KeyBinding]

    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> String? {
        bindings.first(where: { $0.keys.contains(key) })?.action
    }

    /// The binding for an action id (for labels and help).
    public func binding(for action: String) -> KeyBinding? {
        bindings.first(where: { $0.action == action })
    }

    /// This map followed by `other`: this one's keys take precedence.
    public func merged(with other: KeyMap) -> KeyMap { KeyMap(bindings + other.bindings) }

    /// Bindings grouped by `group`, groups in first-seen order.
    public var groups: [(group: String, bindings: [KeyBinding])] {
        var order: [String] = []
        var byGroup: [String: [KeyBinding]] = [:]
        for b in bindings {
            if byGroup[b.group] == nil { order.append(b.group) }
            byGroup[b.group, default: []].append(b)
        }
        return order.map { ($0, byGroup[$0] ?? []) }
    }
}
