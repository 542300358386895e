import Foundation

/// A new file or folder name in the user's home, stamped with the ward's local date and time
/// (`~/handover-20261125-0730.pdf`, `~/cotside-export-20261125-0830`): what the save, print
/// and export forms offer. Never one that exists: a second in the same minute gets `-2`, `-3`, ….
enum SuggestedPath {
    static func inHome(_ name: String, extension ext: String? = nil, now: Date, timeZone: TimeZone,
                       environment: [String: String],
                       exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let stamp = String(format: "%04d%02d%02d-%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        let home = environment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        let base = home + "\(name)-\(stamp)"
        let ending = ext.map { "." + $0 } ?? ""
        var path = base + ending
        for n in 2...99 where exists(path) { path = "\(base)-\(n)\(ending)" }
        return path
    }
}
