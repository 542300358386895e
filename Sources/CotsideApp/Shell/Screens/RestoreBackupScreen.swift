import Foundation
import TerminalUI
import WardStore

/// "Restore a backup…" from the palette: the backup's path, then a yes/no naming the file and
/// where the current ward is kept. The restore runs off the main actor like every write; a file
/// the store refuses (missing, not SQLite, damaged, another application's, a newer schema) is
/// said at the field, the ward unchanged. On success everything reloads from the restored ward.
@MainActor
final class RestoreBackupScreen: WardFormScreen {
    init(_ context: AppContext) {
        super.init(titleKey: "restore.title", fields: [
            .path("file", label: context.t("restore.file")),
        ], context)
        subtitle = context.t("restore.intro")
    }

    override var hasUnsavedInput: Bool { false }
    override var savePermission: WardPermission? { .restoreBackup }

    override func submit(_ context: AppContext) -> Intent {
        let file = Self.path(state.text("file") ?? "")
        let ward = context.paths.database
        return .push(ConfirmScreen(title: context.t("restore.title"), body: context.t("restore.confirm", file, ward),
                                   onConfirm: [.followUp { [self] context in restore(file, context) }]))
    }

    /// "~/backups/x.sqlite" as the shell would read it.
    static func path(_ typed: String) -> String {
        (typed.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
    }

    /// The write: the restore, then the session re-read from the restored ward (its settings, the
    /// same initials signed in when they are there), no patient chosen and nothing left to undo.
    private func restore(_ file: String, _ context: AppContext) -> Intent {
        let by = context.staff?.id ?? 0
        let initials = context.staff?.initials
        let done = context.t("restore.done", file, "{1}")
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needs: .restoreBackup) { repository in
            let report = try await repository.restore(from: file, by: by)
            var session: [SessionChange] = [.selectedPatient(nil), .undoable(nil)]
            if let settings = try? await repository.settings() { session.append(.wardSettings(settings)) }
            if let initials, let staff = try? await repository.staff(initials: initials) { session.append(.user(staff)) }
            return WriteReceipt(auditEntryIds: [], message: done.replacingOccurrences(of: "{1}", with: report.keptAside),
                                session: session)
        })
    }

    /// A file the store refuses is said at the field, where the path can be corrected.
    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        guard let refusal = error as? WardRestoreRefusal else { return super.failed(error, context) }
        return refuse("file", refusal.description, focus: true)
    }
}
