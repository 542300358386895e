import TerminalUI

extension Key {
    /// Keys that type a character; a screen taking text keeps them from the global shortcuts.
    var isPrintable: Bool {
        if case .char = self { return true }
        return false
    }
}
