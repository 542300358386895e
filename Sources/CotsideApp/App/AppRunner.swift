import Foundation
import TerminalUI

/// The event loop: await the next message, let the shell update its state, draw if anything
/// visible changed. Input is waited for off the main actor (`InputWaiter`) and read here, where
/// curses lives; command results, other processes' writes and the clock arrive on the same
/// queue. Nothing polls and nothing sleeps: an idle app waits on one `await`.
///
///     keys ─▶ InputWaiter ─┐
///     store changes ───────┼─▶ MessageQueue ─▶ shell.receive ─▶ screen ─▶ Intent
///     clock (1 s) ─────────┤                                              │
///     command results ◀────┴──────────── shell.run(Command) ◀─────────────┘
@MainActor
public final class AppRunner {
    let shell: AppShell
    let backend: TerminalBackend
    /// What was last sent to the backend; an unchanged frame is not flushed.
    private var lastFrame: Buffer?
    /// Called after every draw, with whether a frame was sent to the backend (the latency
    /// benchmark times keys with it).
    public var onDraw: ((_ flushed: Bool) -> Void)?

    public init(shell: AppShell, backend: TerminalBackend) {
        self.shell = shell
        self.backend = backend
    }

    /// Runs until the user quits or input ends (the terminal hung up).
    public func run() async {
        backend.setTheme(shell.context.theme)
        let messages = shell.messages
        let waiter = backend.readiness.map { ready in
            InputWaiter(keys: ready.keys, signals: ready.signals) { messages.post(.inputReady) }
        }
        let clock = Task {
            // Ticks on each whole second of the wall clock, so the status line's minute turns on time.
            while !Task.isCancelled {
                let now = Date().timeIntervalSince1970
                try? await Task.sleep(for: .milliseconds(Int((now.rounded(.down) + 1 - now) * 1000) + 1))
                messages.post(.tick)
            }
        }
        shell.startObservingStore()
        waiter?.start()
        defer {
            waiter?.stop()
            clock.cancel()
            shell.stopObservingStore()
        }
        draw()
        while !shell.wantsQuit, let message = await messages.next() {
            if case .inputReady = message {
                guard readInput() else { break }
                waiter?.rearm(watchKeys: backend.ownsKeyboard)
            } else {
                shell.receive(message)
            }
            draw()
        }
        await shell.settle()
    }

    /// Hands every event the terminal has ready to the shell; false when input has ended.
    private func readInput() -> Bool {
        while !shell.wantsQuit {
            guard let event = backend.readEvent(timeoutMs: 0) else { return false }
            if case .tick = event { return true }
            shell.handle(event)
        }
        return true
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

    /// Renders the frame and sends it only when something visible changed (or a full redraw
    /// is owed after a theme change or resize).
    private func draw() {
        if shell.pendingBells > 0 {
            shell.pendingBells = 0
            backend.bell()
        }
        let size = backend.size
        let frame = shell.render(width: size.width, height: size.height)
        if shell.needsFullRedraw {
            backend.setTheme(shell.context.theme)
            backend.invalidate()
            shell.needsFullRedraw = false
        } else if frame == lastFrame {
            onDraw?(false)
            return
        }
        backend.flush(frame)
        lastFrame = frame
        onDraw?(true)
    }
}
