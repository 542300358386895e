import Foundation
import TerminalUI
import WardStore

/// `p` from any tab: type a bed, a name or a hospital number; Enter makes that patient the one
/// History and Tools are about. The first row goes back to the whole ward.
@MainActor
final class PatientPickerScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case choose = "patient.choose"
        /// Esc: close without choosing.
        case back = "shell.back"
    }

    enum Loaded: Sendable {
        /// The patients matching `filter` (the text typed when the search was asked for).
        case found([Patient], filter: String)
    }

    private(set) var filter = ""
    private(set) var found: [Patient] = []
    private var list = ListState()
    private var visibleRows = 10

    var presentation: Presentation { .floating }
    var capturesText: Bool { true }
    func title(_ context: AppContext) -> String { context.t("patient.picker.title") }

    /// nil is "whole ward".
    private var rows: [Patient?] { [nil] + found.map(Optional.some) }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .choose, label: context.t("key.select"), help: context.t("patient.picker.choose"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ]
    }

    /// Searches for what is typed; a search for older text still running is dropped by the shell.
    func reload(_ context: AppContext) -> Intent {
        let text = filter
        return command { repository in
            .found(try await repository.searchPatients(text, includeDischarged: !text.isEmpty, limit: 200), filter: text)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .found(let patients, let text):
            found = patients
            list.clamp(count: rows.count, visibleRows: visibleRows)
            if !text.isEmpty, !patients.isEmpty { list.select(1, count: rows.count, visibleRows: visibleRows) }
            return .handled
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            list.handle(key, count: rows.count, visibleRows: visibleRows)
            return .handled
        case .backspace:
            guard !filter.isEmpty else { return .handled }
            filter.removeLast()
            return reload(context)
        case .char(let c):
            filter.append(c)
            return reload(context)
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .choose:
            let all = rows
            guard all.indices.contains(list.selected) else { return .handled }
            let chosen = all[list.selected]
            let message = chosen.map { context.t("patient.selected", $0.bedLabel, $0.fullName) } ?? context.t("patient.selected_ward")
            return .all([.session(.selectedPatient(chosen)), .pop, .message(.info(message)),
                         .shell(.reloadAll)])
        case .back:
            return .pop
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let box = area.centered(width: min(area.width - 2, 90), height: min(area.height, 20))
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("patient.picker.title"))
        let parts = Layout.vertical([.length(1), .length(1), .fill]).split(inner.inset(left: 1, right: 1))
        buffer.put(context.t("patient.picker.prompt") + filter + "_", in: parts[0], role: .input)
        visibleRows = max(1, parts[2].height)
        let format = WardFormat(context)
        let view = ListView(source: ArrayDataSource(rows), state: list, glyphs: context.glyphs) { row in
            guard let p = row else { return ListItem(context.t("patient.picker.whole_ward"), role: .info) }
            let status = p.isAdmitted ? "" : "  (" + context.t("patient.discharged") + ")"
            let line = "\(TextWidth.fit(p.bedLabel, to: 6)) \(p.fullName) · \(p.hospitalNumber) · \(format.age(of: p))"
            return ListItem(line + status,
                            role: p.isAdmitted ? .normal : .muted)
        }
        view.render(in: parts[2], into: &buffer)
    }
}
