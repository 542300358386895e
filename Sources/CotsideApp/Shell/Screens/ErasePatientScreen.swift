import Foundation
import TerminalUI
import WardStore

/// "Erase a patient's data…" from the palette, step 1: the hospital number. The store reads what
/// the erasure would remove (refusing an unknown number or a patient still admitted, at the
/// field), then the typed confirmation (`ConfirmErasureScreen`) takes this screen's place.
@MainActor
final class ErasePatientScreen: WardFormScreen, CommandScreen {
    typealias Loaded = ErasurePlan
    /// The default backup folder, whose earlier backups the erasure lists (nil: none known).
    private let backups: String?

    init(backups: String?, _ context: AppContext) {
        self.backups = backups
        super.init(titleKey: "erase.title", fields: [
            .text("hospital", label: context.t("erase.hospital_number"), maxLength: 32, required: true),
        ], fieldFor: ["hospitalNumber": "hospital"], context)
        subtitle = context.t("erase.intro")
    }

    override var hasUnsavedInput: Bool { false }
    override var savePermission: WardPermission? { .eraseOrImport }

    override func submit(_ context: AppContext) -> Intent {
        let number = state.text("hospital")?.trimmingCharacters(in: .whitespaces) ?? ""
        return command("plan") { repository in try await repository.erasurePlan(hospitalNumber: number) }
    }

    func update(_ plan: ErasurePlan, _ context: AppContext) -> Intent {
        // The warning also replaces a refusal of an earlier number still on the message line.
        .all([.replace(ConfirmErasureScreen(plan: plan, backups: backups, context)),
              .message(.warning(context.t("erase.warning")))])
    }
}
