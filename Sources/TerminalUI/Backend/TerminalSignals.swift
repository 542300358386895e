import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A job-control or ending signal, as the event loop acts on it.
public enum TerminalSignal: Equatable, Sendable {
    /// SIGTSTP (Ctrl-Z): give the terminal back, then stop.
    case suspend
    /// SIGCONT: running again; take the terminal back once in the foreground.
    case resume
    /// SIGINT (Ctrl-C while the terminal generates signals): treated as the Ctrl-C key.
    case interrupt
    /// SIGTERM or SIGHUP: restore the terminal, then die of the same signal.
    case terminate(Int32)
    /// SIGWINCH: the window changed size. Queued here (not left to curses' own handler) so a
    /// resize wakes the loop's waiter thread like any other signal.
    case resize

    init?(number: Int32) {
        switch number {
        case SIGTSTP: self = .suspend
        case SIGCONT: self = .resume
        case SIGINT: self = .interrupt
        case SIGTERM, SIGHUP: self = .terminate(number)
        case SIGWINCH: self = .resize
        default: return nil
        }
    }
}

/// Who holds the terminal: the event loop must not touch it from the background (that stops
/// the process with SIGTTOU, or worse, puts the shell's terminal in raw mode).
enum TerminalOwner: Equatable {
    case foreground
    case background
    /// Not our controlling terminal any more (hung up).
    case gone
}

/// Plain values the handler reads; written on the main thread before handlers are installed.
nonisolated(unsafe) private var signalPipeRead: Int32 = -1
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1
/// SIGTERM/SIGHUP written but not yet taken by the loop: a second one means the loop is stuck,
/// so the handler restores the terminal and dies at once.
nonisolated(unsafe) private var untakenEndings: Int32 = 0

/// The only work done in signal context: one byte down a non-blocking pipe (async-signal-safe).
private func queueSignal(_ number: Int32) {
    let savedErrno = errno
    if number == SIGTERM || number == SIGHUP {
        untakenEndings += 1
        if untakenEndings > 1 { restoreAndReraise(number) }
    }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWrite, &byte, 1)
    errno = savedErrno
}

/// A self-pipe for SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP and SIGWINCH: handlers only queue the
/// signal, and the event loop (on the main thread, where curses lives) acts on it. Never call
/// curses from a handler: it may run on any thread, in the middle of a curses call.
enum TerminalSignals {
    static let queued: [Int32] = [SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    /// The descriptor the loop polls; readable while signals wait to be taken.
    static var readDescriptor: Int32 { signalPipeRead }

    /// Opens the pipe (once) and installs the handlers; install after curses started, which
    /// puts its own SIGTSTP/SIGINT/SIGTERM handlers in place of these otherwise.
    static func install() {
        if signalPipeRead < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            signalPipeRead = ends[0]
            signalPipeWrite = ends[1]
        }
        untakenEndings = 0
        for number in queued { signal(number, queueSignal) }
    }

    /// Puts the default dispositions back (tests; the process normally ends with them installed).
    static func uninstall() {
        for number in queued { signal(number, SIG_DFL) }
        _ = take()
    }

    /// The signals queued since the last call, oldest first; never blocks.
    static func take() -> [TerminalSignal] {
        guard signalPipeRead >= 0 else { return [] }
        var signals: [TerminalSignal] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(signalPipeRead, &bytes, bytes.count)
            guard count > 0 else { break }
            signals += bytes[0..<count].compactMap { TerminalSignal(number: Int32($0)) }
        }
        untakenEndings = 0
        return signals
    }

    /// Waits up to `timeoutMs` for a signal without touching the terminal.
    static func wait(timeoutMs: Int) {
        guard signalPipeRead >= 0 else { return }
        var entry = pollfd(fd: signalPipeRead, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, Int32(clamping: timeoutMs))
    }

    /// Stops the process for real (default SIGTSTP) and returns once it is continued. The
    /// kernel discards the stop in an orphaned process group (no job-control shell): then it
    /// returns at once.
    static func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        unblock(SIGTSTP)
        raise(SIGTSTP)
        signal(SIGTSTP, queueSignal)
    }

    /// Ends the process by `number` with the default action, so the parent sees it killed by
    /// that signal ($? = 128 + number in a shell). Call after the terminal is restored.
    static func die(of number: Int32) -> Never {
        signal(number, SIG_DFL)
        unblock(number)
        raise(number)
        _exit(128 + number)
    }

    static var terminalOwner: TerminalOwner { ownerOfTerminal() }

    private static func unblock(_ number: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

/// Async-signal-safe (tcgetpgrp, getpgrp), for the restore path in signal context too.
func ownerOfTerminal() -> TerminalOwner {
    let group = tcgetpgrp(STDIN_FILENO)
    if group < 0 { return .gone }
    return group == getpgrp() ? .foreground : .background
}
