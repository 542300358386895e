import Foundation
import TerminalUI
import WardStore

/// "Export the ward…" from the palette: a folder and a format, then the export runs as a
/// command off the main actor (it reads one snapshot and streams it to disk); the form closes
/// with a message naming the file. A read-only ward can be exported too.
@MainActor
final class ExportFormScreen: WardFormScreen, CommandScreen {
    enum Loaded: Sendable { case exported(WardExportSummary, folder: String) }
    static let formats = WardExportFormat.allCases

    init(_ context: AppContext, environment: [String: String] = ProcessInfo.processInfo.environment) {
        super.init(titleKey: "export.form.title", fields: [
            .path("folder", label: context.t("export.field.folder"), maxLength: 400,
                  value: SuggestedPath.inHome("cotside-export", now: context.clock.now, timeZone: context.clock.timeZone,
                                              environment: environment)),
            .choice("format", label: context.t("export.field.format"),
                    options: Self.options(Self.formats) { context.t("export.format.\($0.rawValue)") }, selected: 0),
        ], context)
    }

    override var hasUnsavedInput: Bool { false }

    override func submit(_ context: AppContext) -> Intent {
        let folder = (state.text("folder") ?? "").trimmingCharacters(in: .whitespaces)
        let format = Self.formats[state.choice("format") ?? 0]
        let request = WardExportRequest(folder: folder, format: format, cotsideVersion: CotsideVersion.string,
                                        exportedAt: context.clock.now)
        return .all([.message(.info(context.t("export.running"))), command("export") { repository in
            .exported(try await repository.exportWard(request, progress: { _ in }), folder: folder)
        }])
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .exported(let summary, let folder):
            let place = summary.files.count == 1 ? summary.files[0] : folder
            return .all([.pop, .message(.success(context.t("export.done", summary.records, place)))])
        }
    }

    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        refuse("folder", WardTask.describe(error), focus: true)
    }
}
