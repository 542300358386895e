import Clinical
import Foundation
import TerminalUI
import WardStore

/// A cot's goal ranges, one row per measured kind: the range in force, whether it is the
/// patient's own goal or the age default (with its source), and the age default beside an own
/// goal. Enter edits the low/high limits; `d` returns a kind to its age default after asking.
/// Every change goes through the store (audited) and reloads every screen, so the Dashboard's
/// out-of-range mark and the Trends bands follow at once. Opened with `r` on the Dashboard and
/// the Trends patient view, or "Goal ranges" in the palette.
@MainActor
final class GoalRangesScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case edit = "goals.edit", reset = "goals.reset", undo = "ward.undo", back = "shell.back"
        case up = "goals.up", down = "goals.down"
    }

    /// The patient's ranges in force, and the age defaults as of the load.
    struct Loaded: Sendable {
        var ranges: [MeasurementKind: GoalRange]
        var defaults: [MeasurementKind: GoalRange]
    }

    let patient: Patient
    static let kinds = MeasurementGoals.kinds
    private(set) var ranges: [MeasurementKind: GoalRange] = [:]
    private(set) var defaults: [MeasurementKind: GoalRange] = [:]
    private(set) var loaded = false
    private var list = ListState()
    private var visibleRows = 6

    init(patient: Patient) {
        self.patient = patient
    }

    var selectedKind: MeasurementKind { Self.kinds[min(max(0, list.selected), Self.kinds.count - 1)] }

    func title(_ context: AppContext) -> String { context.t("goals.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        return [
            Binding([.enter], .edit, label: context.t("key.edit"), help: context.t("goals.help.edit"), group: g, needs: .setGoalRanges),
            Binding([.char("d")], .reset, label: context.t("key.default"), help: context.t("goals.help.reset"), group: g,
                    needs: .setGoalRanges),
            Binding([.char("u")], .undo, label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: n),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: n),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        let age = PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone)
        let defaults = Dictionary(uniqueKeysWithValues: Self.kinds.compactMap { kind in
            MeasurementGoals.defaultRange(kind, ageDays: age.days, correctedWeeks: age.correctedGestationWeeks).map { (kind, $0) }
        })
        let patientId = patient.id
        return command { repository in
            Loaded(ranges: try await repository.goalRanges(patientId: patientId), defaults: defaults)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        ranges = loaded.ranges
        defaults = loaded.defaults
        self.loaded = true
        return .handled
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .back: return .shell(.back)
        case .undo: return WardTask.undo(context)
        case .up: list.handle(.up, count: Self.kinds.count, visibleRows: visibleRows); return .handled
        case .down: list.handle(.down, count: Self.kinds.count, visibleRows: visibleRows); return .handled
        case .edit:
            guard loaded else { return .handled }
            if let refusal = WardTask.requireUser(context) { return refusal }
            let kind = selectedKind
            return .push(GoalRangeFormScreen(patient: patient, kind: kind, current: ranges[kind], ageDefault: defaults[kind], context))
        case .reset:
            guard loaded else { return .handled }
            if let refusal = WardTask.requireUser(context) { return refusal }
            let kind = selectedKind
            let text = GoalText(context)
            guard ranges[kind]?.isPatientGoal == true else {
                return .message(.info(context.t("goals.already_default", text.kindName(kind))))
            }
            return .push(ConfirmScreen(title: context.t("goals.reset.title"),
                                       body: context.t("goals.reset.body", text.kindName(kind), patient.bedLabel,
                                                       text.range(defaults[kind], kind)),
                                       onConfirm: [.followUp { [self] context in reset(kind, context) }]))
        }
    }

    /// The confirmed reset: the kind goes back to its age default, audited and undoable.
    private func reset(_ kind: MeasurementKind, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let patientId = patient.id
        let text = GoalText(context)
        let message = context.t("goals.reset.done", text.kindName(kind), patient.bedLabel, text.range(defaults[kind], kind))
        let summary = context.t("goals.undo_summary", text.kindName(kind), patient.bedLabel)
        return .write(WardWrite(undoSummary: summary, needs: .setGoalRanges) { repository in
            let auditId = try await repository.setGoalRange(patientId: patientId, kind: kind, nil, by: by)
            return WriteReceipt(auditEntryIds: [auditId], message: message)
        })
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .pageUp, .pageDown, .home, .end:
            list.handle(key, count: Self.kinds.count, visibleRows: visibleRows)
            return .handled
        default:
            return .ignored
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let width = min(area.width - 2, 110)
        let frame = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: min(area.height, Self.kinds.count + 8))
        let inner = buffer.box(frame, glyphs: context.glyphs, role: .border, title: context.t("goals.title"))
        let parts = Layout.vertical([.length(1), .length(1), .length(1), .fill, .length(1)]).split(inner.inset(left: 1, right: 1))
        let age = PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone)
        buffer.put(context.t("goals.subtitle", patient.bedLabel, patient.fullName, patient.hospitalNumber, WardFormat(context).age(age)),
                   in: parts[0], role: .info, ellipsis: context.glyphs.ellipsis)
        let text = GoalText(context)
        buffer.put(text.row(context.t("goals.column.kind"), context.t("goals.column.range"), context.t("goals.column.source"),
                            context.t("goals.column.default")),
                   in: parts[2], role: .header, ellipsis: context.glyphs.ellipsis)
        visibleRows = max(1, parts[3].height)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: parts[3].row(0), role: .muted)
            return
        }
        let view = ListView(source: ArrayDataSource(Self.kinds), state: list, glyphs: context.glyphs) { kind in
            let range = self.ranges[kind]
            let own = range?.isPatientGoal == true
            return ListItem(text.row(text.kindName(kind), text.range(range, kind),
                                     own ? context.t("goals.own") : context.t("goals.age_default", range.map { text.source($0) } ?? "—"),
                                     own ? text.range(self.defaults[kind], kind) : ""),
                            role: own ? .normal : .muted)
        }
        view.render(in: parts[3], into: &buffer)
        buffer.put(context.t("goals.hint"), in: parts[4], role: .muted, ellipsis: context.glyphs.ellipsis)
    }
}

