import Foundation
import TerminalUI
import WardStore

/// One row per occupied cot: age, last nappy, today's wet/dirty counts, a 7-day sparkline and
/// the cot's most urgent alert (symbol and word, never colour alone, "+N" for the others). The
/// alerts are those the cot's Trends insights raise (`CotInsights`), counted in the header. Quick keys log a nappy for the
/// selected cot, or for every marked cot at once (a nappy round: one store call).
@MainActor
final class DashboardScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case logWet = "dashboard.log.wet"
        case logDirty = "dashboard.log.dirty"
        case logMixed = "dashboard.log.mixed"
        case logFeed = "dashboard.log.feed"
        case new = "dashboard.new"
        case mark = "dashboard.mark"
        case trends = "dashboard.trends"
        case goals = "dashboard.goals"
        case history = "dashboard.history"
        case undo = "ward.undo"
        case admit = "dashboard.admit"
        case edit = "dashboard.edit"
        case discharge = "dashboard.discharge"
        case handover = "dashboard.handover"
        case patientReport = "dashboard.patient_report"
        case up = "dashboard.up"
        case down = "dashboard.down"
    }

    enum Loaded: Sendable {
        case dashboard(Dashboard)
        /// The store's words for a failed load (shown in place of the table until one succeeds).
        case failed(String)
    }

    private(set) var dashboard: Dashboard?
    /// Each cot's alerts, most urgent first, worked out once per load.
    private(set) var alerts: [Int64: [Insight]] = [:]
    private var loadError: String?
    var list = ListState()
    /// Patients marked with Space for a nappy round.
    private(set) var marked: Set<Int64> = []
    /// The figures depend on the clock (time since, alerts): ticks reload them once a minute.
    private var refresh = ClockRefresh()
    private var visibleRows = 10
    /// The area last drawn, at the origin (clicks come in the screen's own coordinates): a click
    /// finds its row in the same `Regions` render used.
    private var drawnArea = Rect.zero

    func title(_ context: AppContext) -> String { context.t("tab.dashboard") }

    var rows: [DashboardRow] { dashboard?.rows ?? [] }
    var selectedRow: DashboardRow? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        return [
            Binding([.char("w")], .logWet, label: context.t("key.wet"), help: context.t("dashboard.help.wet"), group: g),
            Binding([.char("d")], .logDirty, label: context.t("key.dirty"), help: context.t("dashboard.help.dirty"), group: g),
            Binding([.char("m")], .logMixed, label: context.t("key.mixed"), help: context.t("dashboard.help.mixed"), group: g),
            Binding([.char("f")], .logFeed, label: context.t("key.feed"), help: context.t("dashboard.help.feed"), group: g),
            Binding([.char("n")], .new, label: context.t("key.new"), help: context.t("action.log_nappy"), group: g),
            Binding([.char(" ")], .mark, label: context.t("key.mark"), help: context.t("dashboard.help.mark"), group: g),
            Binding([.char("t")], .trends, label: "", help: context.t("dashboard.help.trends"), group: g),
            Binding([.char("r")], .goals, label: "", help: context.t("action.goal_ranges"), group: g),
            Binding([.enter], .history, label: "", help: context.t("dashboard.help.history"), group: g),
            Binding([.char("u")], .undo, label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            Binding([.char("A")], .admit, label: context.t("key.admit"), help: context.t("action.admit"), group: g),
            Binding([.char("e")], .edit, label: "", help: context.t("action.edit_patient"), group: g),
            Binding([.char("D")], .discharge, label: "", help: context.t("action.discharge"), group: g),
            Binding([.char("H")], .handover, label: "", help: context.t("action.handover"), group: g),
            Binding([.char("P")], .patientReport, label: "", help: context.t("action.patient_report"), group: g),
            Binding([.up, .char("k")], .up, label: "", help: context.t("key.up"), group: n),
            Binding([.down, .char("j")], .down, label: "", help: context.t("key.down"), group: n),
        ]
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        let now = context.clock.now
        let zone = context.clock.timeZone
        refresh.requested(at: now)
        guard context.repository != nil else {
            loadError = context.t("ward.no_database")
            return .handled
        }
        return command { repository in
            do {
                return .dashboard(try await repository.dashboard(now: now, timeZone: zone))
            } catch {
                return .failed(WardTask.describe(error))
            }
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .dashboard(let board):
            show(board, context)
            return .all([.session(.wardSettings(board.settings)),
                         .session(.dashboardPatient(selectedRow?.patient, moved: false))])
        case .failed(let words):
            let text = context.t("ward.load_failed", words)
            if dashboard == nil { loadError = text }
            return .message(.error(text))
        }
    }

    func show(_ loaded: Dashboard, _ context: AppContext) {
        let selectedPatient = selectedRow?.patient.id
        dashboard = loaded
        alerts = Dictionary(uniqueKeysWithValues: loaded.rows.map { row in
            (row.patient.id, row.insightInput.map {
                CotInsights(input: $0, context: context, glucoseUnit: loaded.settings.glucoseUnit).alerts()
            } ?? [])
        })
        loadError = nil
        let ids = Set(loaded.rows.map(\.patient.id))
        marked.formIntersection(ids)
        if let selectedPatient, let index = loaded.rows.firstIndex(where: { $0.patient.id == selectedPatient }) {
            list.select(index, count: loaded.rows.count, visibleRows: visibleRows)
        } else {
            list.clamp(count: loaded.rows.count, visibleRows: visibleRows)
        }
    }

    // MARK: - Events

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        switch event {
        case .tick:
            if refresh.isDue(at: context.clock.now) {
                return reload(context)
            }
            return .ignored
        case .key(let key):
            switch key {
            case .pageUp, .pageDown, .home, .end, .char("g"), .char("G"):
                list.handle(key, count: rows.count, visibleRows: visibleRows)
                return selectionMoved
            case .escape where !marked.isEmpty:
                marked.removeAll()
                return .handled
            default:
                return .ignored
            }
        case .mouse(let mouse):
            guard case .click = mouse.kind else { return .ignored }
            list.handle(mouse, in: Regions(drawnArea).rowHitArea, count: rows.count)
            return selectionMoved
        case .resize:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .up: list.handle(.up, count: rows.count, visibleRows: visibleRows); return selectionMoved
        case .down: list.handle(.down, count: rows.count, visibleRows: visibleRows); return selectionMoved
        case .logWet: return quickLog(.wet, context)
        case .logDirty: return quickLog(.dirty, context)
        case .logMixed: return quickLog(.mixed, context)
        case .logFeed:
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return QuickFeedScreen.open(for: row.patient, context)
        case .mark:
            guard let row = selectedRow else { return .handled }
            if marked.contains(row.patient.id) { marked.remove(row.patient.id) } else { marked.insert(row.patient.id) }
            list.handle(.down, count: rows.count, visibleRows: visibleRows)
            return selectionMoved
        case .new:
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return .push(NewEntryScreen(patient: row.patient))
        case .history:
            guard let row = selectedRow else { return .handled }
            return .all([.session(.selectedPatient(row.patient)), .shell(.tab(.history))])
        case .handover:
            return .shell(.handover)
        case .patientReport:
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return ReportPreviewScreen.open(PatientReportPreview.preview(patientId: row.patient.id), context)
        case .trends:
            guard let row = selectedRow else { return .handled }
            return .all([.session(.selectedPatient(row.patient)), .shell(.tab(.trends))])
        case .goals:
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return .push(GoalRangesScreen(patient: row.patient))
        case .undo:
            return WardTask.undo(context)
        case .admit:
            return .push(PatientFormScreen(editing: nil, context))
        case .edit:
            guard let row = selectedRow else { return .handled }
            return .push(PatientFormScreen(editing: row.patient, context))
        case .discharge:
            guard let row = selectedRow else { return .handled }
            return PatientFormScreen.confirmDischarge(row.patient, context)
        }
    }

    /// The user moved the selection: its cot becomes the patient Medications, Trends and Tools
    /// are about, ending any explicit choice made elsewhere (see `AppContext.selectedPatient`).
    private var selectionMoved: Intent { .session(.dashboardPatient(selectedRow?.patient, moved: true)) }

    /// The cots a quick key acts on: every marked cot, else the selected one.
    private var targets: [Patient] {
        let markedRows = rows.filter { marked.contains($0.patient.id) }.map(\.patient)
        if !markedRows.isEmpty { return markedRows }
        return selectedRow.map { [$0.patient] } ?? []
    }

    /// One store call for every target cot; the marks are forgotten once the round is saved.
    private func quickLog(_ kind: NappyKind, _ context: AppContext) -> Intent {
        // Before anything else, as every write: no user says so even on an empty ward.
        if let refusal = WardTask.requireUser(context) { return refusal }
        let patients = targets
        guard !patients.isEmpty else { return .message(.info(context.t("dashboard.empty"))) }
        let now = context.clock.now
        let drafts = patients.map { NappyChangeDraft(patientId: $0.id, occurredAt: now, kind: kind) }
        let by = context.staff?.id
        let format = WardFormat(context)
        let beds = patients.map(\.bedLabel).joined(separator: ", ")
        let summary = patients.count == 1
            ? context.t("quicklog.summary.one", format.kind(kind), patients[0].bedLabel, patients[0].fullName)
            : context.t("quicklog.summary.many", format.kind(kind), patients.count, beds)
        let done = context.t("quicklog.done", summary, format.time(now))
        return .write(WardWrite(undoSummary: summary, saved: { [self] in marked.removeAll() }) { repository in
            let saved = try await repository.logNappyChanges(drafts, by: by)
            return WriteReceipt(auditEntryIds: saved.map(\.auditEntryId).reversed(), message: done)
        })
    }

    // MARK: - Rendering

    /// The texts of one row that both size the columns and fill them.
    private struct RowTexts {
        let age: String
        let last: String
        let alert: String
    }

    /// "2 h 14 min ago mixed", or "never".
    static func lastNappy(_ row: DashboardRow, _ format: WardFormat, _ context: AppContext) -> String {
        row.lastNappyAt.map { "\(format.since($0)) \(row.lastNappyKind.map(format.kind) ?? "")" } ?? context.t("dashboard.never")
    }

    /// Where the Dashboard draws in its area. Render and the mouse both use it, so a click
    /// always lands on the row drawn there.
    struct Regions {
        /// The summary line (cots, changes today, alerts; marked cots on the right).
        var summary: Rect
        /// Under the table's header: the rows, or the empty-ward sentence.
        var body: Rect
        /// The table: its header on the line above `body`, then the rows.
        var table: Rect
        /// The selected cot's three detail lines.
        var detail: Rect
        var urine: Rect
        var intake: Rect
        let area: Rect

        init(_ area: Rect) {
            self.area = area
            let parts = Layout.vertical([.length(1), .length(1), .fill, .length(1), .length(1), .length(1)])
                .split(area.inset(left: 1, right: 1))
            summary = parts[0]
            body = parts[2]
            table = Rect(x: parts[2].x, y: parts[2].y - 1, width: parts[2].width, height: parts[2].height + 1)
            detail = parts[3]
            urine = parts[4]
            intake = parts[5]
        }

        /// The rows a click selects: the table's rows, across the whole width (the margins too).
        var rowHitArea: Rect {
            TableView<ArrayDataSource<DashboardRow>>.rowHitArea(of: table, across: area)
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        drawnArea = Rect(width: area.width, height: area.height)
        let regions = Regions(area)
        guard let dashboard else {
            buffer.put(loadError ?? context.t("ward.loading"), in: regions.summary, role: .muted)
            return
        }
        let alertCount = alerts.values.reduce(0) { $0 + $1.count }
        let summary = context.t("dashboard.summary", dashboard.summary.occupiedCots, dashboard.summary.changesToday, alertCount)
        buffer.put(summary, in: regions.summary, role: alertCount > 0 ? .warning : .header, attributes: [.bold])
        if !marked.isEmpty {
            buffer.put(context.t("dashboard.marked", marked.count), in: regions.summary, role: .info, alignment: .right)
        }
        guard !dashboard.rows.isEmpty else {
            let empty = regions.body.centered(width: regions.body.width, height: 1)
            buffer.put(context.t("dashboard.empty"), in: empty, role: .muted, alignment: .center)
            return
        }
        let table = regions.table
        visibleRows = max(1, TableView<ArrayDataSource<DashboardRow>>.bodyArea(of: table).height)
        list.clamp(count: dashboard.rows.count, visibleRows: visibleRows)
        let format = WardFormat(context)
        let wide = table.width >= 110
        let extraWide = table.width >= 150
        let doses = DashboardDoseColumns(context, table: dashboard.settings.neonatalFluidTable)
        // Below 96 columns the next dose gives way; an overdue dose then leads the alert cell,
        // the cot's other alerts counted after it, so it is never hidden behind them.
        let showNext = table.width >= 96
        // Each row's texts, worked out once: they size the columns and fill the cells.
        let texts = Dictionary(uniqueKeysWithValues: dashboard.rows.map { row in
            (row.patient.id, RowTexts(age: format.age(row.age), last: Self.lastNappy(row, format, context),
                                      alert: showNext ? Self.alertText(alerts[row.patient.id] ?? [], context) ?? ""
                                          : Self.alertText(alerts[row.patient.id] ?? [], leadingWith: doses.overdueAlert(row), context)))
        })
        let ordered = dashboard.rows.compactMap { texts[$0.patient.id] }
        // By importance when the row is short: the 7-day sparkline goes first, then the last
        // nappy's wording, then the age; the alert and who the cot holds are the last to shrink.
        // The patient column comes last here so that it takes any room left over.
        let fits = [
            ColumnFit(wanted: ColumnFit.content(ordered.map(\.age), title: context.t("column.age")), minimum: 9, priority: 2),
            ColumnFit(wanted: ColumnFit.content(ordered.map(\.last), title: context.t("column.last_nappy"), cap: 21), minimum: 9,
                      priority: 1),
            ColumnFit(wanted: 7, minimum: 0, priority: 0),
            // "✖ no wet 48 h +1": the most urgent alert and how many more.
            ColumnFit(wanted: ColumnFit.content(ordered.map(\.alert), title: context.t("column.alert"), cap: 24), minimum: 12,
                      priority: 3),
            ColumnFit(wanted: ColumnFit.content(dashboard.rows.map(\.patient.fullName), title: context.t("column.patient"), cap: 24),
                      minimum: 10, priority: 4),
        ]
        let bedWidth = wide ? 6 : 4
        // Wide enough that a next dose's day and time are never cut ("  tomorrow 09:00 vit…").
        let nextColumn = max(wide ? 20 : 13, dashboard.rows.map(doses.nextDoseLeastWidth).max() ?? 0)
        let nextWidth = showNext ? nextColumn + 1 : 0
        let extraWidth = extraWide ? 12 + 18 + 2 : 0
        let fixed = 1 + bedWidth + 3 + 5 + 8  // marker, bed, wet, dirty and the gaps between nine columns
        var widths = ColumnFit.widths(fits, available: table.width - fixed - nextWidth - extraWidth)
        // A sparkline is whole or not there: a cut one would misread as a trend.
        if widths[2] < 7 {
            widths[1] += widths[2]
            widths[2] = 0
        }
        var columns = [
            TableColumn("", width: .length(1)),
            TableColumn(context.t("column.bed"), width: .length(bedWidth)),
            TableColumn(context.t("column.patient"), width: .length(widths[4])),
            TableColumn(context.t("column.age"), width: .length(widths[0])),
            TableColumn(context.t("column.last_nappy"), width: .length(widths[1])),
            TableColumn(context.t("column.wet"), width: .length(3), alignment: .right),
            TableColumn(context.t("column.dirty"), width: .length(5), alignment: .right),
            TableColumn(context.t("column.days7"), width: .length(widths[2])),
            TableColumn(context.t("column.alert"), width: .length(widths[3])),
        ]
        if showNext { columns.insert(TableColumn(context.t("column.next_dose"), width: .length(nextColumn)), at: 8) }
        if extraWide {
            columns += [TableColumn(context.t("column.intake24"), width: .length(12)),
                        TableColumn(context.t("column.out_of_range"), width: .length(18))]
        }
        let view = TableView(source: ArrayDataSource(dashboard.rows), state: list, columns: columns,
                             emptyText: context.t("dashboard.empty"), glyphs: context.glyphs) { [marked, alerts] row in
            let text = texts[row.patient.id] ?? RowTexts(age: "", last: "", alert: "")
            let cotAlerts = alerts[row.patient.id] ?? []
            var cells = [
                marked.contains(row.patient.id) ? context.glyphs.bullet : "",
                row.patient.bedLabel, row.patient.fullName, text.age, text.last,
                String(row.wetToday), String(row.dirtyToday), format.spark(row.nappiesPerDay), text.alert,
            ]
            if showNext { cells.insert(doses.nextDose(row), at: 8) }
            if extraWide { cells += [doses.intakeShort(row), doses.outOfRangeShort(row)] }
            let overdue = row.nextDose?.state == .overdue
            return TableRow(cells, role: cotAlerts.isEmpty && !overdue ? .normal : .warning)
        }
        view.render(in: table, into: &buffer)
        if let row = selectedRow {
            buffer.put(detail(row, context), in: regions.detail, role: .info, ellipsis: context.glyphs.ellipsis)
            buffer.put(urine(row, dashboard.settings, format, context), in: regions.urine, role: .normal, ellipsis: context.glyphs.ellipsis)
            buffer.put(doses.intakeLine(row), in: regions.intake, role: .normal, ellipsis: context.glyphs.ellipsis)
        }
    }

    /// The most urgent alert as a badge ("no wet 9 h", "Temperature"), then "+N" for the others.
    /// The alert cell when the next-dose column is not drawn: `overdue` ("✖ med overdue") first
    /// when there is one, the cot's alerts counted after it ("✖ med overdue +2").
    static func alertText(_ alerts: [Insight], leadingWith overdue: String, _ context: AppContext) -> String {
        guard !overdue.isEmpty else { return alertText(alerts, context) ?? "" }
        return alerts.isEmpty ? overdue : context.t("dashboard.alert.more", overdue, alerts.count)
    }

    static func alertText(_ alerts: [Insight], _ context: AppContext) -> String? {
        guard let first = alerts.first else { return nil }
        // A subject the store names with a fixed word ("intake") is looked up; a drug's name is not.
        let subject = context.localizer.has("insight.subject.\(first.subject)") ? context.t("insight.subject.\(first.subject)") : first.subject
        let badge = first.kind == .noWetNappy
            ? StatusBadge(.danger, word: context.t("dashboard.alert.no_wet", Int(first.evidence.first?.value ?? 0)),
                          glyphs: context.glyphs)
            : StatusBadge(first.severity == .urgent ? .danger : .warning, word: subject.prefix(1).uppercased()
                            + subject.dropFirst(), glyphs: context.glyphs)
        return alerts.count > 1 ? context.t("dashboard.alert.more", badge.text, alerts.count - 1) : badge.text
    }

    private func detail(_ row: DashboardRow, _ context: AppContext) -> String {
        let p = row.patient
        let born = WardFormat(context).date(p.dateOfBirth)
        guard let gestation = p.gestationText, let grams = p.birthWeightGrams else {
            // An older child admitted without them: said as not recorded, never a made-up number.
            if p.gestationText == nil, p.birthWeightGrams == nil {
                return context.t("dashboard.detail.no_birth_facts", p.bedLabel, p.fullName, p.hospitalNumber, born)
            }
            let missing = context.t("dashboard.detail.not_recorded")
            return context.t("dashboard.detail.partial", p.bedLabel, p.fullName, p.hospitalNumber, born,
                             p.gestationText.map { context.t("age.weeks", $0) } ?? missing,
                             p.birthWeightGrams.map { "\($0) g" } ?? missing)
        }
        return context.t("dashboard.detail", p.bedLabel, p.fullName, p.hospitalNumber, born, gestation, grams)
    }

    /// Urine output over 6 h and 24 h, or why it cannot be shown.
    func urine(_ row: DashboardRow, _ settings: WardSettings, _ format: WardFormat, _ context: AppContext) -> String {
        guard settings.dryNappyWeightGrams > 0 else { return context.t("urine.not_set") }
        guard let weight = row.currentWeightGrams else { return context.t("urine.no_weight") }
        // The unit goes with each figure, so "no weighed wet nappy" never reads as a rate.
        let six = row.urineOutput6hMLPerKgPerHour.map { context.t("urine.rate", format.rate($0)) } ?? context.t("urine.none")
        let day = row.urineOutput24hMLPerKgPerHour.map { context.t("urine.rate", format.rate($0)) } ?? context.t("urine.none")
        return context.t("urine.line", six, day, settings.dryNappyWeightGrams, weight)
    }
}
