import Foundation

/// Everything the screens and the CLI may ask of the ward's data, composed from one protocol per
/// concern. The app holds `any WardRepository`, so every capability is there or the code does not
/// compile — no screen discovers a feature by casting. SQLite implements it today
/// (`SQLiteWardStore`); a server backend (PostgreSQL) implements all of it, every concern below,
/// without touching screens.
///
/// Rules every concern shares, and every backend keeps:
/// - Calls are async and may be made from any task (the `nonisolated` members of
///   `WardDatabaseStore` are the exceptions, marked there). `SQLiteWardStore` runs them on its
///   actor: reads on a pool reader (a consistent snapshot), writes through the one writer.
/// - Writes validate first (throwing `WardValidationError` with every issue, nothing stored),
///   then change the row and write its audit entry in the same transaction; a batch (a nappy
///   round, the drug round's marked rows, an undo) is one transaction, all stored or none.
///   Deletes are soft and undoable (`AuditStore.undo`). Each committed write is announced on
///   `changes()`.
/// - `by` is the staff id at the keyboard (nil only for scripts that name nobody). A write that
///   needs a role (`WardPermission`) refuses a named member without it, audits the refusal and
///   throws `WardPermissionError`.
/// - A ward opened read-only (`access`) refuses every write with `WardReadOnlyError`.
public protocol WardRepository:
    WardDatabaseStore, WardSettingsStore, StaffStore, StaffAccessStore, PatientStore, NappyStore, FeedStore,
    MeasurementStore, MedicationStore, DoseStore, HistoryStore, TrendsStore, ToolResultStore, AuditStore,
    ErasureStore, WardTransferStore, BackupScheduleStore,
    DrugTableSignOffStore, ReportStore {}
