import Foundation

/// Finds the shipped data folder. The generated `Bundle.module` only knows the build
/// folder, so an installed binary looks beside itself and under `../share/cotside` first.
public enum CotsideResources {
    /// Name of the SwiftPM resource bundle folder.
    public static let bundleName = "Cotside_CotsideResources.resources"

    /// The directory holding `clinical/`, `stroke/` and `l10n/`.
    /// Order: `$COTSIDE_RESOURCES`, `<exe dir>/<bundle>`, `<exe dir>/../share/cotside/<bundle>`, `Bundle.module`.
    public static let directory: URL = locate()

    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    private static func locate() -> URL {
        let fm = FileManager.default
        func hasData(_ url: URL) -> Bool {
            fm.fileExists(atPath: url.appendingPathComponent("clinical").path)
        }
        if let env = ProcessInfo.processInfo.environment["COTSIDE_RESOURCES"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let exeDir = exe.deletingLastPathComponent()
        let candidates = [
            exeDir.appendingPathComponent(bundleName),
            exeDir.deletingLastPathComponent().appendingPathComponent("share/cotside/\(bundleName)"),
        ]
        for candidate in candidates where hasData(candidate) { return candidate }
        let viaBundle = Bundle.module.bundleURL
        return hasData(viaBundle) ? viaBundle : (Bundle.module.resourceURL ?? viaBundle)
    }
}
