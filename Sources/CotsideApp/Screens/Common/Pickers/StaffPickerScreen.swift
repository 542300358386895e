import Foundation
import TerminalUI
import WardStore

/// "Who is at the keyboard?": shown at start (after the disclaimer) until someone is chosen,
/// and from the palette ("Switch user"). Typing filters by name or initials; the last row,
/// `+` or Insert (or `a` while the ward has no staff yet) adds yourself.
@MainActor
final class StaffPickerScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case choose = "staff.choose"
        case add = "staff.add"
        /// Esc: clears the typed filter, else goes back (quits at start).
        case cancel = "staff.cancel"
    }

    enum Loaded: Sendable {
        case staff([Staff])
    }

    /// At start nothing else may happen until a user is chosen (Esc quits instead).
    let isStartup: Bool
    private(set) var staff: [Staff] = []
    private(set) var loaded = false
    private(set) var filter = ""
    private var list = ListState()
    private var visibleRows = 10

    init(isStartup: Bool) { self.isStartup = isStartup }

    var isBlocking: Bool { isStartup }
    var capturesText: Bool { true }

    func title(_ context: AppContext) -> String { context.t("staff.picker.title") }

    /// Active staff whose name or initials contain the filter (case-insensitive).
    var matches: [Staff] {
        let needle = filter.trimmingCharacters(in: .whitespaces).lowercased()
        guard !needle.isEmpty else { return staff }
        return staff.filter { $0.name.lowercased().contains(needle) || $0.initials.lowercased().hasPrefix(needle) }
    }

    /// Staff rows, then the "Add myself" row (nil).
    private var rows: [Staff?] { matches.map(Optional.some) + [nil] }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .choose, label: context.t("key.select"), help: context.t("staff.picker.choose"), group: g),
            Binding([.insert, .char("+")], .add, label: context.t("key.add_me"), help: context.t("staff.picker.add"), group: g),
            Binding([.escape], .cancel, label: isStartup ? context.t("key.quit") : context.t("key.back"),
                    help: isStartup ? context.t("action.quit") : context.t("key.back"), group: g),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        command { repository in .staff(try await repository.activeStaff()) }
    }

    func update(_ result: Loaded, _ context: AppContext) -> Intent {
        switch result {
        case .staff(let all):
            staff = all
            loaded = true
            if let current = context.staff, let index = matches.firstIndex(where: { $0.id == current.id }) {
                list.select(index, count: rows.count, visibleRows: visibleRows)
            }
            return .handled
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return isStartup ? .handled : .ignored }
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            list.handle(key, count: rows.count, visibleRows: visibleRows)
            return .handled
        case .backspace:
            if !filter.isEmpty { filter.removeLast(); list = ListState() }
            return .handled
        case .char("a") where loaded && staff.isEmpty && filter.isEmpty:
            return perform(.add, context)
        case .char("+"):
            return .ignored
        case .char(let c):
            filter.append(c)
            list = ListState()
            return .handled
        default:
            // Enter, Esc, Insert go to the key map; nothing else gets past the startup picker.
            if keyMap(context).action(for: key) != nil { return .ignored }
            return isStartup ? .handled : .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .choose:
            let all = rows
            guard all.indices.contains(list.selected) else { return .handled }
            guard let chosen = all[list.selected] else { return perform(.add, context) }
            return .all([.session(.user(chosen)), .pop,
                         .message(.success(context.t("staff.signed_in", chosen.name, chosen.initials)))])
        case .add:
            return .push(StaffFormScreen(suggestedName: filter, context))
        case .cancel:
            if !filter.isEmpty { filter = ""; list = ListState(); return .handled }
            return isStartup ? .shell(.quit) : .pop
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let box = area.centered(width: min(area.width - 2, 70), height: min(area.height, 18))
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("staff.picker.title"))
        let parts = Layout.vertical([.length(1), .length(1), .fill, .length(1)]).split(inner.inset(left: 1, right: 1))
        buffer.put(context.t("staff.picker.prompt") + filter + "_", in: parts[0], role: .input)
        visibleRows = max(1, parts[2].height)
        if !loaded {
            buffer.put(context.t("ward.loading"), in: parts[2].row(0), role: .muted)
            return
        }
        let format = WardFormat(context)
        let addLabel = staff.isEmpty ? context.t("staff.picker.add_first") : context.t("staff.picker.add_row")
        let view = ListView(source: ArrayDataSource(rows), state: list, glyphs: context.glyphs) { row in
            guard let row else { return ListItem("+ " + addLabel, role: .info) }
            return ListItem("\(row.initials.padding(toLength: 5, withPad: " ", startingAt: 0)) \(row.name) — \(format.role(row.role))")
        }
        view.render(in: parts[2], into: &buffer)
        let hint = staff.isEmpty ? context.t("staff.picker.hint_first") : context.t("staff.picker.hint")
        buffer.put(hint, in: parts[3], role: .muted, ellipsis: context.glyphs.ellipsis)
    }
}
