import Foundation
import TerminalUI
import WardStore

/// One row per occupied cot: age, last nappy, today's wet/dirty counts, a 7-day sparkline and
/// the cot's most urgent alert (symbol and word, never colour alone, "+N" for the others). The
/// alerts are those the cot's Trends insights raise (`CotInsights`), counted in the header. Quick keys log a nappy for the
/// selected cot, or for every marked cot at once (a nappy round: one store call).
@MainActor
final class DashboardScreen: Screen {
    private(set) var dashboard: Dashboard?
    /// Each cot's alerts, most urgent first, worked out once per load.
    private(set) var alerts: [Int64: [Insight]] = [:]
    private var loadError: String?
    var list = ListState()
    /// Patients marked with Space for a nappy round.
    private(set) var marked: Set<Int64> = []
    private var generation = 0
    /// When the last load was asked for (clock time): ticks reload once it is a minute old,
    /// whether or not that load succeeded.
    private var lastRequestAt: Date?
    private var visibleRows = 10

    /// The figures depend on the clock (time since, alerts): reload when they are this old.
    static let refreshInterval: TimeInterval = 60

    func title(_ context: AppContext) -> String { context.t("tab.dashboard") }

    var rows: [DashboardRow] { dashboard?.rows ?? [] }
    var selectedRow: DashboardRow? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        return KeyMap([
            KeyBinding([.char("w")], action: "dashboard.log.wet", label: context.t("key.wet"), help: context.t("dashboard.help.wet"), group: g),
            KeyBinding([.char("d")], action: "dashboard.log.dirty", label: context.t("key.dirty"), help: context.t("dashboard.help.dirty"), group: g),
            KeyBinding([.char("m")], action: "dashboard.log.mixed", label: context.t("key.mixed"), help: context.t("dashboard.help.mixed"), group: g),
            KeyBinding([.char("f")], action: "dashboard.log.feed", label: context.t("key.feed"), help: context.t("dashboard.help.feed"), group: g),
            KeyBinding([.char("n")], action: "dashboard.new", label: context.t("key.new"), help: context.t("action.log_nappy"), group: g),
            KeyBinding([.char(" ")], action: "dashboard.mark", label: context.t("key.mark"), help: context.t("dashboard.help.mark"), group: g),
            KeyBinding([.char("t")], action: "dashboard.trends", label: "", help: context.t("dashboard.help.trends"), group: g),
            KeyBinding([.char("r")], action: "dashboard.goals", label: "", help: context.t("action.goal_ranges"), group: g),
            KeyBinding([.enter], action: "dashboard.history", label: "", help: context.t("dashboard.help.history"), group: g),
            KeyBinding([.char("u")], action: "ward.undo", label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            KeyBinding([.char("A")], action: "dashboard.admit", label: context.t("key.admit"), help: context.t("action.admit"), group: g),
            KeyBinding([.char("e")], action: "dashboard.edit", label: "", help: context.t("action.edit_patient"), group: g),
            KeyBinding([.char("D")], action: "dashboard.discharge", label: "", help: context.t("action.discharge"), group: g),
            KeyBinding([.up, .char("k")], action: "dashboard.up", label: "", help: context.t("key.up"), group: n),
            KeyBinding([.down, .char("j")], action: "dashboard.down", label: "", help: context.t("key.down"), group: n),
        ])
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        generation += 1
        let expected = generation
        let now = context.clock.now
        let zone = context.clock.timeZone
        lastRequestAt = now
        guard let repository = context.repository else {
            loadError = context.t("ward.no_database")
            return .handled
        }
        return .task { [weak self] in
            do {
                let loaded = try await repository.dashboard(now: now, timeZone: zone)
                guard let self, expected == self.generation else { return .handled }
                self.show(loaded, context)
                return .all([.session(.wardSettings(loaded.settings)),
                             .session(.dashboardPatient(self.selectedRow?.patient, moved: false))])
            } catch {
                let text = context.t("ward.load_failed", WardTask.describe(error))
                if self?.dashboard == nil { self?.loadError = text }
                return .message(.error(text))
            }
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
            if let last = lastRequestAt, context.clock.now.timeIntervalSince(last) >= Self.refreshInterval {
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
            list.handle(mouse, in: Rect(x: 0, y: 2, width: 1000, height: visibleRows), count: rows.count)
            return selectionMoved
        case .resize:
            return .ignored
        }
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action {
        case "dashboard.up": list.handle(.up, count: rows.count, visibleRows: visibleRows); return selectionMoved
        case "dashboard.down": list.handle(.down, count: rows.count, visibleRows: visibleRows); return selectionMoved
        case "dashboard.log.wet": return quickLog(.wet, context)
        case "dashboard.log.dirty": return quickLog(.dirty, context)
        case "dashboard.log.mixed": return quickLog(.mixed, context)
        case "dashboard.log.feed":
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return QuickFeedScreen.open(for: row.patient, context)
        case "dashboard.mark":
            guard let row = selectedRow else { return .handled }
            if marked.contains(row.patient.id) { marked.remove(row.patient.id) } else { marked.insert(row.patient.id) }
            list.handle(.down, count: rows.count, visibleRows: visibleRows)
            return selectionMoved
        case "dashboard.new", "ward.log_nappy":
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return .push(NewEntryScreen(patient: row.patient))
        case "dashboard.history":
            guard let row = selectedRow else { return .handled }
            return .all([.session(.selectedPatient(row.patient)), .shell(.tab(.history))])
        case "dashboard.trends":
            guard let row = selectedRow else { return .handled }
            return .all([.session(.selectedPatient(row.patient)), .shell(.tab(.trends))])
        case "dashboard.goals":
            guard let row = selectedRow else { return .message(.info(context.t("dashboard.empty"))) }
            return .push(GoalRangesScreen(patient: row.patient))
        case "ward.undo":
            return WardTask.undo(context)
        case "dashboard.admit":
            return .push(PatientFormScreen(editing: nil, context))
        case "dashboard.edit":
            guard let row = selectedRow else { return .handled }
            return .push(PatientFormScreen(editing: row.patient, context))
        case "dashboard.discharge":
            guard let row = selectedRow else { return .handled }
            return PatientFormScreen.confirmDischarge(row.patient, context)
        default:
            return .ignored
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

    private func quickLog(_ kind: NappyKind, _ context: AppContext) -> Intent {
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
        return WardTask.store(context) { [weak self] repository in
            let saved = try await repository.logNappyChanges(drafts, by: by)
            self?.marked.removeAll()
            return .all([
                .session(.undoable(UndoRecord(auditEntryIds: saved.map(\.auditEntryId).reversed(), summary: summary))),
                .message(.success(context.t("quicklog.done", summary, format.time(now)))),
                .shell(.reloadAll),
            ])
        }
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

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let parts = Layout.vertical([.length(1), .length(1), .fill, .length(1), .length(1), .length(1)]).split(area.inset(left: 1, right: 1))
        guard let dashboard else {
            buffer.put(loadError ?? context.t("ward.loading"), in: parts[0], role: .muted)
            return
        }
        let alertCount = alerts.values.reduce(0) { $0 + $1.count }
        let summary = context.t("dashboard.summary", dashboard.summary.occupiedCots, dashboard.summary.changesToday, alertCount)
        buffer.put(summary, in: parts[0], role: alertCount > 0 ? .warning : .header, attributes: [.bold])
        if !marked.isEmpty {
            buffer.put(context.t("dashboard.marked", marked.count), in: parts[0], role: .info, alignment: .right)
        }
        guard !dashboard.rows.isEmpty else {
            let empty = parts[2].centered(width: parts[2].width, height: 1)
            buffer.put(context.t("dashboard.empty"), in: empty, role: .muted, alignment: .center)
            return
        }
        let table = Rect(x: parts[2].x, y: parts[2].y - 1, width: parts[2].width, height: parts[2].height + 1)
        visibleRows = max(1, TableView<ArrayDataSource<DashboardRow>>.bodyArea(of: table).height)
        list.clamp(count: dashboard.rows.count, visibleRows: visibleRows)
        let format = WardFormat(context)
        let wide = table.width >= 110
        let extraWide = table.width >= 150
        let doses = DashboardDoseColumns(context, table: dashboard.settings.neonatalFluidTable)
        // Below 96 columns the next dose gives way; an overdue dose then shows as the alert.
        let showNext = table.width >= 96
        // Each row's texts, worked out once: they size the columns and fill the cells.
        let texts = Dictionary(uniqueKeysWithValues: dashboard.rows.map { row in
            (row.patient.id, RowTexts(age: format.age(row.age), last: Self.lastNappy(row, format, context),
                                      alert: Self.alertText(alerts[row.patient.id] ?? [], context)
                                          ?? (showNext ? "" : doses.overdueAlert(row))))
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
        let nextWidth = showNext ? (wide ? 20 : 13) + 1 : 0
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
        if showNext { columns.insert(TableColumn(context.t("column.next_dose"), width: .length(wide ? 20 : 13)), at: 8) }
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
            buffer.put(detail(row, context), in: parts[3], role: .info, ellipsis: context.glyphs.ellipsis)
            buffer.put(urine(row, dashboard.settings, format, context), in: parts[4], role: .normal, ellipsis: context.glyphs.ellipsis)
            buffer.put(doses.intakeLine(row), in: parts[5], role: .normal, ellipsis: context.glyphs.ellipsis)
        }
    }

    /// The most urgent alert as a badge ("no wet 9 h", "Temperature"), then "+N" for the others.
    static func alertText(_ alerts: [Insight], _ context: AppContext) -> String? {
        guard let first = alerts.first else { return nil }
        let badge = first.kind == .noWetNappy
            ? StatusBadge(.danger, word: context.t("dashboard.alert.no_wet", Int(first.evidence.first?.value ?? 0)),
                          glyphs: context.glyphs)
            : StatusBadge(first.severity == .urgent ? .danger : .warning, word: first.subject.prefix(1).uppercased()
                            + first.subject.dropFirst(), glyphs: context.glyphs)
        return alerts.count > 1 ? context.t("dashboard.alert.more", badge.text, alerts.count - 1) : badge.text
    }

    private func detail(_ row: DashboardRow, _ context: AppContext) -> String {
        let p = row.patient
        return context.t("dashboard.detail", p.bedLabel, p.fullName, p.hospitalNumber, p.dateOfBirth.description,
                         "\(p.gestationalAgeWeeks)+\(p.gestationalAgeDays)", p.birthWeightGrams)
    }

    /// Urine output over 6 h and 24 h, or why it cannot be shown.
    func urine(_ row: DashboardRow, _ settings: WardSettings, _ format: WardFormat, _ context: AppContext) -> String {
        guard settings.dryNappyWeightGrams > 0 else { return context.t("urine.not_set") }
        // The unit goes with each figure, so "no weighed wet nappy" never reads as a rate.
        let six = row.urineOutput6hMLPerKgPerHour.map { context.t("urine.rate", format.rate($0)) } ?? context.t("urine.none")
        let day = row.urineOutput24hMLPerKgPerHour.map { context.t("urine.rate", format.rate($0)) } ?? context.t("urine.none")
        return context.t("urine.line", six, day, settings.dryNappyWeightGrams, row.currentWeightGrams)
    }
}
