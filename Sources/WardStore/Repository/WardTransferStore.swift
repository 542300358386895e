import Foundation

/// The ward as a file another system can read, and back: `cotside export` / `cotside import`
/// and the palette's "Export the ward…" / "Import an export…". Part of `WardRepository`.
///
/// Threading: `exportWard` is `nonisolated` and blocking (it pages through one read snapshot
/// and writes as it reads; call it from a command, never the screen's loop). `importWard` is an
/// async write like every other: one transaction, all or nothing.
public protocol WardTransferStore: Sendable {
    /// Writes the ward (or one patient's records, or those since a time) into `request.folder`.
    nonisolated func exportWard(_ request: WardExportRequest,
                                progress: @escaping @Sendable (WardTransferProgress) -> Void) async throws -> WardExportSummary
    /// Loads a JSON export: into an empty ward, or with `merge` only the records whose ids are not
    /// there yet; every record validated as the forms validate it, audited as imported `by`.
    func importWard(_ request: WardImportRequest) async throws -> WardImportSummary
}

/// JSON: one file `cotside-export.json`; CSV: one file per kind (`patients.csv`, …).
public enum WardExportFormat: String, Sendable, CaseIterable {
    case json, csv
}

public struct WardExportRequest: Sendable {
    public var folder: String
    public var format: WardExportFormat
    /// Only this patient's records (and the ward-wide kinds: staff, settings).
    public var patientId: Int64?
    /// The bed as typed, written into the export's scope.
    public var bed: String?
    /// Only records at or after this instant (kinds without a time are exported whole).
    public var since: Date?
    public var cotsideVersion: String
    public var exportedAt: Date

    public init(folder: String, format: WardExportFormat, patientId: Int64? = nil, bed: String? = nil, since: Date? = nil,
                cotsideVersion: String, exportedAt: Date) {
        self.folder = folder
        self.format = format
        self.patientId = patientId
        self.bed = bed
        self.since = since
        self.cotsideVersion = cotsideVersion
        self.exportedAt = exportedAt
    }
}

/// How far an export or import has got: the kind being written and the records done so far.
public struct WardTransferProgress: Sendable, Hashable {
    public let kind: String
    public let records: Int
}

public struct WardExportSummary: Sendable, Hashable {
    /// The files written, in order.
    public let files: [String]
    public let records: Int
}

public struct WardImportRequest: Sendable {
    /// The export: a file (read a record at a time) or its bytes.
    public var source: WardImportSource
    /// Initials of the active staff member importing (looked up after the file's staff are in);
    /// nil only for an import into an empty ward, which needs no author.
    public var byInitials: String?
    public var merge: Bool
    /// Told the kind and records read so far, every few thousand records (a progress line).
    public var progress: (@Sendable (WardTransferProgress) -> Void)?

    public init(source: WardImportSource, byInitials: String?, merge: Bool,
                progress: (@Sendable (WardTransferProgress) -> Void)? = nil) {
        self.source = source
        self.byInitials = byInitials
        self.merge = merge
        self.progress = progress
    }

    public init(data: Data, byInitials: String?, merge: Bool) {
        self.init(source: .data(data), byInitials: byInitials, merge: merge)
    }
}

public struct WardImportSummary: Sendable, Hashable {
    /// Records added, per kind name.
    public let added: [String: Int]
    /// Records left out with `merge` because their ids were already there.
    public let skipped: Int
    public var records: Int { added.values.reduce(0, +) }
}
