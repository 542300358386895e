import Foundation

/// Why a file cannot be restored as the ward. Nothing was changed: the current ward is left as
/// it was, byte for byte. The message names the file and says which fault it has.
public struct WardRestoreRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case missing, directory, unreadable, notSQLite, damaged, notCotside, newerSchema, isTheWard
    }

    public let kind: Kind
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description + "; nothing was restored, the current ward is unchanged"
    }
}

/// What a restore did.
public struct WardRestoreReport: Sendable, Hashable {
    /// The file restored from, as given.
    public let source: String
    /// Where the ward was replaced.
    public let ward: String
    /// Where the ward as it was just before is kept (0600, one self-contained file).
    public let keptAside: String
    /// The schema the file had, and the one it has now (migrated on the copy when older).
    public let fromSchema: Int
    public let schema: Int
    public let patients: Int
}
