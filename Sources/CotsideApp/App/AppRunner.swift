import Foundation
import TerminalUI

/// The event loop: read an event, let the shell handle it, draw, flush the diff.
/// Everything runs on the main actor, where curses lives; waiting is done by the backend's
/// read timeout, and `Task.yield()` lets store observations deliver between frames.
@MainActor
public final class AppRunner {
    let shell: AppShell
    let backend: TerminalBackend
    /// Milliseconds a read waits before a `.tick`; short enough for a live clock and store updates.
    let readTimeoutMs: Int

    public init(shell: AppShell, backend: TerminalBackend, readTimeoutMs: Int = 250) {
        self.shell = shell
        self.backend = backend
        self.readTimeoutMs = readTimeoutMs
    }

    /// Runs until the user quits or input ends (a headless script ran out).
    public func run() async {
        backend.setTheme(shell.context.theme)
        draw()
        while !shell.wantsQuit {
            guard let event = backend.readEvent(timeoutMs: readTimeoutMs) else { break }
            shell.handle(event)
            draw()
            await Task.yield()
        }
    }

    /// Replays events without waiting (snapshots and tests), then draws once.
    public func replay(_ events: [TerminalEvent]) {
        backend.setTheme(shell.context.theme)
        for event in events where !shell.wantsQuit {
            if case .resize = event { draw() }
            shell.handle(event)
        }
        draw()
    }

    private func draw() {
        if shell.needsFullRedraw {
            backend.setTheme(shell.context.theme)
            backend.invalidate()
            shell.needsFullRedraw = false
        }
        let size = backend.size
        backend.flush(shell.render(width: size.width, height: size.height))
    }
}
