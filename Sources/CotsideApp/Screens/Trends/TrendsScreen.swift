import Foundation
import TerminalUI
import WardStore

/// The Trends tab: for the selected patient, KPIs, insights and every charted series over the
/// window set with `[` / `]`; with no patient, the ward view. The charts stack vertically and
/// the screen scrolls (j/k, PgUp/PgDn); ← → move the cursor of the chart at the top.
@MainActor
final class TrendsScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case wider = "trends.wider", narrower = "trends.narrower", ward = "trends.ward", goals = "trends.goals"
        case down = "trends.down", up = "trends.up"
    }

    /// One load: a patient's trends with their medicines, or the whole ward's.
    enum Loaded: Sendable {
        case patient(PatientTrends, MedicationList)
        case ward(WardTrends)
    }

    private(set) var window: TrendWindow = .days7
    private(set) var patientTrends: PatientTrends?
    private(set) var wardTrends: WardTrends?
    private var medications: MedicationList?
    private var loadError: String?
    /// First content row shown.
    private(set) var scroll = 0
    private var cursors: [String: ChartCursor] = [:]
    /// The last frame's sections and viewport, so keys act on what the user sees.
    private var laidOut: [TrendsSection] = []
    private var viewportHeight = 20
    private var lastWidth = 118

    func title(_ context: AppContext) -> String { context.t("tab.trends") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        return [
            Binding([.char("]")], .wider, label: context.t("key.wider"), help: context.t("trends.help.wider"), group: g),
            Binding([.char("[")], .narrower, label: context.t("key.narrower"), help: context.t("trends.help.narrower"), group: g),
            Binding([.char("w")], .ward, help: context.t("trends.help.ward"), group: g),
            Binding([.char("r")], .goals, help: context.t("action.goal_ranges"), group: g),
            Binding([.down, .char("j")], .down, help: context.t("trends.help.down"), group: n),
            Binding([.up, .char("k")], .up, help: context.t("trends.help.up"), group: n),
        ]
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        let now = context.clock.now
        let zone = context.clock.timeZone
        let window = self.window
        let patient = context.selectedPatient
        guard context.repository != nil else {
            loadError = context.t("ward.no_database")
            return .handled
        }
        return command { repository in
            if let patient {
                let trends = try await repository.patientTrends(patientId: patient.id, window: window, now: now, timeZone: zone)
                let meds = try await repository.medicationList(patientId: patient.id, now: now, timeZone: zone)
                return .patient(trends, meds)
            }
            return .ward(try await repository.wardTrends(window: window, now: now, timeZone: zone))
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .patient(let trends, let medications): show(patient: trends, medications: medications)
        case .ward(let trends): show(ward: trends)
        }
        return .handled
    }

    /// A failed load says so in place of the charts and on the message line.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        let text = context.t("ward.load_failed", WardTask.describe(error))
        loadError = text
        return .message(.error(text))
    }

    func show(patient trends: PatientTrends, medications: MedicationList?) {
        if patientTrends?.patient.id != trends.patient.id { scroll = 0; cursors = [:] }
        patientTrends = trends
        wardTrends = nil
        self.medications = medications
        loadError = nil
    }

    func show(ward trends: WardTrends) {
        if patientTrends != nil { scroll = 0; cursors = [:] }
        wardTrends = trends
        patientTrends = nil
        medications = nil
        loadError = nil
    }

    // MARK: - Events

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        // Keys may arrive before the first frame (snapshot replays): lay out at the last width.
        laidOut = sections(width: lastWidth, context)
        switch key {
        case .left, .right:
            guard let focused = focusedSection, let chart = focused.line else { return .ignored }
            var cursor = cursors[focused.id] ?? ChartCursor()
            _ = cursor.handle(key, stopCount: chart.cursorStops.count)
            cursors[focused.id] = cursor
            return .handled
        case .pageDown:
            scrollBy(max(1, viewportHeight - 2))
            return .handled
        case .pageUp:
            scrollBy(-max(1, viewportHeight - 2))
            return .handled
        case .home, .char("g"):
            scroll = 0
            return .handled
        case .escape where context.selectedPatient != nil:
            return .all([.session(.selectedPatient(nil)), .shell(.reloadAll)])
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .wider, .narrower:
            let next = window.stepped(action == .wider ? 1 : -1)
            guard next != window else { return .handled }
            window = next
            cursors = [:]
            return reload(context)
        case .down, .up:
            laidOut = sections(width: lastWidth, context)
            scrollBy(action == .down ? 1 : -1)
            return .handled
        case .ward:
            return .all([.session(.selectedPatient(nil)), .shell(.reloadAll)])
        case .goals:
            guard let patient = context.selectedPatient else { return .message(.info(context.t("goals.pick_cot"))) }
            return .push(GoalRangesScreen(patient: patient))
        }
    }

    private var contentHeight: Int { laidOut.reduce(0) { $0 + $1.height + 1 } }

    private func scrollBy(_ delta: Int) {
        scroll = min(max(0, scroll + delta), max(0, contentHeight - viewportHeight))
    }

    /// The line chart at the top of the view: the first whose lower rows (legend, readout) are
    /// still on screen, so the cursor readout it shows is visible.
    var focusedSection: TrendsSection? {
        var top = 0
        var last: TrendsSection?
        for section in laidOut {
            if section.line != nil {
                if top + section.height - 3 > scroll { return section }
                last = section
            }
            top += section.height + 1
        }
        return last
    }

    // MARK: - Rendering

    func sections(width: Int, _ context: AppContext) -> [TrendsSection] {
        let raw: [TrendsSection]
        if let patientTrends {
            raw = PatientTrendsLayout(trends: patientTrends, medications: medications, context: context, width: width).sections()
        } else if let wardTrends {
            raw = WardTrendsLayout(trends: wardTrends, context: context).sections()
        } else {
            raw = []
        }
        return raw.map { section in
            guard var chart = section.line, let cursor = cursors[section.id] else { return section }
            chart.cursor = cursor
            return TrendsSection(id: section.id, height: section.height, line: chart)
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        guard inner.height >= 2, inner.width >= 10 else { return }
        buffer.put(header(context), in: inner.row(0), role: .header, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        let body = inner.inset(top: 1)
        guard patientTrends != nil || wardTrends != nil else {
            buffer.put(loadError ?? context.t("ward.loading"), in: body.row(0), role: .muted)
            return
        }
        lastWidth = body.width
        laidOut = sections(width: body.width, context)
        viewportHeight = body.height
        scroll = min(scroll, max(0, contentHeight - viewportHeight))
        // Draw the whole stack off screen, then copy the rows in view.
        var page = Buffer(width: body.width, height: max(1, contentHeight))
        var y = 0
        for section in laidOut {
            section.widget.render(in: Rect(x: 0, y: y, width: body.width, height: section.height), into: &page)
            y += section.height + 1
        }
        for row in 0..<min(body.height, max(0, contentHeight - scroll)) {
            for column in 0..<body.width {
                buffer.set(page[column, scroll + row], x: body.x + column, y: body.y + row)
            }
        }
    }

    private func header(_ context: AppContext) -> String {
        let windowName = context.t("trends.window.\(window)")
        if let patient = patientTrends?.patient {
            return context.t("trends.header.patient", patient.bedLabel, patient.fullName, WardFormat(context).age(of: patient), windowName)
        }
        return context.t("trends.header.ward", windowName)
    }
}
