import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits, on its own thread, until the terminal has input or a signal is queued, then says so
/// once and waits to be re-armed. It never reads: curses is single-threaded, so the main actor
/// reads what is ready when the message arrives. This is what lets the event loop await its
/// next message instead of blocking the main actor in a read with a timeout.
public final class InputWaiter: Sendable {
    private let keys: Int32
    private let signals: Int32
    private let wake: (read: Int32, write: Int32)
    private let onReady: @Sendable () -> Void
    /// Armed: the thread may wait again. Holds whether to watch the keyboard this time.
    private let arm = ArmSignal()
    /// How often a waiter in the background asks whether the terminal is ours again.
    static let foregroundCheckMs: Int32 = 250

    /// - Parameters:
    ///   - keys: the terminal's input descriptor (stdin).
    ///   - signals: the signal self-pipe (`TerminalSignals`), or -1.
    ///   - onReady: called on the waiter's thread each time something is ready.
    public init(keys: Int32, signals: Int32, onReady: @escaping @Sendable () -> Void) {
        self.keys = keys
        self.signals = signals
        self.onReady = onReady
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        wake = (ends[0], ends[1])
    }

    /// Starts the thread, armed and watching the keyboard.
    public func start() {
        arm.rearm(watchKeys: true)
        let thread = Thread { [self] in self.loop() }
        thread.name = "cotside-input"
        thread.start()
    }

    /// The loop has taken what was ready: wait again. `watchKeys` is false while the terminal
    /// belongs to someone else (suspended, in the background): then signals wake us, and so does
    /// becoming the foreground job again, which sends no signal when the job was already running
    /// (`fg` after a plain SIGCONT), so it is checked here every `foregroundCheckMs`.
    public func rearm(watchKeys: Bool) { arm.rearm(watchKeys: watchKeys) }

    /// Ends the thread (it closes the wake pipe on its way out).
    public func stop() {
        var byte: UInt8 = 0
        _ = write(wake.write, &byte, 1)
        arm.rearm(watchKeys: false)
    }

    private func loop() {
        defer {
            close(wake.read)
            close(wake.write)
        }
        while true {
            let watchKeys = arm.waitUntilArmed()
            var entries = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if watchKeys { entries.append(pollfd(fd: keys, events: Int16(POLLIN), revents: 0)) }
            var count: Int32 = 0
            repeat {
                count = poll(&entries, nfds_t(entries.count), watchKeys ? -1 : Self.foregroundCheckMs)
            } while count == 0 && tcgetpgrp(keys) != getpgrp()
            if entries[0].revents != 0 { return }
            // EINTR (a signal landed on this thread) is also worth a look: the loop checks the pipe.
            onReady()
        }
    }
}

/// A one-slot hand-off between the main actor and the waiter thread.
private final class ArmSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var armed = false
    private var watchKeys = true

    func rearm(watchKeys: Bool) {
        condition.lock()
        armed = true
        self.watchKeys = watchKeys
        condition.signal()
        condition.unlock()
    }

    /// Blocks until armed, disarms, and returns whether to watch the keyboard.
    func waitUntilArmed() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !armed { condition.wait() }
        armed = false
        return watchKeys
    }
}
