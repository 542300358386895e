import Clinical
import Foundation
import WardStore

/// `P` on the dosage form: the ward's pharmacist signs the shipped drug table off, after saying
/// yes to what they are signing (its version and checksum). One audited store write, refused
/// for anyone but a pharmacist (`WardPermission.signOffDrugTable`, checked by the shell and again
/// by the store); the new sign-off goes into the session so every dosage result shows it.
@MainActor
enum DrugTableSignOffAction {
    static func intent(_ context: AppContext) -> Intent {
        guard context.repository != nil else { return .message(.info(context.t("ward.no_database"))) }
        guard case .success(let table) = DrugFormulary.shared else { return .message(.warning(context.t("tools.dosage.sign_off_no_table"))) }
        let body = context.t("tools.dosage.sign_off_confirm", table.version, String(table.checksum.prefix(16)))
        return .push(ConfirmScreen(title: context.t("tools.dosage.sign_off_title"), body: body,
                                   onConfirm: [.followUp { context in write(table, context) }]))
    }

    /// The store write; everything it says is worded here, before it leaves the main actor.
    static func write(_ table: DrugFormulary, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let (version, checksum) = (table.version, table.checksum)
        let done = context.t("tools.dosage.signed_off", version)
        return .write(WardWrite(undoSummary: nil, needs: .signOffDrugTable) { repository in
            let signOff = try await repository.signOffDrugTable(version: version, checksum: checksum, by: by)
            return WriteReceipt(auditEntryIds: [], message: done, session: [.drugTableSignOff(signOff)])
        })
    }
}
