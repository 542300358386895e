/// The palette's export and import: each opens its small form over the screen in front.
extension AppShell {
    func openTransferForm(_ action: ShellAction) {
        guard context.repository != nil, !front.isBlocking else { return }
        switch action {
        case .importWard: apply(.push(ImportFormScreen(context)), from: front)
        default: apply(.push(ExportFormScreen(context)), from: front)
        }
    }
}
