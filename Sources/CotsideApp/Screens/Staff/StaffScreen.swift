import Foundation
import TerminalUI
import WardStore

/// "Staff" from the palette: every member with initials, name, role, the ward admin flag,
/// whether they have a PIN and a standing lock-out (active members first; inactive ones on `i`).
/// A ward admin adds (`n`), deactivates (`d`, undoable), resets a PIN (`r`) and makes or unmakes
/// ward admins (`A`); anyone changes their own PIN (`c`). For anyone else the admin keys stay on
/// the bar greyed, with the ward admins named at the top: people learn whom to ask. Every change
/// is a store write (a PIN's key derivation takes a quarter of a second, never on the main actor).
@MainActor
final class StaffScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case add = "staff.list.add"
        case deactivate = "staff.list.deactivate"
        case resetPin = "staff.list.reset_pin"
        case toggleAdmin = "staff.list.admin"
        case ownPin = "staff.list.own_pin"
        case inactive = "staff.list.inactive"
        case undo = "ward.undo"
        case back = "shell.back"
        case up = "staff.list.up"
        case down = "staff.list.down"
    }

    /// One member as listed: the record and the state of their PIN.
    struct Row: Sendable {
        var staff: Staff
        var pin: PinStatus
    }

    enum Loaded: Sendable {
        case rows([Row])
    }

    private(set) var rows: [Row] = []
    private(set) var loaded = false
    private(set) var showsInactive = false
    private var list = ListState()
    private var visibleRows = 10

    var selected: Row? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    func title(_ context: AppContext) -> String { context.t("staff.list.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        return [
            Binding([.char("n")], .add, label: context.t("key.new"), help: context.t("staff.list.help.add"), group: g,
                    needs: .manageStaff),
            Binding([.char("d")], .deactivate, label: context.t("key.deactivate"), help: context.t("staff.list.help.deactivate"),
                    group: g, needs: .manageStaff),
            Binding([.char("r")], .resetPin, label: context.t("key.reset_pin"), help: context.t("staff.list.help.reset_pin"),
                    group: g, needs: .manageStaff),
            Binding([.char("A")], .toggleAdmin, label: context.t("key.admin"), help: context.t("staff.list.help.admin"),
                    group: g, needs: .manageStaff),
            Binding([.char("c")], .ownPin, label: context.t("key.my_pin"), help: context.t("staff.list.help.own_pin"), group: g),
            Binding([.char("i")], .inactive, label: context.t("key.inactive"), help: context.t("staff.list.help.inactive"), group: g),
            Binding([.char("u")], .undo, help: context.t("action.undo"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: n),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: n),
        ]
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        let inactive = showsInactive
        return command { repository in
            var rows: [Row] = []
            for staff in try await repository.staffList(includingInactive: inactive) {
                rows.append(Row(staff: staff, pin: try await repository.pinStatus(staffId: staff.id)))
            }
            return .rows(rows)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .rows(let rows):
            let selectedId = selected?.staff.id
            self.rows = rows
            self.loaded = true
            if let selectedId, let index = rows.firstIndex(where: { $0.staff.id == selectedId }) {
                list.select(index, count: rows.count, visibleRows: visibleRows)
            } else {
                list.clamp(count: rows.count, visibleRows: visibleRows)
            }
            return .handled
        }
    }

    // MARK: - Actions

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .pageUp, .pageDown, .home, .end:
            list.handle(key, count: rows.count, visibleRows: visibleRows)
            return .handled
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .back: return .shell(.back)
        case .undo: return WardTask.undo(context)
        case .up: list.handle(.up, count: rows.count, visibleRows: visibleRows); return .handled
        case .down: list.handle(.down, count: rows.count, visibleRows: visibleRows); return .handled
        case .inactive:
            showsInactive.toggle()
            return reload(context)
        case .add:
            if let refusal = WardTask.requireUser(context) { return refusal }
            return .push(StaffMemberFormScreen(context))
        case .ownPin:
            if let refusal = WardTask.requireUser(context) { return refusal }
            guard let me = context.staff else { return .handled }
            let hasPin = rows.first { $0.staff.id == me.id }?.pin.hasPin ?? true
            return .push(PinFormScreen(.own(me, hasPin: hasPin), context))
        case .resetPin:
            guard let member = activeSelection(context) else { return selectionRefusal(context) }
            if member.id == context.staff?.id { return perform(.ownPin, context) }
            return .push(PinFormScreen(.reset(member), context))
        case .deactivate:
            guard let member = activeSelection(context) else { return selectionRefusal(context) }
            return .push(ConfirmScreen(title: context.t("staff.deactivate.title", member.name),
                                       body: context.t("staff.deactivate.body", member.name, member.initials),
                                       onConfirm: [.followUp { context in Self.deactivate(member, context) }]))
        case .toggleAdmin:
            guard let member = activeSelection(context) else { return selectionRefusal(context) }
            return Self.setAdmin(member, !member.isWardAdmin, context)
        }
    }

    /// The selected member when someone may act on them: signed in, and the member active.
    private func activeSelection(_ context: AppContext) -> Staff? {
        guard WardTask.requireUser(context) == nil, let member = selected?.staff, member.active else { return nil }
        return member
    }

    /// Why there is nobody to act on: no user, nothing selected, or an inactive member.
    private func selectionRefusal(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let member = selected?.staff else { return .message(.info(context.t("staff.list.nobody_selected"))) }
        return .message(.info(context.t("staff.list.inactive_member", member.name)))
    }

    /// The confirmed deactivation; `u` reactivates. The store refuses the ward's last ward admin
    /// (in its own words); an admin who deactivated themselves is asked who is at the keyboard.
    private static func deactivate(_ member: Staff, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let done = context.t("staff.deactivated", member.name, member.initials)
        let summary = context.t("staff.deactivated.summary", member.initials)
        var askWhoIsHere: (@MainActor @Sendable (AppContext) -> Intent)?
        if member.id == by { askWhoIsHere = { _ in Intent.shell(.switchUser) } }
        return .write(WardWrite(undoSummary: summary, needs: .manageStaff, followUp: askWhoIsHere) { repository in
            let saved = try await repository.deactivateStaff(id: member.id, by: by)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: done, session: [.userUpdated(saved.record)])
        })
    }

    /// Makes or unmakes a ward admin (the store keeps one); the session follows when it is you.
    private static func setAdmin(_ member: Staff, _ isAdmin: Bool, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let done = context.t(isAdmin ? "staff.admin.made" : "staff.admin.unmade", member.name, member.initials)
        return .write(WardWrite(undoSummary: nil, needs: .manageStaff) { repository in
            let saved = try await repository.setWardAdmin(staffId: member.id, isAdmin: isAdmin, by: by)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: done, session: [.userUpdated(saved.record)])
        })
    }

    // MARK: - Drawing

    /// Where the list goes within the screen's area (header and summary above it).
    static func layout(_ area: Rect) -> (summary: Rect, header: Rect, list: Rect) {
        let rows = Layout.vertical([.length(1), .length(1), .length(1), .fill]).split(area.inset(left: 1, right: 1))
        return (rows[0], rows[2], rows[3])
    }

    /// Initials, name (takes what is left), role, admin, PIN, status.
    static func columns(_ row: Rect) -> [Rect] {
        row.split(.horizontal, [.length(4), .fill, .length(20), .length(5), .length(3), .length(18)], spacing: 2)
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let parts = Self.layout(area)
        visibleRows = max(1, parts.list.height)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: parts.list.row(0), role: .muted)
            return
        }
        buffer.put(summary(context), in: parts.summary, role: .info, ellipsis: context.glyphs.ellipsis)
        let headings = ["initials", "name", "role", "admin", "pin", "status"].map { context.t("staff.list.column.\($0)") }
        for (column, heading) in zip(Self.columns(parts.header), headings) {
            buffer.put(heading, in: column, role: .header, ellipsis: context.glyphs.ellipsis)
        }
        guard !rows.isEmpty else {
            buffer.put(context.t("staff.list.empty"), in: parts.list.row(0), role: .muted)
            return
        }
        let first = ListState.offset(for: list.selected, current: list.offset, visibleRows: parts.list.height, count: rows.count)
        for (i, row) in rows.dropFirst(first).prefix(parts.list.height).enumerated() {
            let line = parts.list.row(i)
            let isSelected = first + i == list.selected
            let role: StyleRole = isSelected ? .selection : (row.staff.active ? .normal : .muted)
            buffer.fill(line, role: role)
            for (column, text) in zip(Self.columns(line), cells(row, context)) {
                buffer.put(text, in: column, role: role, ellipsis: context.glyphs.ellipsis)
            }
        }
    }

    /// "2 active · ward admins: Nia Nurse (NN) · i shows inactive members".
    private func summary(_ context: AppContext) -> String {
        let active = rows.filter(\.staff.active)
        let admins = active.filter(\.staff.isWardAdmin).map { "\($0.staff.name) (\($0.staff.initials))" }
        let inactive = rows.count - active.count
        return context.t("staff.list.summary", active.count, admins.joined(separator: ", "))
            + " · " + (showsInactive ? context.t("staff.list.inactive_shown", inactive) : context.t("staff.list.inactive_hidden"))
    }

    private func cells(_ row: Row, _ context: AppContext) -> [String] {
        let staff = row.staff
        let status: String
        if !staff.active {
            status = context.t("staff.list.inactive")
        } else if let until = row.pin.lockedUntil {
            status = context.t("staff.list.locked_until", WardFormat(context).clock(until))
        } else {
            status = ""
        }
        return [staff.initials, staff.name, WardFormat(context).role(staff.role),
                staff.isWardAdmin ? context.t("staff.list.yes") : "",
                context.t(row.pin.hasPin ? "staff.list.yes" : "staff.list.no"), status]
    }
}
