import Foundation
import TerminalUI

/// The event loop: read an event, let the shell handle it, draw, flush the diff.
/// Everything runs on the main actor, where curses lives; waiting is done by the backend's
/// read timeout, and `Task.yield()` lets store observations deliver between frames.
@MainActor
public final class AppRunner {
    let shell: AppShell
    let backend: TerminalBackend
    /// Milliseconds a read waits before a `.tick` when nothing is pending; short enough for a live
    /// clock and other workstations' changes.
    let readTimeoutMs: Int

    public init(shell: AppShell, backend: TerminalBackend, readTimeoutMs: Int = 250) {
        self.shell = shell
        self.backend = backend
        self.readTimeoutMs = readTimeoutMs
    }

    /// Runs until the user quits or input ends (a headless script ran out).
    public func run() async {
        backend.setTheme(shell.context.theme)
        shell.startObservingStore()
        defer { shell.stopObservingStore() }
        draw()
        while !shell.wantsQuit {
            // While store work is pending, poll input briefly so its results show at once.
            guard let event = backend.readEvent(timeoutMs: shell.isBusy ? 5 : readTimeoutMs) else { break }
            shell.handle(event)
            draw()
            // Store loads and writes finish on the main actor while we wait here (a few ms at most).
            let deadline = ContinuousClock.now + .milliseconds(30)
            repeat {
                try? await Task.sleep(for: .milliseconds(1))
            } while shell.isBusy && ContinuousClock.now < deadline
            if shell.needsRedraw {
                shell.needsRedraw = false
                draw()
            }
        }
        await shell.settle()
    }

    /// Replays events, letting every load or write they start finish before the next event,
    /// then draws once: what a user would see typing at human speed (snapshots, tests).
    public func replaySettled(_ events: [TerminalEvent]) async {
        backend.setTheme(shell.context.theme)
        await shell.settle()
        for event in events where !shell.wantsQuit {
            if case .resize = event { draw() }
            shell.handle(event)
            await shell.settle()
        }
        draw()
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
        if shell.pendingBells > 0 {
            shell.pendingBells = 0
            backend.bell()
        }
        let size = backend.size
        backend.flush(shell.render(width: size.width, height: size.height))
    }
}
