import Clinical
import TerminalUI

/// The Tools tab: every calculator grouped ("Scores & assessment", "Calculators",
/// "Stroke triage") with a line each. Typing filters; Enter opens the tool.
/// The filter owns the keys only while it is active: a letter (or `/`) starts it, then every
/// printable key is its text (digits, `p`, `?` too) until Esc clears and leaves it or a tool
/// opens. Out of it, `p` chooses the patient, digits switch tabs, `?` and `:` are help and the
/// palette (`q`, `s`, `a` start a filter here; quit with `:`). Forms pre-fill from the chart.
@MainActor
final class ToolsTabScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case open = "tools.open", down = "tools.down", up = "tools.up", clear = "tools.clear", filter = "tools.filter"
        case pickPatient = "shell.pick_patient"
    }

    private(set) var query = ""
    /// True while the filter is active (started by `/` or a letter): every printable key is its
    /// text, so nothing typed as a filter can switch tabs or reach another screen.
    private(set) var filtering = false
    private(set) var selected = 0
    private var visibleRows = 10
    /// Saving to the chart, once the app has a store and a selected patient (see `ToolResultSaving`).
    var saver: (any ToolResultSaving)?
    /// What the selected patient's chart knows; forms open pre-filled from it (nil: no patient).
    var chartFacts: ChartFacts?
    /// The selected patient's measurements, loaded by `reload`.
    private(set) var snapshot: ChartSnapshot?

    func reload(_ context: AppContext) -> Intent {
        guard let patient = context.selectedPatient, context.repository != nil else {
            snapshot = nil
            return .ignored
        }
        let now = context.clock.now, zone = context.clock.timeZone
        // A chart that cannot be read leaves the forms to the record's own facts (`facts`).
        return command { repository in try? await ChartSnapshot.load(patient: patient, repository: repository, now: now, timeZone: zone) }
    }

    func update(_ loaded: ChartSnapshot?, _ context: AppContext) -> Intent {
        snapshot = loaded
        return .handled
    }

    /// The chart facts for the patient selected now (the loaded snapshot when it is theirs).
    func facts(_ context: AppContext) -> ChartFacts? {
        if let chartFacts { return chartFacts }
        if let snapshot, snapshot.patientId == context.selectedPatient?.id { return snapshot.facts }
        return ChartFacts.selected(context)
    }

    func title(_ context: AppContext) -> String { context.t("tab.tools") }
    var capturesText: Bool { true }

    func catalogue(_ context: AppContext) -> ToolCatalogue {
        ToolCatalogue(triageName: context.t("stroke.triage.name"), triageSummary: context.t("stroke.triage.summary"),
                      centresName: context.t("stroke.centres.name"), centresSummary: context.t("stroke.centres.summary"),
                      wording: context.localizer)
    }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .open, label: context.t("tools.key.open"), help: context.t("tools.action.open"), group: g),
            Binding([.down], .down, help: context.t("key.down"), group: g),
            Binding([.up], .up, help: context.t("key.up"), group: g),
            Binding([.escape], .clear, label: filtering ? context.t("tools.key.clear") : "", help: context.t("tools.action.clear"), group: g),
            Binding([.char("/")], .filter, help: context.t("tools.action.filter"), group: g),
        ] + (context.repository == nil ? [] : [
            Binding([.char("p")], .pickPatient, label: filtering ? "" : context.t("key.patient"), help: context.t("action.pick_patient"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        // The active filter takes every printable key as text.
        case .char(let c) where filtering:
            query.append(c)
            selected = 0
            return .handled
        // Out of the filter `p` is the patient key (the key map has it), `/` starts the filter.
        case .char("p") where context.repository != nil:
            return .ignored
        case .char(let c) where c.isLetter:
            query.append(c)
            filtering = true
            selected = 0
            return .handled
        // The shell hides printable global keys from a screen that takes text, so the list
        // passes on the ones that are commands out of the filter.
        case .char("?"): return .shell(.help)
        case .char(":"): return .shell(.palette)
        case .char(let c) where c.isNumber:
            guard let n = c.wholeNumberValue, let tab = Tab(rawValue: n - 1) else { return .ignored }
            return .shell(.tab(tab))
        case .backspace:
            guard !query.isEmpty else { return .ignored }
            query.removeLast()
            filtering = !query.isEmpty
            selected = 0
            return .handled
        case .ctrl("u"):
            query = ""
            filtering = false
            return .handled
        case .pageDown:
            selected += visibleRows
            return .handled
        case .pageUp:
            selected = max(0, selected - visibleRows)
            return .handled
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        let rows = catalogue(context).filtered(query)
        switch action {
        case .down: selected = min(max(0, rows.count - 1), selected + 1)
        case .up: selected = max(0, selected - 1)
        case .clear:
            // Nothing typed: nothing to clear (Esc is this tab's own key, so it goes no further).
            guard !query.isEmpty || filtering else { return .handled }
            query = ""
            filtering = false
            selected = 0
        case .filter:
            filtering = true
        case .pickPatient:
            return .shell(.pickPatient)
        case .open:
            guard rows.indices.contains(selected) else { return .handled }
            // Opening a tool leaves the filter, so keys are commands again on the way back; the
            // whole list shows then, on the tool that was open.
            let entry = rows[selected].entry
            query = ""
            filtering = false
            selected = catalogue(context).rows.firstIndex { $0.entry == entry } ?? 0
            return .push(screen(for: entry, context))
        }
        return .handled
    }

    func screen(for entry: ToolEntry, _ context: AppContext) -> any Screen {
        switch entry {
        case .tool(let id):
            return form(for: ToolRegistry.tool(id: id)!, context)
        case .strokeTriage:
            return StrokeTriageScreen.start(context)
        case .strokeCentres:
            return StrokeCentresScreen()
        }
    }

    /// A calculator's form, pre-filled from the selected patient's chart, saving to it, and
    /// with the recorded growth for its chart.
    private func form(for tool: any ClinicalTool.Type, _ context: AppContext) -> ToolFormScreen {
        let form = ToolFormScreen(tool: tool, context: context)
        form.saver = saver
        if let facts = facts(context) { form.prefillFromChart(facts, context) }
        if let snapshot, snapshot.patientId == context.selectedPatient?.id { form.recordedGrowth = snapshot.growth }
        return form
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        let parts = Layout.vertical([.length(1), .length(1), .fill]).split(inner)
        let prompt = "\(context.t("tools.filter")) \(query)_"
        // The input style shows the filter has the keys (after `/` too, before anything is typed).
        buffer.put(prompt, in: parts[0], role: filtering ? .input : .muted)
        if context.repository != nil {
            let whose = context.selectedPatient.map { context.t("tools.for_patient", $0.bedLabel, $0.fullName) }
                ?? context.t("tools.for_nobody")
            buffer.put(whose, in: parts[1], role: .muted, ellipsis: context.glyphs.ellipsis)
        }
        let rows = catalogue(context).filtered(query)
        selected = min(selected, max(0, rows.count - 1))
        if rows.isEmpty {
            buffer.put(context.t("tools.no_match", query), in: parts[2].row(0), role: .muted)
            return
        }
        // Lines: a header before each group, then its tools.
        var lines: [(text: String, role: StyleRole, row: Int?)] = []
        var lastGroup: ToolGroup?
        for (i, row) in rows.enumerated() {
            if row.group != lastGroup {
                lines.append((context.t("tools.group.\(groupKey(row.group))"), .header, nil))
                lastGroup = row.group
            }
            lines.append((row.name, .normal, i))
        }
        let list = parts[2]
        visibleRows = max(1, list.height)
        let selectedLine = lines.firstIndex { $0.row == selected } ?? 0
        let top = max(0, min(selectedLine - list.height + 2, lines.count - list.height))
        let nameWidth = min(max(20, list.width / 2 - 4), (rows.map { TextWidth.columns(of: $0.name) }.max() ?? 10) + 4)
        for (y, line) in lines.dropFirst(max(0, top)).prefix(list.height).enumerated() {
            let r = list.row(y)
            guard let index = line.row else {
                buffer.put(line.text, in: r, role: .header, attributes: [.bold])
                continue
            }
            let isSelected = index == selected
            let role: StyleRole = isSelected ? .selection : .normal
            if isSelected { buffer.fill(r, role: role) }
            let cols = Layout.horizontal([.length(nameWidth - 1), .fill], spacing: 1).split(r)
            buffer.put((isSelected ? context.glyphs.arrowRight + " " : "  ") + line.text, in: cols[0], role: role)
            buffer.put(rows[index].summary, in: cols[1], role: isSelected ? role : .muted, ellipsis: context.glyphs.ellipsis)
        }
    }

    private func groupKey(_ group: ToolGroup) -> String {
        switch group {
        case .scores: return "scores"
        case .calculators: return "calculators"
        case .strokeTriage: return "stroke"
        }
    }
}