/// Goal ranges as the ward reads them: glucose in the ward's unit, "36.5–37.5 °C", "≥ 94 %".
@MainActor
struct GoalText {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// "PALS 2020 newborn", "APLS 6. Aufl.": where an age default comes from, its descriptive
    /// words in the user's language (`goals.source.…`, keyed by the source's letters and digits).
    func source(_ range: GoalRange) -> String {
        let slug = range.source.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "_" }.joined()
        let key = "goals.source.\(slug)"
        return context.localizer.has(key) ? context.t(key) : range.source
    }

    var inMgPerDl: Bool { context.wardSettings.glucoseUnit == .mgPerDl }

    func kindName(_ kind: MeasurementKind) -> String {
        context.t(kind == .bloodPressure ? "goals.kind.systolic" : "measure.kind.\(kind.rawValue)")
    }

    /// The unit typed and shown: glucose in the ward's unit, else the stored one.
    func unit(_ kind: MeasurementKind) -> String {
        kind == .glucose ? context.wardSettings.glucoseUnit.rawValue : kind.canonicalUnit
    }

    /// A stored (canonical) value in the shown unit; mg/dL to the whole number.
    func shown(_ value: Double, _ kind: MeasurementKind) -> Double {
        guard kind == .glucose, inMgPerDl else { return value }
        return UnitConversion.mgPerDl(fromMmolPerL: value).rounded()
    }

    /// A typed value back in the stored unit.
    func stored(_ value: Double, _ kind: MeasurementKind) -> Double {
        kind == .glucose && inMgPerDl ? UnitConversion.mmolPerL(fromMgPerDl: value) : value
    }

    /// The physical limits measurement entry uses, in the shown unit.
    func limits(_ kind: MeasurementKind) -> ClosedRange<Double> {
        MeasurementFormScreen.shownRange(kind, context)
    }

    func number(_ value: Double, _ kind: MeasurementKind) -> String {
        NumberText.plain(((shown(value, kind)) * 10).rounded() / 10)
    }

    func range(_ range: GoalRange?, _ kind: MeasurementKind) -> String {
        guard let range else { return "—" }
        let u = unit(kind)
        switch (range.low, range.high) {
        case let (low?, high?): return "\(number(low, kind))–\(number(high, kind)) \(u)"
        case let (low?, nil): return "≥ \(number(low, kind)) \(u)"
        case let (nil, high?): return "≤ \(number(high, kind)) \(u)"
        case (nil, nil): return "—"
        }
    }

    func row(_ kind: String, _ range: String, _ source: String, _ ageDefault: String) -> String {
        pad(kind, 26) + " " + pad(range, 16) + " " + pad(source, 36) + " " + ageDefault
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let columns = TextWidth.columns(of: text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }
}
