import CotsideApp
import Foundation

/// Reads a text file named on the command line, failing with the plain reason (no such file, a
/// folder, permission denied, not UTF-8) instead of Foundation's "NSCocoaErrorDomain error 256".
enum TextFileReader {
    static func read(_ path: String, what: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CommandFailure.usage(CLIText.t("cli.file.unreadable", what, path, String(cString: strerror(errno)).lowercased()))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure.usage(CLIText.t("cli.file.folder", path, what, "\(path)/centres.json"))
        }
        switch FileBytes.read(path) {
        case .failure(let failure):
            throw CommandFailure.usage(CLIText.t("cli.file.unreadable", what, path, failure.reason))
        case .success(let data):
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandFailure.usage(CLIText.t("cli.file.not_utf8", path, what))
            }
            return text
        }
    }
}
