import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP forwarder on 127.0.0.1 in front of the test server, so a test can lose "the server"
/// without stopping the one every test shares: `stop()` closes the port and every connection
/// through it (a server gone: connections reset, new ones refused), `start()` opens the same port
/// again, and `freeze()` keeps every socket open but forwards nothing (a pulled cable: nothing
/// answers, nothing closes).
///
/// Threading: one thread accepts, two per connection copy bytes (blocking POSIX calls, never a
/// Swift-concurrency thread); the sockets are behind a lock.
final class TCPProxy: @unchecked Sendable {
    private(set) var port: UInt16 = 0
    private let targetPort: UInt16
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var open: Set<Int32> = []
    private var frozen = false

    init(toLocalPort targetPort: Int) throws {
        self.targetPort = UInt16(targetPort)
        try start()
    }

    deinit { stop() }

    /// Listens (again) on `port`, a free one chosen the first time.
    func start() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ProxyError("bind/listen on \(port): errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        lock.withLock {
            listener = fd
            frozen = false
        }
        Thread.detachNewThread { [self] in accepting(fd) }
    }

    /// Closes the port and every connection through it.
    func stop() {
        let sockets = lock.withLock { () -> [Int32] in
            defer {
                listener = -1
                open.removeAll()
            }
            return (listener >= 0 ? [listener] : []) + Array(open)
        }
        // shutdown wakes the threads blocked in accept/read; they close their own sockets.
        for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Forwards nothing more until `thaw()`, keeping every socket open.
    func freeze() { lock.withLock { frozen = true } }
    func thaw() { lock.withLock { frozen = false } }

    private var isFrozen: Bool { lock.withLock { frozen } }

    private func accepting(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { break }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let kept = lock.withLock { () -> Bool in
                guard connected == 0, listener == fd else { return false }
                open.formUnion([client, upstream])
                return true
            }
            guard kept else {
                close(client)
                close(upstream)
                continue
            }
            let pair = SocketPair()
            Thread.detachNewThread { [self] in copy(from: client, to: upstream, pair) }
            Thread.detachNewThread { [self] in copy(from: upstream, to: client, pair) }
        }
        close(fd)
    }

    private func copy(from source: Int32, to target: Int32, _ pair: SocketPair) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        loop: while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            while isFrozen {
                guard lock.withLock({ open.contains(source) }) else { break loop }
                usleep(5_000)
            }
            var sent = 0
            while sent < count {
                let wrote = buffer.withUnsafeBytes { write(target, $0.baseAddress! + sent, count - sent) }
                guard wrote > 0 else { break loop }
                sent += wrote
            }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(target, Int32(SHUT_RDWR))
        pair.finished { [self] in
            lock.withLock { open.subtract([source, target]) }
            close(source)
            close(target)
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// The two directions of one connection: the second to finish closes both sockets.
private final class SocketPair: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining = 2

    func finished(_ closeBoth: () -> Void) {
        let last = lock.withLock { () -> Bool in
            remaining -= 1
            return remaining == 0
        }
        if last { closeBoth() }
    }
}

struct ProxyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
