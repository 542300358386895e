import Foundation
import TerminalUI

/// Every line this command prints goes through `TerminalText.sanitized`: this `print` shadows
/// the standard library's in the `cotside` module, so a name stored with ESC[2J cannot clear
/// the screen of whoever lists the ward. JSON output is unaffected (JSON escapes controls).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(TerminalText.sanitized(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}

/// The same for messages on stderr.
func printError(_ text: String) {
    FileHandle.standardError.write(Data(TerminalText.sanitized(text).utf8))
}
