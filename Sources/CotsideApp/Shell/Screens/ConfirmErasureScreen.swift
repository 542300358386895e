import Foundation
import TerminalUI
import WardStore

/// "Erase a patient's data…", step 2: who and how much, and the hospital number typed again.
/// Only the exact number (any case) erases; the write runs off the main actor like every write,
/// cannot be undone, and its message says how many records went and which earlier backups in
/// the default folder still hold the patient.
@MainActor
final class ConfirmErasureScreen: WardFormScreen {
    let plan: ErasurePlan
    private let backups: String?

    init(plan: ErasurePlan, backups: String?, _ context: AppContext) {
        self.plan = plan
        self.backups = backups
        super.init(titleKey: "erase.title", fields: [
            .text("confirm", label: context.t("erase.confirm"), maxLength: 32, required: true),
        ], context)
        let names = Set(plan.patients.map { "\($0.fullName), \(context.t("erase.born", $0.dateOfBirth))" }).sorted()
        subtitle = context.t("erase.summary", names.joined(separator: "; "), plan.hospitalNumber, plan.counts.total,
                             plan.auditEntriesToRedact)
    }

    override var hasUnsavedInput: Bool { false }
    override var savePermission: WardPermission? { .eraseOrImport }

    override func submit(_ context: AppContext) -> Intent {
        let typed = state.text("confirm")?.trimmingCharacters(in: .whitespaces) ?? ""
        guard typed.caseInsensitiveCompare(plan.hospitalNumber) == .orderedSame else {
            return refuse("confirm", context.t("erase.mismatch", plan.hospitalNumber), focus: true)
        }
        let number = plan.hospitalNumber
        let by = context.staff?.id ?? 0
        let folder = backups
        let done = context.t("erase.done", number, "{1}")
        let held = context.t("erase.backups_held", "{0}", folder ?? "")
        let none = context.t("erase.backups_none")
        let erasedIds = Set(plan.patients.map(\.id))
        let session: [SessionChange] = context.selectedPatient.map { erasedIds.contains($0.id) } == true ? [.selectedPatient(nil)] : []
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needs: .eraseOrImport) { repository in
            let report = try await repository.erasePatient(hospitalNumber: number, by: by)
            let holding = folder.map { EarlierBackups.list(in: $0, before: Date(), hospitalNumber: number) }?
                .filter { $0.holdsPatient != false }.count ?? 0
            let message = done.replacingOccurrences(of: "{1}", with: String(report.removed.total)) + " "
                + (holding > 0 ? held.replacingOccurrences(of: "{0}", with: String(holding)) : none)
            return WriteReceipt(auditEntryIds: report.auditEntryIds, message: message, session: session)
        })
    }
}
