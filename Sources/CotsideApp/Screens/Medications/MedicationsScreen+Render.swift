import Foundation
import TerminalUI
import WardStore

extension MedicationsScreen {
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let parts = Layout.vertical([.length(1), .length(1), .fill]).split(area.inset(left: 1, right: 1))
        guard let board else {
            buffer.put(loadError ?? context.t("ward.loading"), in: parts[0], role: .muted)
            return
        }
        let table = Rect(x: parts[2].x, y: parts[2].y - 1, width: parts[2].width, height: parts[2].height + 1)
        visibleRows = max(1, TableView<ArrayDataSource<DueBoardItem>>.bodyArea(of: table).height)
        switch view {
        case .round: renderRound(board, header: parts[0], table: table, into: &buffer, context)
        case .patient: renderPatient(header: parts[0], table: table, into: &buffer, context)
        }
    }

    private func renderRound(_ board: DueBoard, header: Rect, table: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let summary = context.t("round.summary_line", board.dueCount, board.overdueCount)
        buffer.put(summary, in: header, role: board.overdueCount > 0 ? .warning : .header, attributes: [.bold])
        if !marked.isEmpty {
            buffer.put(context.t("round.marked", marked.count), in: header, role: .info, alignment: .right)
        }
        guard !board.items.isEmpty else {
            let empty = Rect(x: table.x, y: table.y + 2, width: table.width, height: 1)
            buffer.put(context.t("round.empty"), in: empty, role: .muted, alignment: .center)
            return
        }
        roundList.clamp(count: board.items.count, visibleRows: visibleRows)
        let text = MedicationText(context)
        let format = WardFormat(context)
        // The time shows on the first slot of each group only, so the groups read as blocks.
        let firstOfGroup = Set(board.groups.compactMap { $0.items.first.map(Self.key) })
        // Short of room the schedule gives way first, then the name, then the drug; the dose and
        // route are the last to shrink.
        let items = board.items
        let fits = [
            ColumnFit(wanted: ColumnFit.content(items.map(\.patientName), title: context.t("column.patient"), cap: 22), minimum: 8, priority: 1),
            ColumnFit(wanted: ColumnFit.content(items.map(\.medication.drugName), title: context.t("column.medication"), cap: 40), minimum: 10, priority: 2),
            ColumnFit(wanted: ColumnFit.content(items.map { text.dose($0.medication) }, title: context.t("column.dose"), cap: 24), minimum: 24, priority: 3),
            ColumnFit(wanted: ColumnFit.content(items.map { text.schedule($0.medication.schedule) }, title: context.t("column.schedule")), minimum: 5, priority: 0),
        ]
        // A snoozed slot's time carries a "z" (21:06z), a slot not due today its day
        // ("yesterday 23:00"); a due time is never cut.
        let dueTexts = items.map { item -> String in
            guard firstOfGroup.contains(Self.key(item)) else { return "" }
            return format.clock(item.dueAt) + (item.snoozedUntil != nil ? "z" : "")
        }
        let dueWidth = max(6, ColumnFit.content(dueTexts))
        let widths = ColumnFit.widths(fits, available: table.width - 17 - dueWidth - 7)
        let columns = [
            TableColumn("", width: .length(1)),
            TableColumn(context.t("column.state"), width: .length(11)),
            TableColumn(context.t("column.due"), width: .length(dueWidth)),
            TableColumn(context.t("column.bed"), width: .length(5)),
            TableColumn(context.t("column.patient"), width: .length(widths[0])),
            TableColumn(context.t("column.medication"), width: .length(widths[1])),
            TableColumn(context.t("column.dose"), width: .length(widths[2])),
            TableColumn(context.t("column.schedule"), width: .length(widths[3])),
        ]
        let view = TableView(source: ArrayDataSource(board.items), state: roundList, columns: columns,
                             emptyText: context.t("round.empty"), glyphs: context.glyphs) { [marked] item in
            let key = Self.key(item)
            let due = firstOfGroup.contains(key) ? format.clock(item.dueAt) + (item.snoozedUntil != nil ? "z" : "") : ""
            return TableRow([
                marked.contains(key) ? context.glyphs.bullet : "",
                text.badge(item.state), due, item.bedLabel, item.patientName,
                item.medication.drugName, text.dose(item.medication), text.schedule(item.medication.schedule),
            ], role: text.role(item.state))
        }
        view.render(in: table, into: &buffer)
    }

    private func renderPatient(header: Rect, table: Rect, into buffer: inout Buffer, _ context: AppContext) {
        guard let patient = listPatient, let medications else {
            buffer.put(context.t("meds.no_patient"), in: header, role: .muted)
            return
        }
        let chips = MedicationFilter.allCases.map { chip -> String in
            let word = "\(context.t("meds.filter.\(chip.rawValue)")) \(medications.count(chip))"
            return chip == filter ? "[\(word)]" : " \(word) "
        }.joined(separator: " ")
        let adherence = MedicationText(context).adherence(medications.patientAdherence7d)
        // The chips keep the right; the bed, name and adherence are cut short rather than overwritten.
        let chipsWidth = TextWidth.columns(of: chips)
        let title = header.inset(right: min(header.width, chipsWidth + 1))
        buffer.put(context.t("meds.header", patient.bedLabel, patient.fullName, adherence), in: title, role: .header,
                   attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        buffer.put(chips, in: header, role: .info, alignment: .right)
        let shown = rows
        medsList.clamp(count: shown.count, visibleRows: visibleRows)
        let text = MedicationText(context)
        let now = medications.now
        // The effect, the 7-day adherence (the header carries the patient's), the schedule and
        // the status give way before the drug's name; the dose and route, the latest record and
        // the next slot with their day when not today ("given yesterday 14:50") are not cut.
        let fits = [
            ColumnFit(wanted: ColumnFit.content(shown.map(\.medication.drugName), title: context.t("column.medication"), cap: 40), minimum: 10, priority: 3),
            ColumnFit(wanted: ColumnFit.content(shown.map { text.dose($0.medication) }, title: context.t("column.dose"), cap: 24), minimum: 24, priority: 4),
            ColumnFit(wanted: ColumnFit.content(shown.map { text.schedule($0.medication.schedule) }, title: context.t("column.schedule"), cap: 24), minimum: 0, priority: 1),
            ColumnFit(wanted: ColumnFit.content(shown.map { text.status($0, now: now) }, title: context.t("column.status")), minimum: 0, priority: 2),
            // Wide enough for a second checker ("given 08:02, checked AB") when one is shown; never
            // cut before its day and time ("given yesterday 14:50").
            ColumnFit(wanted: ColumnFit.content(shown.map { text.latest($0.latest) }, title: context.t("column.latest"), cap: 30),
                      minimum: 21, priority: 2),
            // The next slot with its day when not today ("  tomorrow 15:00"), never cut.
            ColumnFit(wanted: max(8, ColumnFit.content(shown.map { text.next($0) })), minimum: 16, priority: 5),
            ColumnFit(wanted: 4, minimum: 0, priority: 1),
            ColumnFit(wanted: 20, minimum: 0, priority: 0),
        ]
        let widths = ColumnFit.widths(fits, available: table.width - 7)
        let columns = [
            TableColumn(context.t("column.medication"), width: .length(widths[0])),
            TableColumn(context.t("column.dose"), width: .length(widths[1])),
            TableColumn(context.t("column.schedule"), width: .length(widths[2])),
            TableColumn(context.t("column.status"), width: .length(widths[3])),
            TableColumn(context.t("column.latest"), width: .length(widths[4])),
            TableColumn(context.t("column.next"), width: .length(widths[5])),
            TableColumn(context.t("column.adherence7"), width: .length(widths[6]), alignment: .right),
            TableColumn(context.t("column.effect"), width: .length(widths[7])),
        ]
        let view = TableView(source: ArrayDataSource(shown), state: medsList, columns: columns,
                             emptyText: context.t("meds.empty_filter"), glyphs: context.glyphs) { row in
            TableRow([
                row.medication.drugName, text.dose(row.medication), text.schedule(row.medication.schedule),
                text.status(row, now: now), text.latest(row.latest), text.next(row),
                row.medication.schedule.isAsNeeded ? "" : text.adherence(row.adherence7d),
                text.effectiveness(row.effectiveness, category: row.medication.category),
            ], role: row.overdueSlots > 0 ? .danger : row.needsAttention ? .warning : .normal)
        }
        view.render(in: table, into: &buffer)
    }
}
