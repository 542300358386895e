import Foundation

/// A new file written through a buffer under a temporary name (0600, `O_EXCL`), given its final
/// name only by `commit()`; dropped without commit, the partial file is removed.
final class WardExportOutput {
    let finalPath: String
    private let temporaryPath: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var committed = false
    private static let flushBytes = 1 << 18

    init(path: String) throws {
        finalPath = path
        let folder = (path as NSString).deletingLastPathComponent
        temporaryPath = folder + "/.\((path as NSString).lastPathComponent).partial-\(getpid())"
        fd = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw WardStoreError("cannot write in \(folder): \(String(cString: strerror(errno)).lowercased())")
        }
        buffer.reserveCapacity(Self.flushBytes + 4096)
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
        if !committed { unlink(temporaryPath) }
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushBytes { try flush() }
    }

    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else {
                throw WardStoreError("cannot write \(finalPath): \(String(cString: strerror(errno)).lowercased())")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and renames into place; refuses to replace a file that appeared meanwhile.
    func commit() throws {
        try flush()
        guard fsync(fd) == 0 else { throw WardStoreError("cannot sync \(finalPath)") }
        // link() names the file only if the name is free (rename() would replace a file that
        // appeared meanwhile); a file system without hard links gets the checked rename.
        if link(temporaryPath, finalPath) == 0 {
            unlink(temporaryPath)
        } else {
            let noHardLinks = errno == EPERM || errno == EOPNOTSUPP
            guard noHardLinks, !FileManager.default.fileExists(atPath: finalPath), rename(temporaryPath, finalPath) == 0 else {
                throw WardStoreError("cannot name the export \(finalPath): \(String(cString: strerror(errno)).lowercased())")
            }
        }
        committed = true
    }
}
