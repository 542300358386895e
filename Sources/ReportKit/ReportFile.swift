import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a report file was not written, in words a nurse at the command line can act on.
public struct ReportFileError: Error, CustomStringConvertible, Equatable {
    public enum Reason: Sendable, Equatable { case exists, folderMissing, notWritable, failed }
    public var reason: Reason
    public var description: String
}

/// Writes a report file: mode 0600 (it holds patient data), never over an existing file unless
/// `force`, and never a partial file: the bytes go to a temporary file in the same folder,
/// which is renamed over the target only once complete.
public enum ReportFile {
    public static func write(_ bytes: [UInt8], to path: String, force: Bool) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ReportFileError(reason: .folderMissing,
                                  description: "\(path): the folder \(folder) does not exist; give a path in an existing folder")
        }
        var existing = stat()
        if lstat(path, &existing) == 0 {
            if existing.st_mode & S_IFMT == S_IFDIR {
                throw ReportFileError(reason: .exists, description: "\(path) is a folder; give a file name")
            }
            if !force {
                throw ReportFileError(reason: .exists,
                                      description: "\(path) already exists; choose another name or use --force to replace it")
            }
        }
        let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            let why = String(cString: strerror(errno))
            throw ReportFileError(reason: .notWritable,
                                  description: "\(path): cannot write in \(folder) (\(why)); choose a folder you may write to")
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        // Without force, link() refuses atomically if a file appeared meanwhile; with force,
        // rename() replaces the old file in one step.
        if failure == 0 {
            if force {
                if rename(temporary, path) != 0 { failure = errno }
            } else if link(temporary, path) != 0 {
                failure = errno
            } else {
                unlink(temporary)
            }
        }
        if failure == EEXIST {
            unlink(temporary)
            throw ReportFileError(reason: .exists,
                                  description: "\(path) already exists; choose another name or use --force to replace it")
        }
        if failure != 0 {
            unlink(temporary)
            throw ReportFileError(reason: failure == EACCES || failure == EROFS ? .notWritable : .failed,
                                  description: "\(path): the report was not written (\(String(cString: strerror(failure)))); nothing was left behind")
        }
    }
}
