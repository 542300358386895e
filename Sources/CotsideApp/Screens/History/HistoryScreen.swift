import Foundation
import TerminalUI
import WardStore

/// Every event, newest first, for the ward or the selected patient. A window onto the store's
/// keyset pages: only pages near what is on screen are fetched, so it opens as fast at a
/// million rows as at ten. Filters (`f`), notes search (`/`), jump to a date (`g`).
@MainActor
final class HistoryScreen: Screen {
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
    private var generation = 0
    private var fetchingMore = false
    private(set) var visibleRows = 20

    static let pageSize = 100

    func title(_ context: AppContext) -> String { context.t("tab.history") }

    func filter(_ context: AppContext) -> HistoryFilter {
        var f = baseFilter
        f.patientId = context.historyPatient?.id
        return f
    }

    var selectedEvent: HistoryEvent? { events.indices.contains(list.selected) ? events[list.selected] : nil }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.enter], action: "history.edit", label: context.t("key.edit"), help: context.t("history.help.edit"), group: g),
            KeyBinding([.char("x"), .delete], action: "history.delete", label: context.t("key.delete"), help: context.t("history.help.delete"), group: g),
            KeyBinding([.char("n")], action: "history.new", label: context.t("key.new"), help: context.t("history.help.new"), group: g),
            KeyBinding([.char("u")], action: "ward.undo", label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            KeyBinding([.char("f")], action: "history.filter", label: context.t("key.filter"), help: context.t("history.help.filter"), group: g),
            KeyBinding([.char("/")], action: "history.search", label: context.t("key.search"), help: context.t("history.help.search"), group: g),
            KeyBinding([.char("g")], action: "history.goto", label: context.t("key.goto"), help: context.t("history.help.goto"), group: g),
            KeyBinding([.char("t")], action: "history.trends", label: "", help: context.t("history.help.trends"), group: g),
            KeyBinding([.char("c")], action: "history.clear", label: "", help: context.t("history.help.clear"), group: g),
        ])
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        generation += 1
        let expected = generation
        let filter = filter(context)
        let jump = jumpDate
        let limit = max(Self.pageSize, min(events.count, 1000))
        return WardTask.store(context) { [weak self] repository in
            let page = jump == nil
                ? try await repository.historyPage(filter, after: nil, limit: limit)
                : try await repository.historyPage(filter, atOrBefore: jump!, limit: limit)
            var newer = false
            if let first = page.events.first, jump != nil {
                newer = !(try await repository.historyPage(filter, before: first.cursor, limit: 1).events.isEmpty)
            }
            guard let self, expected == self.generation else { return .handled }
            self.events = page.events
            self.hasOlder = page.hasMore
            self.hasNewer = newer
            self.loaded = true
            self.fetchingMore = false
            self.list.clamp(count: self.events.count, visibleRows: self.visibleRows)
            return .handled
        }
    }

    /// Fetches the next page when the selection nears either end of what is loaded.
    private func fetchIfNeeded(_ context: AppContext) -> Intent {
        guard !fetchingMore, loaded else { return .handled }
        let filter = filter(context)
        let expected = generation
        if hasOlder, list.selected >= events.count - visibleRows, let last = events.last {
            fetchingMore = true
            return WardTask.store(context) { [weak self] repository in
                let page = try await repository.historyPage(filter, after: last.cursor, limit: Self.pageSize)
                guard let self, expected == self.generation else { return .handled }
                self.events += page.events
                self.hasOlder = page.hasMore
                self.fetchingMore = false
                return .handled
            }
        }
        if hasNewer, list.selected == 0, let first = events.first {
            fetchingMore = true
            return WardTask.store(context) { [weak self] repository in
                let page = try await repository.historyPage(filter, before: first.cursor, limit: Self.pageSize)
                guard let self, expected == self.generation else { return .handled }
                self.events = page.events + self.events
                self.hasNewer = page.hasMore
                self.list.select(self.list.selected + page.events.count, count: self.events.count, visibleRows: self.visibleRows)
                self.fetchingMore = false
                return .handled
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
                return perform("history.clear", context)
            default:
                return .ignored
            }
        case .mouse(let mouse):
            list.handle(mouse, in: Rect(x: 0, y: 2, width: 1000, height: visibleRows), count: events.count)
            return fetchIfNeeded(context)
        default:
            return .ignored
        }
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action {
        case "history.trends":
            return .shell(.tab(.trends))
        case "ward.undo":
            return WardTask.undo(context)
        case "history.new":
            guard let patient = context.historyPatient, patient.isAdmitted else {
                return .message(.info(context.t("history.new_needs_patient")))
            }
            return .push(NewEntryScreen(patient: patient))
        case "history.edit":
            guard let event = selectedEvent else { return .handled }
            return HistoryCorrections.edit(event, context)
        case "history.delete":
            guard let event = selectedEvent else { return .handled }
            return HistoryCorrections.delete(event, context)
        case "history.filter":
            return .push(HistoryFilterScreen(history: self, context))
        case "history.search":
            return .push(PromptScreen(titleKey: "history.search.title",
                                      field: .text("notes", label: context.t("history.search.label"), maxLength: 100,
                                                   value: baseFilter.notesContaining ?? ""),
                                      context) { [weak self] state, context in
                let text = state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? ""
                self?.baseFilter.notesContaining = text.isEmpty ? nil : text
                self?.list = ListState()
                return .all([.pop, .shell(.reloadAll)])
            })
        case "history.goto":
            return .push(PromptScreen(titleKey: "history.goto.title",
                                      field: .dateTime("date", label: context.t("history.goto.label"), value: ""),
                                      context) { [weak self] state, context in
                guard let date = state.date("date") else { return .handled }
                self?.jumpDate = date
                self?.list = ListState()
                return .all([.pop, .shell(.reloadAll)])
            })
        case "history.clear":
            baseFilter = HistoryFilter()
            jumpDate = nil
            list = ListState()
            return .all([.session(.selectedPatient(nil)), .shell(.reloadAll)])
        default:
            return .ignored
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
        if let from = baseFilter.from { parts.append(context.t("history.scope.from", format.stamp(from))) }
        if let until = baseFilter.until { parts.append(context.t("history.scope.until", format.stamp(until))) }
        if let text = baseFilter.notesContaining { parts.append(context.t("history.scope.notes", text)) }
        if let jump = jumpDate { parts.append(context.t("history.scope.jump", format.stamp(jump))) }
        return parts.joined(separator: " · ")
    }

    /// Initials typed in the filter form, for the scope line.
    var staffInitialsFilter: String?

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let parts = Layout.vertical([.length(1), .fill]).split(area.inset(left: 1, right: 1))
        buffer.put(scopeText(context), in: parts[0], role: .header, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: parts[1].row(1), role: .muted)
            return
        }
        visibleRows = max(1, TableView<ArrayDataSource<HistoryEvent>>.bodyArea(of: parts[1]).height)
        let format = WardFormat(context)
        // The event says what the row is ("Dose given: paracetamol 240 mg oral") and is the last
        // to shrink; the patient's name (the bed is beside it) gives way first, then the details.
        let titles = events.map { eventTitle($0, format, context) }
        let fits = [
            // Details (free text, corrections) give way before the patient's name: who the entry
            // is about matters more than its notes.
            ColumnFit(wanted: ColumnFit.content(events.map(\.patientName), title: context.t("column.patient"), cap: 24), minimum: 6, priority: 1),
            ColumnFit(wanted: max(12, ColumnFit.content(titles, title: context.t("column.event"), cap: 48)), minimum: 12, priority: 2),
            ColumnFit(wanted: max(12, ColumnFit.content(events.map { details($0) }, title: context.t("column.details"))), minimum: 0, priority: 0),
        ]
        let widths = ColumnFit.widths(fits, available: parts[1].width - 16 - 6 - 4 - 5)
        let columns = [
            TableColumn(context.t("column.time"), width: .length(16)),
            TableColumn(context.t("column.bed"), width: .length(6)),
            TableColumn(context.t("column.patient"), width: .length(widths[0])),
            TableColumn(context.t("column.event"), width: .length(widths[1])),
            TableColumn(context.t("column.details"), width: .length(widths[2])),
            TableColumn(context.t("column.by"), width: .length(4)),
        ]
        let empty = baseFilter == HistoryFilter() && context.historyPatient == nil && jumpDate == nil
            ? context.t("history.empty") : context.t("history.empty_filtered")
        let view = TableView(source: ArrayDataSource(events), state: list, columns: columns, emptyText: empty,
                             glyphs: context.glyphs) { [self] event in
            TableRow([format.stamp(event.occurredAt), event.bedLabel, event.patientName, eventTitle(event, format, context),
                      details(event), event.staffInitials ?? "—"])
        }
        view.render(in: parts[1], into: &buffer)
    }

    /// What the row is: "Nappy wet" in the user's language, or the store's title.
    private func eventTitle(_ event: HistoryEvent, _ format: WardFormat, _ context: AppContext) -> String {
        guard event.kind == .nappyChange else { return event.title }
        return context.t("history.event.nappy", event.nappyKind.map(format.kind) ?? event.title)
    }

    /// The details, then the notes.
    private func details(_ event: HistoryEvent) -> String {
        guard !event.notes.isEmpty else { return event.details }
        return event.details + (event.details.isEmpty ? "" : " · ") + event.notes
    }
}
