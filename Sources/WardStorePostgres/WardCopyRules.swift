import WardSQL

/// What a ward's schema says about copying it from one database to another: the steps both sides
/// must have applied, the tables a fresh ward fills by itself, and the tables never copied. The
/// schema's owner (WardStore) fills it in; the copy itself knows no table by name.
public struct WardCopyRules: Sendable {
    /// The schema steps this build knows, in order: the source and the target must both have
    /// applied exactly these (the same rows mean the same things on both).
    public var steps: [String]
    /// Tables a freshly migrated ward already has rows in (its random identity, the backup
    /// bookkeeping row). They do not make a target "not empty"; the copy replaces their rows with
    /// the source's (a moved ward keeps its identity), unless they are `keptTables`.
    public var seededTables: Set<String>
    /// Tables not copied at all: one engine's own bookkeeping (a file's automatic backups), left
    /// as the target's schema made them and reported as kept.
    public var keptTables: Set<String>

    public init(steps: [String], seededTables: Set<String>, keptTables: Set<String>) {
        self.steps = steps
        self.seededTables = Set(seededTables.map { $0.lowercased() })
        self.keptTables = Set(keptTables.map { $0.lowercased() })
    }
}

/// Why a ward was not copied (nothing in the target changed), each naming what is wrong and what
/// is allowed; the command line prints it and exits 2.
public enum WardCopyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A table and its row count.
    public struct TableRows: Equatable, Sendable {
        public let table: String
        public let rows: Int
        public init(table: String, rows: Int) {
            self.table = table
            self.rows = rows
        }
    }

    /// The target holds rows: a ward is moved only into an empty one.
    case targetNotEmpty(target: String, [TableRows])
    /// A side has not applied exactly this build's schema steps.
    case stepsDiffer(side: String, applied: [String], expected: [String])
    /// The two sides' tables or columns differ although their steps agree (a hand-made change).
    case schemaDiffers([String])
    /// After the rows were written, the target's counts or checksums differed from the source's:
    /// the transaction was rolled back.
    case verificationFailed([String])
    /// The target's transaction had to start again (another session wrote to it during the copy).
    case targetChangedDuringCopy
    /// A table without a primary key cannot be read in a key order both engines share.
    case noPrimaryKey(String)

    public var description: String {
        switch self {
        case .targetNotEmpty(let target, let tables):
            let listed = tables.map { "\($0.table) (\($0.rows) \($0.rows == 1 ? "row" : "rows"))" }.joined(separator: ", ")
            return "\(target) is not empty: \(listed); a ward is moved only into an empty ward "
                + "(choose another ward with ?ward=NAME, or an empty database); nothing was copied"
        case .stepsDiffer(let side, let applied, let expected):
            return "the \(side) ward's schema steps (\(SQLUnknownSchemaSteps.summary(applied))) are not this Cotside's "
                + "(\(SQLUnknownSchemaSteps.summary(expected))); both sides must be at this Cotside's schema; nothing was copied"
        case .schemaDiffers(let lines):
            return "the two wards' tables differ although their schema steps agree (\(lines.prefix(5).joined(separator: "; ")))"
                + "; nothing was copied"
        case .verificationFailed(let lines):
            return "the copy did not match the source (\(lines.prefix(5).joined(separator: "; "))); "
                + "it was rolled back and the target is as it was"
        case .targetChangedDuringCopy:
            return "another session wrote to the target during the copy; it was rolled back and the target is as it was "
                + "(run it again when no workstation uses the target ward)"
        case .noPrimaryKey(let table):
            return "table \(table) has no primary key, so it cannot be read in one order on both engines; nothing was copied"
        }
    }
}
