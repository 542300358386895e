import Foundation

/// A whole file read through open(2)/read(2), so a failure says why in plain words ("permission
/// denied", "is a directory") instead of Foundation's error domain and number. Used for the
/// preferences file and for files named on the command line.
public enum FileBytes {
    public static func read(_ path: String) -> Result<Data, FileReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileReadFailure(code: errno)) }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Foundation.read(fd, &chunk, chunk.count)
            if count < 0 { return .failure(FileReadFailure(code: errno)) }
            if count == 0 { return .success(data) }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Why a file could not be read: the system's reason, lower-cased ("no such file or directory").
public struct FileReadFailure: Error, Sendable, CustomStringConvertible {
    public let reason: String
    init(code: Int32) { reason = String(cString: strerror(code)).lowercased() }
    public var description: String { reason }
}
