import Foundation
import TerminalUI
import WardStore

/// What every store call from a screen shares: the store's words for a failure, undo, and the
/// check that someone may write.
@MainActor
enum WardTask {
    /// The store's words for a failure: validation issues joined, else the error's description.
    nonisolated static func describe(_ error: Error) -> String {
        if let validation = error as? WardValidationError {
            return validation.issues.map(\.message).joined(separator: "; ")
        }
        if let failure = error as? WardStoreError { return failure.description }
        return String(describing: error)
    }

    /// `describe`, with the refusals the app words itself in the user's language.
    static func describe(_ error: Error, _ context: AppContext) -> String {
        if let refusal = error as? DoseAlreadyRecordedError {
            return context.localizer.doseAlreadyRecorded(refusal, timeZone: context.clock.timeZone, now: context.clock.now)
        }
        return describe(error)
    }

    /// Takes back the session's last quick log, edit or delete through the store's undo. Only a
    /// write of this session can be undone, so it asks for no user beyond the one who made it.
    static func undo(_ context: AppContext) -> Intent {
        guard let record = context.undoable else { return .message(.info(context.t("undo.nothing"))) }
        let by = context.staff?.id
        let done = context.t("undo.done", record.summary)
        return .write(WardWrite(undoSummary: nil, needsUser: false) { repository in
            _ = try await repository.undo(auditEntryIds: record.auditEntryIds, by: by)
            return WriteReceipt(auditEntryIds: [], message: done, session: [.undoable(nil)])
        })
    }

    /// A write needs someone at the keyboard; nil when there is, else the message to show.
    /// A read-only ward refuses every write up front, saying why; so does a ward whose server is
    /// not answering (nothing is queued to be saved later).
    static func requireUser(_ context: AppContext) -> Intent? {
        if let reason = context.readOnlyReason { return .message(.warning(context.t("ward.read_only", reason))) }
        if let since = context.serverOutage {
            return .message(.warning(context.t("ward.server_lost", context.timeText.time(since))))
        }
        return context.staff == nil ? .message(.warning(context.t("ward.no_user"))) : nil
    }
}
