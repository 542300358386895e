import Foundation
import TerminalUI
import WardStore

/// The ward's whole audit trail, newest first (palette: "Audit trail"): every write, sign-in,
/// lock, wrong PIN and refusal, filtered by who, patient, kind of action and dates. Read a page
/// at a time with the store's keyset paging: the next page is fetched only when the selection
/// nears the end of what is loaded, so a million entries open as fast as ten. Enter opens the
/// selected entry's record trail. Anyone signed in may read it.
@MainActor
final class AuditTrailScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case open = "audit.open"
        case filter = "audit.filter"
        case clear = "audit.clear"
    }

    enum Loaded: Sendable {
        /// The first page(s) for the filter, asked with `limit`.
        case first([AuditTrailRow], AuditNames, limit: Int)
        /// The page below the last loaded entry.
        case older([AuditTrailRow], AuditNames)
    }

    /// The filters, as chosen in the form (`AuditTrailFilterScreen`).
    struct Query: Equatable, Sendable {
        var patient: Patient?
        var staffId: Int64?
        var initials: String?
        var group: AuditActionGroup = .any
        var from: Date?
        var until: Date?

        var filter: AuditFilter {
            AuditFilter(patientIds: patient.map { [$0.id] }, staffId: staffId, actions: group.actions,
                        since: from, until: until)
        }
    }

    var query = Query()
    /// The loaded stretch of the trail, newest first.
    private(set) var rows: [AuditTrailRow] = []
    private(set) var names = AuditNames()
    /// Older entries may exist below the last loaded one (the last page came back full).
    private(set) var hasOlder = false
    private(set) var loaded = false
    var list = ListState()
    private var fetchingMore = false
    private(set) var visibleRows = 16
    private var drawnArea = Rect.zero

    nonisolated static let pageSize = 50

    func title(_ context: AppContext) -> String { context.t("audit.title") }

    /// Reading the trail needs someone signed in (any role); a read-only ward, where nobody signs
    /// in, is read as History is. Nil when allowed, else the message to show.
    static func refusal(_ context: AppContext) -> Intent? {
        guard context.staff == nil, context.readOnlyReason == nil else { return nil }
        return .message(.warning(context.t("audit.needs_user")))
    }

    var selectedRow: AuditTrailRow? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .open, label: context.t("key.versions"), help: context.t("audit.help.open"), group: g),
            Binding([.char("f")], .filter, label: context.t("key.filter"), help: context.t("audit.help.filter"), group: g),
            Binding([.char("c")], .clear, label: "", help: context.t("audit.help.clear"), group: g),
        ]
    }

    // MARK: - Loading

    /// The first page again (a new filter, another workstation's change), as many rows as were
    /// loaded (up to 10 pages) so the selection keeps its place. It outdates a page being fetched
    /// further down.
    func reload(_ context: AppContext) -> Intent {
        load(limit: max(Self.pageSize, min(rows.count, 10 * Self.pageSize)))
    }

    /// From the newest entry again, one page: the filter changed.
    func restart() -> Intent {
        list = ListState()
        fromTop = true
        return load(limit: Self.pageSize)
    }

    /// Set by `restart`: the next first page starts at its top, not at the entry selected before.
    private var fromTop = false

    private func load(limit: Int) -> Intent {
        let filter = query.filter
        return command("load", supersedes: ["more"]) { repository in
            let page = try await repository.auditTrail(filter, olderThan: nil, limit: limit)
            return .first(page, try await Self.names(for: page, known: AuditNames(), repository), limit: limit)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .first(let page, let found, let limit):
            // Entries arriving from other workstations (a sign-in, a lock) push the list down: the
            // selection stays on the entry it was on.
            let selectedId = fromTop ? nil : selectedRow?.entry.id
            fromTop = false
            rows = page
            names = found
            hasOlder = page.count == limit
            self.loaded = true
            if let selectedId, let index = rows.firstIndex(where: { $0.entry.id == selectedId }) {
                list.select(index, count: rows.count, visibleRows: visibleRows)
            } else {
                list.clamp(count: rows.count, visibleRows: visibleRows)
            }
        case .older(let page, let found):
            rows += page
            names.merge(found)
            hasOlder = page.count == Self.pageSize
        }
        fetchingMore = false
        return .handled
    }

    /// The patients and staff records a page names that are not known yet: the patients its
    /// entries are about, and the staff records its staff entries are about (a PIN reset names
    /// the member, not the admin who did it).
    nonisolated static func names(for page: [AuditTrailRow], known: AuditNames,
                                  _ repository: any WardRepository) async throws -> AuditNames {
        try await AuditNames.lookUp(patients: Set(page.compactMap(\.patientId)),
                                    members: Set(page.filter { $0.entry.entity == .staff }.map(\.entry.entityId)),
                                    known: known, repository)
    }

    /// Fetches the next page once the selection is within a screen of the last loaded entry.
    private func fetchIfNeeded() -> Intent {
        guard loaded, hasOlder, !fetchingMore, list.selected >= rows.count - visibleRows, let last = rows.last else {
            return .handled
        }
        fetchingMore = true
        let filter = query.filter
        let known = names
        return command("more") { repository in
            let page = try await repository.auditTrail(filter, olderThan: last.entry.id, limit: Self.pageSize)
            return .older(page, try await Self.names(for: page, known: known, repository))
        }
    }

    // MARK: - Events

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        switch event {
        case .key(let key):
            guard list.handle(key, count: rows.count, visibleRows: visibleRows) else { return .ignored }
            return fetchIfNeeded()
        case .mouse(let mouse):
            list.handle(mouse, in: Self.regions(drawnArea).rowHitArea, count: rows.count)
            return fetchIfNeeded()
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .open:
            guard let row = selectedRow else { return .handled }
            return .push(RecordTrailScreen(entity: row.entry.entity, entityId: row.entry.entityId,
                                           subject: recordSubject(row, context)))
        case .filter:
            return .push(AuditTrailFilterScreen(trail: self, context))
        case .clear:
            query = Query()
            return restart()
        }
    }

    // MARK: - Rendering

    /// "Patient · bed 3 Ada Lovelace", "Staff member AO", "Ward settings": the record an entry is about.
    func recordSubject(_ row: AuditTrailRow, _ context: AppContext) -> String {
        let words = AuditWords(context)
        var subject = words.entity(row.entry.entity)
        if row.entry.entity == .staff, let member = names.members[row.entry.entityId] {
            subject += " " + member.initials + " " + member.name
        }
        if let patient = row.patientId.flatMap({ names.patients[$0] }) {
            subject += " · " + context.t("audit.patient", patient.bedLabel, patient.fullName)
        }
        return subject
    }

    /// "Audit trail · newest first · bed 3 Ada Lovelace · by AO · wrong PINs and lock-outs · from …".
    func scopeText(_ context: AppContext) -> String {
        let format = WardFormat(context)
        var parts = [context.t("audit.title"), context.t("audit.newest_first")]
        parts.append(query.patient.map { context.t("audit.patient", $0.bedLabel, $0.fullName) } ?? context.t("audit.scope.ward"))
        if let initials = query.initials { parts.append(context.t("history.scope.by", initials)) }
        if query.group != .any { parts.append(context.t("audit.group.\(query.group.rawValue)")) }
        if let from = query.from { parts.append(context.t("history.scope.from", format.shown(from))) }
        if let until = query.until { parts.append(context.t("history.scope.until", format.shown(until))) }
        return parts.joined(separator: " · ")
    }

    /// Where the trail draws: a scope line, the table, and two lines saying the selected entry
    /// in full (a table cell cuts a long refusal short). Render and the mouse share it.
    struct Regions {
        var scope: Rect
        var table: Rect
        var detail: Rect
        let area: Rect

        var rowHitArea: Rect { TableView<ArrayDataSource<AuditTrailRow>>.rowHitArea(of: table, across: area) }
    }

    static func regions(_ area: Rect) -> Regions {
        let parts = Layout.vertical([.length(1), .fill, .length(2)]).split(area.inset(left: 1, right: 1))
        return Regions(scope: parts[0], table: parts[1], detail: parts[2], area: area)
    }

    /// "2026-11-21 13:50 · DD Dee Doctor · bed 3 Ada Lovelace · Nappy change changed: kind, …":
    /// the selected entry in full, who by name.
    func detail(_ row: AuditTrailRow, _ context: AppContext) -> String {
        let words = AuditWords(context)
        let patient = row.patientId.flatMap { names.patients[$0] }.map { context.t("audit.patient", $0.bedLabel, $0.fullName) }
        return ([context.timeText.shown(row.entry.at), words.author(row), patient].compactMap { $0 }
                + [words.sentence(row, member: names.members[row.entry.entityId])]).joined(separator: " · ")
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        drawnArea = Rect(width: area.width, height: area.height)
        let regions = Self.regions(area)
        buffer.put(scopeText(context), in: regions.scope, role: .header, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: regions.table.row(1), role: .muted)
            return
        }
        visibleRows = max(1, TableView<ArrayDataSource<AuditTrailRow>>.bodyArea(of: regions.table).height)
        let words = AuditWords(context)
        // The patient column fits the names loaded; what the entry did takes the rest. Only the
        // rows drawn are put in words.
        let nameWidth = min(20, max(TextWidth.columns(of: context.t("column.patient")),
                                    names.patients.values.map { TextWidth.columns(of: $0.fullName) }.max() ?? 0))
        let columns = [
            TableColumn(context.t("column.time"), width: .length(16)),
            TableColumn(context.t("column.by"), width: .length(4)),
            TableColumn(context.t("column.bed"), width: .length(6)),
            TableColumn(context.t("column.patient"), width: .length(nameWidth)),
            TableColumn(context.t("column.what"), width: .fill),
        ]
        let empty = query == Query() ? context.t("audit.empty") : context.t("audit.empty_filtered")
        let view = TableView(source: ArrayDataSource(rows), state: list, columns: columns, emptyText: empty,
                             glyphs: context.glyphs) { [names] row in
            let patient = row.patientId.flatMap { names.patients[$0] }
            let role: StyleRole = row.entry.action == .refused || row.entry.action == .lockedOut ? .warning : .normal
            return TableRow([context.timeText.shown(row.entry.at), row.staffInitials ?? "—", patient?.bedLabel ?? "",
                             patient?.fullName ?? "", words.sentence(row, member: names.members[row.entry.entityId])], role: role)
        }
        view.render(in: regions.table, into: &buffer)
        if let row = selectedRow {
            let lines = TextWrap.wrap(detail(row, context), width: regions.detail.width)
            for (i, line) in lines.prefix(regions.detail.height).enumerated() {
                let cut = i == regions.detail.height - 1 && lines.count > regions.detail.height
                buffer.put(cut ? line + context.glyphs.ellipsis : line, in: regions.detail.row(i), role: .info,
                           ellipsis: context.glyphs.ellipsis)
            }
        }
    }
}
