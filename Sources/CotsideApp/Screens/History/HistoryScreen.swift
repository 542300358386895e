import Foundation
import TerminalUI
import WardStore

/// Every event, newest first, for the ward or the selected patient. A window onto the store's
/// keyset pages: only pages near what is on screen are fetched, so it opens as fast at a
/// million rows as at ten. Filters (`f`), notes search (`/`), jump to a date (`g`), an entry's
/// audit trail (`a`).
@MainActor
final class HistoryScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case edit = "history.edit"
        case audit = "history.audit"
        case delete = "history.delete"
        case new = "history.new"
        case undo = "ward.undo"
        case filter = "history.filter"
        case search = "history.search"
        case goto = "history.goto"
        case trends = "history.trends"
        case clear = "history.clear"
        case stopInfusion = "history.stop_infusion"
        case report = "history.report"
        case patientReport = "history.patient_report"
    }

    enum Loaded: Sendable {
        /// The first page for the filter (or at the jump date), and whether newer events exist above it.
        case page(HistoryPage, newer: Bool)
        /// The page below the last loaded event.
        case older(HistoryPage)
        /// The page above the first loaded event (after a jump to a date).
        case newer(HistoryPage)
        /// The entry Enter edits, fetched fresh (nil: it changed or went since the list loaded).
        case correction(HistoryCorrections.Entry?)
    }

    /// The loaded stretch of History (contiguous, newest first).
    private(set) var events: [HistoryEvent] = []
    /// Older events exist below the last loaded one.
    private(set) var hasOlder = false
    /// Newer events exist above the first loaded one (after a jump to a date).
    private(set) var hasNewer = false
    private(set) var loaded = false
    /// Filters other than the patient (which follows the selected patient).
    var baseFilter = HistoryFilter()
    /// Set by `g`: the list starts at the newest event at or before this instant.
    var jumpDate: Date?
    var list = ListState()
    private var fetchingMore = false
    private(set) var visibleRows = 20
    /// The area last drawn, at the origin (clicks come in the screen's own coordinates): a click
    /// finds its row in the same `Regions` render used.
    private var drawnArea = Rect.zero

    static let pageSize = 100

    func title(_ context: AppContext) -> String { context.t("tab.history") }

    func filter(_ context: AppContext) -> HistoryFilter {
        var f = baseFilter
        f.patientId = context.historyPatient?.id
        return f
    }

    var selectedEvent: HistoryEvent? { events.indices.contains(list.selected) ? events[list.selected] : nil }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .edit, label: context.t("key.edit"), help: context.t("history.help.edit"), group: g),
            Binding([.char("a")], .audit, label: context.t("key.audit"), help: context.t("history.help.audit"), group: g),
            Binding([.char("x"), .delete], .delete, label: context.t("key.delete"), help: context.t("history.help.delete"), group: g),
            Binding([.char("n")], .new, label: context.t("key.new"), help: context.t("history.help.new"), group: g),
            Binding([.char("u")], .undo, label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            Binding([.char("f")], .filter, label: context.t("key.filter"), help: context.t("history.help.filter"), group: g),
            Binding([.char("/")], .search, label: context.t("key.search"), help: context.t("history.help.search"), group: g),
            Binding([.char("g")], .goto, label: context.t("key.goto"), help: context.t("history.help.goto"), group: g),
            Binding([.char("t")], .trends, label: "", help: context.t("history.help.trends"), group: g),
            Binding([.char("c")], .clear, label: "", help: context.t("history.help.clear"), group: g),
            Binding([.char("S")], .stopInfusion, label: "", help: context.t("history.help.stop_infusion"), group: g),
            Binding([.char("R")], .report, label: "", help: context.t("history.help.report"), group: g),
            Binding([.char("P")], .patientReport, label: "", help: context.t("action.patient_report"), group: g),
        ]
    }

    // MARK: - Loading

    /// The first page again (a newer filter, a write, another workstation). It outdates a page
    /// fetched further down for the old list ("more"), whose result the shell then drops.
    func reload(_ context: AppContext) -> Intent {
        let filter = filter(context)
        let jump = jumpDate
        let limit = max(Self.pageSize, min(events.count, 1000))
        return command("load", supersedes: ["more"]) { repository in
            guard let jump else { return .page(try await repository.historyPage(filter, after: nil, limit: limit), newer: false) }
            let page = try await repository.historyPage(filter, atOrBefore: jump, limit: limit)
            var newer = false
            if let first = page.events.first {
                newer = !(try await repository.historyPage(filter, before: first.cursor, limit: 1).events.isEmpty)
            }
            return .page(page, newer: newer)
        }
    }

    func update(_ result: Loaded, _ context: AppContext) -> Intent {
        switch result {
        case .page(let page, let newer):
            events = page.events
            hasOlder = page.hasMore
            hasNewer = newer
            loaded = true
            fetchingMore = false
            list.clamp(count: events.count, visibleRows: visibleRows)
        case .older(let page):
            events += page.events
            hasOlder = page.hasMore
            fetchingMore = false
        case .newer(let page):
            events = page.events + events
            hasNewer = page.hasMore
            list.select(list.selected + page.events.count, count: events.count, visibleRows: visibleRows)
            fetchingMore = false
        case .correction(let entry):
            guard let entry else { return .message(.warning(context.t("history.gone"))) }
            return .push(HistoryCorrections.form(for: entry, context))
        }
        return .handled
    }

    /// Fetches the next page when the selection nears either end of what is loaded.
    private func fetchIfNeeded(_ context: AppContext) -> Intent {
        guard !fetchingMore, loaded else { return .handled }
        let filter = filter(context)
        if hasOlder, list.selected >= events.count - visibleRows, let last = events.last {
            fetchingMore = true
            return command("more") { repository in
                .older(try await repository.historyPage(filter, after: last.cursor, limit: Self.pageSize))
            }
        }
        if hasNewer, list.selected == 0, let first = events.first {
            fetchingMore = true
            return command("more") { repository in
                .newer(try await repository.historyPage(filter, before: first.cursor, limit: Self.pageSize))
            }
        }
        return .handled
    }

    // MARK: - Events

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        switch event {
        case .key(let key):
            switch key {
            case .up, .down, .pageUp, .pageDown, .home, .end, .char("j"), .char("k"), .char("G"):
                if key == .home, hasNewer {
                    jumpDate = nil
                    list = ListState()
                    return reload(context)
                }
                list.handle(key, count: events.count, visibleRows: visibleRows)
                return fetchIfNeeded(context)
            case .escape where context.historyPatient != nil || baseFilter != HistoryFilter() || jumpDate != nil:
                return perform(.clear, context)
            default:
                return .ignored
            }
        case .mouse(let mouse):
            list.handle(mouse, in: Regions(drawnArea).rowHitArea, count: events.count)
            return fetchIfNeeded(context)
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .trends:
            return .shell(.tab(.trends))
        case .undo:
            return WardTask.undo(context)
        case .new:
            guard let patient = context.historyPatient, patient.isAdmitted else {
                return .message(.info(context.t("history.new_needs_patient")))
            }
            return .push(NewEntryScreen(patient: patient))
        case .edit:
            guard let event = selectedEvent else { return .handled }
            if let refusal = HistoryCorrections.refusal(toEdit: event, context) { return refusal }
            return command("edit") { repository in .correction(try await HistoryCorrections.entry(for: event, repository)) }
        case .delete:
            guard let event = selectedEvent else { return .handled }
            return HistoryCorrections.delete(event, context)
        case .stopInfusion:
            guard let event = selectedEvent else { return .handled }
            return HistoryCorrections.stopInfusion(event, context)
        case .report:
            guard let event = selectedEvent else { return .handled }
            guard event.kind == .strokeAssessment else { return .message(.info(context.t("history.report.not_stroke"))) }
            return ReportPreviewScreen.open(StrokeReportPreview.stored(id: event.id), context)
        case .patientReport:
            // The patient History shows, else the one the selected entry is about.
            guard let id = context.historyPatient?.id ?? selectedEvent?.patientId else {
                return .message(.info(context.t("history.patient_report.none")))
            }
            return ReportPreviewScreen.open(PatientReportPreview.preview(patientId: id), context)
        case .audit:
            guard let event = selectedEvent else { return .handled }
            if let refusal = AuditTrailScreen.refusal(context) { return refusal }
            let subject = eventTitle(event, WardFormat(context), context) + " · "
                + context.t("audit.patient", event.bedLabel, event.patientName)
            return .push(RecordTrailScreen(entity: event.kind.auditEntity, entityId: event.id, subject: subject))
        case .filter:
            return .push(HistoryFilterScreen(history: self, context))
        case .search:
            return .push(PromptScreen(titleKey: "history.search.title",
                                      field: .text("notes", label: context.t("history.search.label"), maxLength: 100,
                                                   value: baseFilter.notesContaining ?? ""),
                                      context) { [self] state, _ in
                let text = state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? ""
                baseFilter.notesContaining = text.isEmpty ? nil : text
                list = ListState()
                return .all([.pop, .shell(.reloadAll)])
            })
        case .goto:
            return .push(PromptScreen(titleKey: "history.goto.title",
                                      field: .dateTime("date", label: context.t("history.goto.label"), value: ""),
                                      context) { [self] state, _ in
                guard let date = state.date("date") else { return .handled }
                jumpDate = date
                list = ListState()
                return .all([.pop, .shell(.reloadAll)])
            })
        case .clear:
            baseFilter = HistoryFilter()
            jumpDate = nil
            list = ListState()
            return .all([.session(.selectedPatient(nil)), .shell(.reloadAll)])
        }
    }

    // MARK: - Rendering

    /// "Bed 3 Alice Smith · wet, dirty · by AB · from … · notes “…”" or "whole ward".
    func scopeText(_ context: AppContext) -> String {
        let format = WardFormat(context)
        var parts: [String] = [context.historyPatient.map { context.t("history.scope.patient", $0.bedLabel, $0.fullName) }
                               ?? context.t("history.scope.ward")]
        if !baseFilter.nappyKinds.isEmpty {
            parts.append(baseFilter.nappyKinds.sorted { $0.rawValue < $1.rawValue }.map(format.kind).joined(separator: ", "))
        }
        if case .event(let kind) = HistoryFilterScreen.current(baseFilter) { parts.append(context.t("filter.event.\(kind.rawValue)")) }
        if baseFilter.staffId != nil, let initials = staffInitialsFilter { parts.append(context.t("history.scope.by", initials)) }
        if let from = baseFilter.from { parts.append(context.t("history.scope.from", format.shown(from))) }
        if let until = baseFilter.until { parts.append(context.t("history.scope.until", format.shown(until))) }
        if let text = baseFilter.notesContaining { parts.append(context.t("history.scope.notes", text)) }
        if let jump = jumpDate { parts.append(context.t("history.scope.jump", format.shown(jump))) }
        return parts.joined(separator: " · ")
    }

    /// Initials typed in the filter form, for the scope line.
    var staffInitialsFilter: String?

    /// Where History draws in its area. Render and the mouse both use it, so a click always
    /// lands on the row drawn there.
    struct Regions {
        /// The scope line: whose events, which filters.
        var scope: Rect
        /// The table: its header, then the rows.
        var table: Rect
        let area: Rect

        init(_ area: Rect) {
            self.area = area
            let parts = Layout.vertical([.length(1), .fill]).split(area.inset(left: 1, right: 1))
            scope = parts[0]
            table = parts[1]
        }

        /// The rows a click selects: the table's rows, across the whole width (the margins too).
        var rowHitArea: Rect {
            TableView<ArrayDataSource<HistoryEvent>>.rowHitArea(of: table, across: area)
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        drawnArea = Rect(width: area.width, height: area.height)
        let regions = Regions(area)
        buffer.put(scopeText(context), in: regions.scope, role: .header, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: regions.table.row(1), role: .muted)
            return
        }
        visibleRows = max(1, TableView<ArrayDataSource<HistoryEvent>>.bodyArea(of: regions.table).height)
        let format = WardFormat(context)
        // The value is the point of a row. Below 100 columns no fixed split between the event
        // and its details suits every row (a long dose name, a short temperature), so each row
        // says both in one column, "Temperature · 38.4 °C", cut at its end (the notes) only; the
        // bed says whose row it is and the time drops its year.
        let narrow = regions.table.width < 98
        let empty = baseFilter == HistoryFilter() && context.historyPatient == nil && jumpDate == nil
            ? context.t("history.empty") : context.t("history.empty_filtered")
        if narrow {
            let bedWidth = max(3, ColumnFit.content(events.map(\.bedLabel), title: context.t("column.bed"), cap: 6))
            let columns = [
                TableColumn(context.t("column.time"), width: .length(12)),
                TableColumn(context.t("column.bed"), width: .length(bedWidth)),
                TableColumn(context.t("column.event"), width: .length(max(0, regions.table.width - 12 - bedWidth - 4 - 3))),
                TableColumn(context.t("column.by"), width: .length(4)),
            ]
            let view = TableView(source: ArrayDataSource(events), state: list, columns: columns, emptyText: empty,
                                 glyphs: context.glyphs) { [self] event in
                let what = [eventTitle(event, format, context), details(event, format)].filter { !$0.isEmpty }.joined(separator: " · ")
                return TableRow([format.dayMonthTime(event.occurredAt), event.bedLabel, what, event.staffInitials ?? "—"])
            }
            view.render(in: regions.table, into: &buffer)
            return
        }
        // With room, the details' value ("91 % on 2 L/min") keeps its width; their notes give
        // way first, then the patient's name (the bed is beside it), then the event's name.
        let titles = events.map { eventTitle($0, format, context) }
        let fits = [
            ColumnFit(wanted: ColumnFit.content(events.map(\.patientName), title: context.t("column.patient"), cap: 24), minimum: 6, priority: 1),
            ColumnFit(wanted: max(12, ColumnFit.content(titles, title: context.t("column.event"), cap: 48)), minimum: 12, priority: 2),
            ColumnFit(wanted: max(12, ColumnFit.content(events.map { details($0, format) }, title: context.t("column.details"))),
                      minimum: ColumnFit.content(events.map { HistoryEventText(context).details($0) }, title: context.t("column.details"), cap: 40), priority: 0),
        ]
        let widths = ColumnFit.widths(fits, available: regions.table.width - 16 - 6 - 4 - 5)
        let columns = [
            TableColumn(context.t("column.time"), width: .length(16)),
            TableColumn(context.t("column.bed"), width: .length(6)),
            TableColumn(context.t("column.patient"), width: .length(widths[0])),
            TableColumn(context.t("column.event"), width: .length(widths[1])),
            TableColumn(context.t("column.details"), width: .length(widths[2])),
            TableColumn(context.t("column.by"), width: .length(4)),
        ]
        let view = TableView(source: ArrayDataSource(events), state: list, columns: columns, emptyText: empty,
                             glyphs: context.glyphs) { [self] event in
            TableRow([format.shown(event.occurredAt), event.bedLabel, event.patientName, eventTitle(event, format, context),
                      details(event, format), event.staffInitials ?? "—"])
        }
        view.render(in: regions.table, into: &buffer)
    }

    /// What the row is, in the user's language: "Nappy wet", "Feed formula".
    private func eventTitle(_ event: HistoryEvent, _ format: WardFormat, _ context: AppContext) -> String {
        HistoryEventText(context).title(event)
    }

    /// The details in the user's language, then the notes.
    private func details(_ event: HistoryEvent, _ format: WardFormat) -> String {
        let details = HistoryEventText(format.context).details(event)
        guard !event.notes.isEmpty else { return details }
        return details + (details.isEmpty ? "" : " · ") + event.notes
    }
}
