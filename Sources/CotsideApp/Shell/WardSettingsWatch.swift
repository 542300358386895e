import Foundation
import WardStore

/// Keeps this workstation's copy of the ward settings (`context.wardSettings`: the idle lock,
/// PINs, dose timing, the ward's name) in step with changes made elsewhere — another
/// workstation's Settings form, `cotside settings set`, a restore — whatever tab is in front.
@MainActor
final class WardSettingsWatch: CommandScreen {
    func reload(_ context: AppContext) -> Intent {
        command { repository in try await repository.settings() }
    }

    func update(_ settings: WardSettings, _ context: AppContext) -> Intent {
        settings == context.wardSettings ? .handled : .session(.wardSettings(settings))
    }

    /// A failed read keeps the settings as they were; the screens say the store's words.
    func failed(_ error: Error, _ context: AppContext) -> Intent { .handled }
}
