import Foundation
import WardStore

/// Keeps this workstation's copy of the ward settings (`context.wardSettings`: the idle lock,
/// PINs, dose timing, the ward's name) in step with changes made elsewhere — another
/// workstation's Settings form, `cotside settings set`, a restore — whatever tab is in front;
/// with them the drug table's sign-off (`cotside drugs sign-off`), stored beside them.
@MainActor
final class WardSettingsWatch: CommandScreen {
    func reload(_ context: AppContext) -> Intent {
        command { repository in WardSettingsRead(settings: try await repository.settings(),
                                                 signOff: try await repository.drugTableSignOff()) }
    }

    func update(_ read: WardSettingsRead, _ context: AppContext) -> Intent {
        var changes: [Intent] = []
        if read.settings != context.wardSettings { changes.append(.session(.wardSettings(read.settings))) }
        if read.signOff != context.drugTableSignOff { changes.append(.session(.drugTableSignOff(read.signOff))) }
        return changes.isEmpty ? .handled : .all(changes)
    }

    /// A failed read keeps the settings as they were; the screens say the store's words.
    func failed(_ error: Error, _ context: AppContext) -> Intent { .handled }
}

/// The ward settings and the drug table's sign-off, read together.
struct WardSettingsRead: Sendable {
    var settings: WardSettings
    var signOff: DrugTableSignOff?
}
