import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process for tests, started with `posix_spawnp` and reaped with `waitpid`, never
/// `Foundation.Process`: on Linux `Process.waitUntilExit()` called off the main thread (every
/// async test) can wait forever for a child that has already exited — CI saw a tmux client left
/// a zombie while the suite hung for 90 minutes. Output goes to files, not pipes, so nothing
/// blocks on a full pipe and a daemon the child starts (the tmux server) holds no pipe open.
public final class ChildProcess: @unchecked Sendable {
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// What `run` returns: the exit code (128 + signal when killed), both outputs, and whether
    /// the deadline passed (the child was then killed).
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var timedOut: Bool
    }

    public let pid: pid_t
    private let folder: URL
    private let exit = ExitState()

    /// Starts `executable` (looked up on PATH when it has no slash) with `arguments`;
    /// `environment` nil inherits this process's; `stdin` is what the child reads.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                stdin: Data = Data()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try stdin.write(to: folder.appendingPathComponent("stdin"))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, folder.appendingPathComponent("stdin").path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder.appendingPathComponent("stdout").path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder.appendingPathComponent("stderr").path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // No other descriptor of the test runner leaks into the child (or a daemon it starts).
        _ = Self.closeFrom?(&actions, 3)

        // A child starts with no signal blocked and every handler at its default: a test
        // runner's worker threads block signals, and the child would otherwise inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let rc = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw ChildProcessError("cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        // One thread per child blocks in waitpid, the only caller of it, so the end is seen
        // the moment it happens (benchmarks time whole processes with this) and never missed.
        let exit = self.exit, reaped = child
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(reaped, &status, 0) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            exit.finish(signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal))
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not import.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    deinit {
        if exit.termination == nil { Glibc.kill(pid, SIGKILL) }  // the reaper thread collects it
        try? FileManager.default.removeItem(at: folder)
    }

    /// Everything the child has written to stdout so far.
    public var stdout: String { read("stdout") }
    public var stderr: String { read("stderr") }

    /// Complete stdout lines so far (a line still being written is left out).
    public var stdoutLines: [String] {
        var lines = stdout.components(separatedBy: "\n")
        lines.removeLast()
        return lines
    }

    public var isRunning: Bool { exit.termination == nil }

    public func signal(_ signal: Int32) {
        if isRunning { Glibc.kill(pid, signal) }
    }

    /// Waits for the child to end; past `timeout` it is killed and nil returned.
    @discardableResult
    public func wait(timeout: TimeInterval) -> Termination? {
        if exit.wait(until: .now() + timeout) { return exit.termination }
        Glibc.kill(pid, SIGKILL)
        _ = exit.wait(until: .distantFuture)
        return nil
    }

    /// Runs a command to its end (or `timeout`, when it is killed) and returns what it printed.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           stdin: Data = Data(), timeout: TimeInterval = 60) throws -> Outcome {
        let child = try ChildProcess(executable, arguments, environment: environment, stdin: stdin)
        let ended = child.wait(timeout: timeout)
        let status: Int32
        switch ended {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        case nil: status = 128 + SIGKILL
        }
        return Outcome(status: status, stdout: child.stdout, stderr: child.stderr, timedOut: ended == nil)
    }

    private func read(_ name: String) -> String {
        let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// How the child ended, set once by its reaper thread; waiters block on the semaphore.
private final class ExitState: @unchecked Sendable {
    private let lock = NSLock()
    private let ended = DispatchSemaphore(value: 0)
    private var value: ChildProcess.Termination?

    var termination: ChildProcess.Termination? { lock.withLock { value } }

    func finish(_ termination: ChildProcess.Termination) {
        lock.withLock { value = termination }
        ended.signal()
    }

    /// True when the child ended before `deadline`; the signal is put back for the next waiter.
    func wait(until deadline: DispatchTime) -> Bool {
        guard ended.wait(timeout: deadline) == .success else { return false }
        ended.signal()
        return true
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
