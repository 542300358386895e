import Foundation

/// Reads a text file named on the command line, failing with the plain reason (no such file, a
/// folder, permission denied, not UTF-8) instead of Foundation's "NSCocoaErrorDomain error 256".
enum TextFileReader {
    static func read(_ path: String, what: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CommandFailure.usage("cannot read \(what) \(path): \(reason(errno))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure.usage("\(path) is a folder; give the \(what) file itself (e.g. \(path)/centres.json)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure.usage("cannot read \(what) \(path): \(reason(errno))") }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Foundation.read(fd, &chunk, chunk.count)
            if count < 0 { throw CommandFailure.usage("cannot read \(what) \(path): \(reason(errno))") }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure.usage("\(path) is not UTF-8 text; save the \(what) as UTF-8 and try again")
        }
        return text
    }

    /// "no such file or directory", "permission denied".
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
