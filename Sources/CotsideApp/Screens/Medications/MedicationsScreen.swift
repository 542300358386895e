import Foundation
import TerminalUI
import WardStore

/// The Medications tab. Two views, switched with `v`:
/// - the ward's drug round: every due and overdue slot on every cot, grouped by time with
///   overdue groups first; Enter records given (asking for a second checker when the ward's
///   second-check list names the drug), `w` withheld (asks why, and for "other" the reason in
///   words), `z` snooze, Space marks several slots so one key records them together, `u` undoes
///   the last record;
/// - the selected patient's medication list (the Dashboard's cot unless `p` chose another;
///   with nobody, `v` opens the cot of the slot selected on the round), filtered by the chip
///   `f` cycles (All / Active / Paused / Attention); `n` adds, `e` edits, `P` pauses or resumes,
///   `S` stops, `g` logs an as-needed dose.
@MainActor
final class MedicationsScreen: ActionScreen, CommandScreen {
    enum View: Equatable { case round, patient }

    enum Action: String, ScreenAction {
        // The round.
        case given = "meds.given"
        case withheld = "meds.withheld"
        case snooze = "meds.snooze"
        case mark = "meds.mark"
        // The patient's list.
        case add = "meds.add"
        case edit = "meds.edit"
        case filter = "meds.filter"
        case prn = "meds.prn"
        case pause = "meds.pause"
        case stop = "meds.stop"
        // Both views.
        case view = "meds.view"
        case undo = "ward.undo"
        case up = "meds.up"
        case down = "meds.down"
    }

    enum Loaded: Sendable {
        /// The ward's round, and the list of the patient it was loaded for (nil: nobody).
        case lists(DueBoard, MedicationList?, patient: Patient?)
        /// The store's words for a failed load (shown in place of the round until one succeeds).
        case failed(String)
        /// `v` with nobody chosen: the patient of the slot selected on the round.
        case slotPatient(Patient?)
    }

    private(set) var view: View = .round
    private(set) var board: DueBoard?
    private(set) var medications: MedicationList?
    /// The patient the list was loaded for.
    private(set) var listPatient: Patient?
    private(set) var filter: MedicationFilter = .all
    private(set) var marked: Set<SlotKey> = []
    var roundList = ListState()
    var medsList = ListState()
    var loadError: String?
    var visibleRows = 10
    /// Due and overdue states depend on the clock: ticks reload them once a minute.
    private var refresh = ClockRefresh()

    struct SlotKey: Hashable {
        let medicationId: Int64
        let scheduledAt: Date
    }

    func title(_ context: AppContext) -> String { context.t("tab.medications") }

