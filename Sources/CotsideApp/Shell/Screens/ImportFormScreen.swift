import Foundation
import TerminalUI
import WardStore

/// "Import an export…" from the palette: a file and whether to merge, a confirmation, then one
/// write (the one write path: signed-in user, read-only refused, everything reloaded after).
/// The import is all or nothing; the store's refusal (kind, id, field) shows at the file field.
@MainActor
final class ImportFormScreen: WardFormScreen {
    init(_ context: AppContext) {
        super.init(titleKey: "import.form.title", fields: [
            .path("file", label: context.t("import.field.file"), maxLength: 400),
            .choice("mode", label: context.t("import.field.mode"),
                    options: [ChoiceOption(context.t("import.mode.empty")), ChoiceOption(context.t("import.mode.merge"))],
                    selected: 0),
        ], context)
    }

    override func submit(_ context: AppContext) -> Intent {
        let path = NSString(string: (state.text("file") ?? "").trimmingCharacters(in: .whitespaces)).expandingTildeInPath
        let merge = state.choice("mode") == 1
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return refuse("file", context.t("import.no_file", path), focus: true)
        }
        let file = isFolder.boolValue ? path + "/" + WardExportKind.jsonFileName : path
        guard let initials = context.staff?.initials else { return .message(.error(context.t("ward.no_user"))) }
        let question = context.t(merge ? "import.confirm.merge" : "import.confirm.body", file)
        let done = context.t("import.done", "{0}", file)
        return .push(ConfirmScreen(title: context.t("import.confirm.title"), body: question, onConfirm: [
            .followUp { [self] _ in self.importWrite(file: file, initials: initials, merge: merge, done: done) },
        ]))
    }

    private func importWrite(file: String, initials: String, merge: Bool, done: String) -> Intent {
        // Merging into a ward in use needs a ward admin; an empty ward takes an import from anyone.
        .write(WardWrite(undoSummary: nil, closesAsker: true, needs: merge ? .eraseOrImport : nil) { repository in
            let summary = try await repository.importWard(WardImportRequest(source: .file(file), byInitials: initials, merge: merge))
            return WriteReceipt(auditEntryIds: [], message: done.replacingOccurrences(of: "{0}", with: String(summary.records)))
        })
    }

    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        refuse("file", WardTask.describe(error), focus: true)
    }
}
