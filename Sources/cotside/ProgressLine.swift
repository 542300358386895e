import Foundation
import TerminalUI

/// One line on stderr rewritten in place ("exporting nappies: 120000 records"), only when
/// stderr is a terminal, so scripts and logs never see it. The text is sanitised; only the
/// carriage return and erase-line sequence around it are raw.
struct ProgressLine: Sendable {
    let isShown = isatty(STDERR_FILENO) == 1

    func show(_ text: String) {
        guard isShown else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + TerminalText.sanitized(text)).utf8))
    }

    func clear() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