    var items: [DueBoardItem] { board?.items ?? [] }
    var selectedItem: DueBoardItem? { items.indices.contains(roundList.selected) ? items[roundList.selected] : nil }
    var rows: [MedicationListRow] { medications?.rows(filter) ?? [] }
    var selectedRow: MedicationListRow? { rows.indices.contains(medsList.selected) ? rows[medsList.selected] : nil }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let n = context.t("group.navigation")
        var bindings: [Binding<Action>]
        switch view {
        case .round:
            bindings = [
                Binding([.enter], .given, label: context.t("key.given"), help: context.t("meds.help.given"), group: g),
                Binding([.char("w")], .withheld, label: context.t("key.withheld"), help: context.t("meds.help.withheld"), group: g),
                Binding([.char("z")], .snooze, label: context.t("key.snooze"), help: context.t("meds.help.snooze"), group: g),
                Binding([.char(" ")], .mark, label: context.t("key.mark"), help: context.t("meds.help.mark"), group: g),
                Binding([.char("v")], .view, label: context.t("key.patient_meds"), help: context.t("meds.help.view_patient"), group: g),
            ]
        case .patient:
            bindings = [
                Binding([.char("n")], .add, label: context.t("key.new"), help: context.t("meds.help.add"), group: g, needs: .prescribe),
                Binding([.char("e")], .edit, label: "", help: context.t("meds.help.edit"), group: g, needs: .prescribe),
                Binding([.char("f")], .filter, label: context.t("key.filter"), help: context.t("meds.help.filter"), group: g),
                Binding([.char("g")], .prn, label: context.t("key.prn"), help: context.t("meds.help.prn"), group: g),
                Binding([.char("P")], .pause, label: context.t("key.pause"), help: context.t("meds.help.pause"), group: g,
                        needs: .prescribe),
                Binding([.char("S")], .stop, label: "", help: context.t("meds.help.stop"), group: g, needs: .prescribe),
                Binding([.char("v")], .view, label: context.t("key.round"), help: context.t("meds.help.view_round"), group: g),
            ]
        }
        bindings += [
            Binding([.char("u")], .undo, label: context.t("key.undo"), help: context.t("action.undo"), group: g),
            Binding([.up, .char("k")], .up, label: "", help: context.t("key.up"), group: n),
            Binding([.down, .char("j")], .down, label: "", help: context.t("key.down"), group: n),
        ]
        return bindings
    }

    // MARK: - Loading

    func reload(_ context: AppContext) -> Intent {
        let now = context.clock.now
        let zone = context.clock.timeZone
        let patient = context.selectedPatient
        refresh.requested(at: now)
        guard let repository = context.repository else {
            loadError = context.t("ward.no_database")
            return .handled
        }
        // Shared with the dose reminder when both reload together (one query for both).
        let boardLoad = context.dueBoards.load(from: repository, now: now, timeZone: zone)
        return command { repository in
            do {
                let loadedBoard = try await boardLoad.value
                var loadedList: MedicationList?
                if let patient {
                    loadedList = try await repository.medicationList(patientId: patient.id, now: now, timeZone: zone)
                }
                return .lists(loadedBoard, loadedList, patient: patient)
            } catch {
                return .failed(WardTask.describe(error))
            }
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .lists(let loadedBoard, let loadedList, let patient):
            show(loadedBoard, loadedList, patient: patient)
            return .handled
        case .failed(let words):
            let text = context.t("ward.load_failed", words)
            if board == nil { loadError = text }
            return .message(.error(text))
        case .slotPatient(let patient):
            guard let patient else { return .handled }
            return .all([.session(.selectedPatient(patient)), .shell(.reloadAll)])
        }
    }

    /// A write refused for want of an override reason asks for one; anything else is said as
    /// the store said it.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        if let refused = error as? DoseActions.OverrideNeeded { return DoseActions.askOverride(refused, context) }
        return .message(.error(WardTask.describe(error, context)))
    }

    func show(_ loadedBoard: DueBoard, _ loadedList: MedicationList?, patient: Patient?) {
        let selectedKey = selectedItem.map(Self.key)
        board = loadedBoard
        loadError = nil
        marked.formIntersection(Set(loadedBoard.items.map(Self.key)))
        if let selectedKey, let index = loadedBoard.items.firstIndex(where: { Self.key($0) == selectedKey }) {
            roundList.select(index, count: loadedBoard.items.count, visibleRows: visibleRows)
        } else {
            roundList.clamp(count: loadedBoard.items.count, visibleRows: visibleRows)
        }
        if patient?.id != listPatient?.id { medsList = ListState() }
        medications = loadedList
        listPatient = patient
        medsList.clamp(count: rows.count, visibleRows: visibleRows)
    }

    static func key(_ item: DueBoardItem) -> SlotKey {
        SlotKey(medicationId: item.medication.id, scheduledAt: item.slot.scheduledAt)
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
            case .pageUp, .pageDown, .home, .end:
                moveSelection(key)
                return .handled
            case .escape where !marked.isEmpty:
                marked.removeAll()
                return .handled
            default:
                return .ignored
            }
        case .mouse, .resize:
            return .ignored
        }
    }

    private func moveSelection(_ key: Key) {
        switch view {
        case .round: _ = roundList.handle(key, count: items.count, visibleRows: visibleRows)
        case .patient: _ = medsList.handle(key, count: rows.count, visibleRows: visibleRows)
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .up: moveSelection(.up); return .handled
        case .down: moveSelection(.down); return .handled
        case .view:
            guard view == .round else { view = .round; return .handled }
            view = .patient
            // With nobody chosen yet, the list shows the cot of the slot selected on the round.
            guard context.selectedPatient == nil, let item = selectedItem else { return .handled }
            let id = item.patientId
            return command("patient") { repository in .slotPatient(try await repository.patient(id: id)) }
        case .undo: return WardTask.undo(context)
        case .mark:
            guard view == .round, let item = selectedItem else { return .handled }
            let key = Self.key(item)
            if marked.contains(key) { marked.remove(key) } else { marked.insert(key) }
            moveSelection(.down)
            return .handled
        case .given:
            guard view == .round else { return .ignored }
            let slots = targets(context)
            // One check covers the doses given together; any drug on the list asks for it.
            if let rule = slots.lazy.compactMap(\.secondCheck).first {
                if let refusal = WardTask.requireUser(context) { return refusal }
                return .push(SecondCheckScreen(doses: slots.map(\.checked), rule: rule, context) { [self] checker, context in
                    DoseActions.record(slots, status: .given, checkedBy: checker, closesAsker: true, context, saved: forgetMarks)
                })
            }
            return DoseActions.record(slots, status: .given, context, saved: forgetMarks)
        case .withheld:
            guard view == .round else { return .ignored }
            if let refusal = WardTask.requireUser(context) { return refusal }
            let slots = targets(context)
            guard !slots.isEmpty else { return .message(.info(context.t("round.nothing_selected"))) }
            let reasons = WithheldReason.allCases
            return .push(ChoiceScreen(heading: context.t("round.withheld_title"),
                                      items: reasons.map { context.t("withheld.\($0.rawValue)") }) { [self] index, context in
                guard reasons[index] != .other else { return DoseActions.askWithheldWords(slots, context, saved: forgetMarks) }
                return DoseActions.record(slots, status: .withheld, reason: reasons[index], context, saved: forgetMarks)
            })
        case .snooze:
            guard view == .round else { return .ignored }
            if let refusal = WardTask.requireUser(context) { return refusal }
            guard let item = selectedItem else { return .message(.info(context.t("round.nothing_selected"))) }
            let slot = SlotRef(item, context)
            let options = SnoozeOption.allCases
            return .push(ChoiceScreen(heading: context.t("round.snooze_title", slot.label),
                                      items: options.map { context.t("round.snooze_minutes", $0.rawValue) }) { index, context in
                DoseActions.snooze(slot, options[index], context)
            })
        case .filter:
            let all = MedicationFilter.allCases
            filter = all[(all.firstIndex(of: filter)! + 1) % all.count]
            medsList = ListState()
            return .handled
        case .prn:
            guard let row = selectedRow, let patient = listPatient else { return .handled }
            guard row.medication.schedule.isAsNeeded else { return .message(.info(context.t("prn.not_prn", row.medication.drugName))) }
            if let rule = context.wardSettings.secondCheck.rule(for: row.medication) {
                if let refusal = WardTask.requireUser(context) { return refusal }
                let medication = row.medication
                let bed = patient.bedLabel
                let dose = CheckedDose(bedLabel: bed, patientName: patient.fullName, medication: medication, scheduledAt: nil)
                return .push(SecondCheckScreen(doses: [dose], rule: rule, context) { checker, context in
                    DoseActions.giveAsNeeded(medication, bed: bed, checkedBy: checker, closesAsker: true, context)
                })
            }
            return DoseActions.giveAsNeeded(row.medication, bed: patient.bedLabel, context)
        case .add:
            guard let patient = listPatient else { return .message(.info(context.t("meds.no_patient"))) }
            if let refusal = WardTask.requireUser(context) { return refusal }
            return .push(MedicationFormScreen(patient: patient, editing: nil, context))
        case .edit:
            guard let patient = listPatient, let row = selectedRow else { return .handled }
            if let refusal = WardTask.requireUser(context) { return refusal }
            return .push(MedicationFormScreen(patient: patient, editing: row.medication, context))
        case .pause:
            return setPaused(context)
        case .stop:
            return stop(context)
        }
    }

    /// Recorded slots are no longer marked (only once the store has them).
    private var forgetMarks: @MainActor @Sendable () -> Void { { [self] in marked.removeAll() } }

    /// The marked slots in board order, else the selected one.
    private func targets(_ context: AppContext) -> [SlotRef] {
        if !marked.isEmpty {
            return items.filter { marked.contains(Self.key($0)) }.map { SlotRef($0, context) }
        }
        return selectedItem.map { [SlotRef($0, context)] } ?? []
    }

    private func setPaused(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let medication = selectedRow?.medication else { return .handled }
        let pause = !medication.isPaused
        let by = context.staff?.id
        let summary = context.t(pause ? "meds.paused" : "meds.resumed", medication.drugName)
        return .write(WardWrite(undoSummary: summary, needs: .prescribe) { repository in
            let saved = try await repository.setMedicationPaused(id: medication.id, paused: pause, by: by)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: summary)
        })
    }

    /// Asks first (No is the default); the stop is undoable like every write.
    private func stop(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let medication = selectedRow?.medication else { return .handled }
        let by = context.staff?.id
        let summary = context.t("meds.stopped", medication.drugName)
        return .push(ChoiceScreen(heading: context.t("meds.stop_title", medication.drugName),
                                  items: [context.t("meds.stop_no"), context.t("meds.stop_yes")]) { index, context in
            guard index == 1 else { return .handled }
            let now = context.clock.now
            return .write(WardWrite(undoSummary: summary, needs: .prescribe) { repository in
                let saved = try await repository.stopMedication(id: medication.id, at: now, by: by)
                return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: summary)
            })
        })
    }
}
