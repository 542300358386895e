import Clinical
import Foundation
import ReportKit
import WardStore

/// A `ShiftHandover` in words: one section per cot, each on its own page, every part kept even
/// when empty ("None in this shift"), so the reader knows nothing was left out. Pure: the same
/// handover and words give the same document, on screen, in a file and on paper.
public struct HandoverDocument {
    public let handover: ShiftHandover
    let t: Localizer
    /// Who made it and when, for the stamp on every page.
    public let madeBy: Staff
    public let madeAt: Date

    public init(_ handover: ShiftHandover, localizer: Localizer, madeBy: Staff, madeAt: Date) {
        self.handover = handover
        self.t = localizer
        self.times = ReportTimes(localizer, timeZone: handover.request.timeZone)
        self.madeBy = madeBy
        self.madeAt = madeAt
    }

    var request: HandoverRequest { handover.request }
    var timeZone: TimeZone { request.timeZone }

    public var document: ReportDocument {
        let stamp = ReportStamp(
            ward: handover.settings.wardName,
            madeAt: times.stamped(madeAt),
            madeBy: t("handover.made_by", madeBy.name, madeBy.initials, t("staff.role.\(madeBy.role.rawValue)")),
            software: "Cotside " + CotsideVersion.string,
            period: t("handover.period", dayAndTime(request.since), dayAndTime(request.until)), instant: madeAt)
        let sections = handover.cots.isEmpty
            ? [ReportSection(heading: t("handover.no_cots_heading"), blocks: [.nothing(t("handover.no_cots"))])]
            : handover.cots.map(section)
        return ReportDocument(title: t("handover.title"), stamp: stamp, sections: sections).localized(t)
    }

    /// "Bed 3 · Mia Jones · H123456 · DOB 2026-11-18": on every page the cot's section runs onto.
    public static func patientLine(_ patient: Patient, _ t: Localizer) -> String {
        t("handover.patient_line", patient.bedLabel, patient.fullName, patient.hospitalNumber,
          ReportTimes(t, timeZone: .gmt).date(patient.dateOfBirth))
    }

    func section(_ cot: CotHandover) -> ReportSection {
        var blocks: [ReportBlock] = [.facts(who(cot))]
        // Went home during the period: said first, so nobody looks for the baby on the ward.
        if let gone = cot.patient.dischargedAt, gone <= request.until {
            blocks.insert(.notice(t("handover.discharged_notice", when(gone))), at: 0)
        }
        blocks += intakeAndOutput(cot)
        blocks += observations(cot)
        blocks += medications(cot)
        blocks += insights(cot)
        blocks += notes(cot)
        blocks += results(cot)
        blocks += chartedBy(cot)
        let discharged = cot.patient.dischargedAt.map { $0 <= request.until } ?? false
        return ReportSection(heading: t(discharged ? "handover.cot_heading_discharged" : "handover.cot_heading",
                                        cot.patient.bedLabel, cot.patient.fullName),
                             patient: Self.patientLine(cot.patient, t), blocks: blocks, startsPage: true)
    }

    // MARK: Who

    func who(_ cot: CotHandover) -> [ReportFact] {
        var age = cot.age.wording.text
        if let weeks = cot.age.correctedGestationWeeks, let days = cot.age.correctedGestationDays {
            age = t("handover.age_corrected", age, weeks, days)
        }
        var facts = [ReportFact(t("handover.age"), age)]
        let w = cot.weight
        if let grams = w.grams {
            var parts = [w.weighedAt == nil ? t("handover.weight_birth", Self.kg(grams)) : t("handover.weight_at", Self.kg(grams), when(w.weighedAt!))]
            if let percent = w.changeSinceBirthPercent { parts.append(t("handover.weight_since_birth", Self.signed(percent, digits: 1))) }
            if let change = w.changeOverWeekGrams { parts.append(t("handover.weight_week", Self.signed(Double(change), digits: 0))) }
            facts.append(ReportFact(t("handover.weight"), parts.joined(separator: "; ")))
        } else {
            facts.append(ReportFact(t("handover.weight"), t("handover.weight_none")))
        }
        facts.append(ReportFact(t("handover.admitted"),
                                t("handover.admitted_value", cot.daysSinceAdmission, dayAndTime(cot.patient.admittedAt))))
        return facts
    }

    // MARK: Intake and output

    func intakeAndOutput(_ cot: CotHandover) -> [ReportBlock] {
        let grams = cot.weight.grams
        let kg = grams.map { Double($0) / 1000 }
        let target = kg.flatMap { MaintenanceTarget.of(ageDays: cot.age.days, weightKg: $0, table: handover.settings.neonatalFluidTable) }
        func amount(_ ml: Int, hours: Double) -> String {
            guard let kg, kg > 0 else { return t("handover.intake_ml", ml) }
            var text = t("handover.intake_per_kg", ml, Self.number(Double(ml) / kg, digits: 0))
            if let target, hours > 0 {
                // The day's target scaled to the hours counted, against its lower end (as the Dashboard).
                let low = target.minMLPerKg * kg * hours / 24, high = target.maxMLPerKg * kg * hours / 24
                let percent = low > 0 ? Int((Double(ml) / low * 100).rounded()) : 0
                text += low == high
                    ? t("handover.intake_target", Int(low.rounded()), percent)
                    : t("handover.intake_target_range", Int(low.rounded()), Int(high.rounded()), percent)
            }
            return text
        }
        let o = cot.output
        var facts = [
            ReportFact(t("handover.intake_shift"), amount(cot.intake.shiftML, hours: cot.intake.shiftHours)
                       + " · " + t("handover.feeds", cot.intake.feedsInShift)),
            ReportFact(t("handover.intake_24h"), amount(cot.intake.last24hML, hours: 24)),
            ReportFact(t("handover.nappies"), t("handover.nappies_value", o.wet, o.dirty)),
            ReportFact(t("handover.urine"), o.urineMLPerKgPerHour.map { t("handover.urine_value", Self.number($0, digits: 1)) }
                       ?? t("handover.urine_none"), flagged: (o.urineMLPerKgPerHour ?? 1) < 1),
            ReportFact(t("handover.last_stool"), o.lastStoolAt.map { at in
                o.lastStoolColour.map { t("handover.last_stool_value", when(at), t.stoolColour($0)) } ?? when(at)
            } ?? t("handover.last_stool_none")),
        ]
        if let gap = o.longestDryGap {
            let text = gap.endedByWetNappy
                ? t("handover.dry_gap", Self.number(gap.hours, digits: 1), when(gap.from), when(gap.to))
                : t("handover.dry_gap_open", Self.number(gap.hours, digits: 1), when(gap.from))
            facts.append(ReportFact(t("handover.dry_gap_label"), text,
                                    flagged: gap.hours * 60 > Double(handover.settings.noWetAlertThresholdMinutes)))
        }
        return [.subheading(t("handover.intake_output")), .facts(facts)]
    }

    // MARK: Observations

    func observations(_ cot: CotHandover) -> [ReportBlock] {
        var blocks: [ReportBlock] = [.subheading(t("handover.observations"))]
        if cot.outOfRange.isEmpty {
            blocks.append(.nothing(t("handover.out_of_range_none")))
        } else {
            blocks.append(.paragraph(t("handover.out_of_range")))
            blocks.append(.table(ReportTable(
                columns: [ReportColumn(t("handover.col.time")), ReportColumn(t("handover.col.observation")),
                          ReportColumn(t("handover.col.value"), alignment: .trailing), ReportColumn(t("handover.col.goal"))],
                rows: cot.outOfRange.map(observationRow))))
        }
        if cot.latest.isEmpty {
            blocks.append(.nothing(t("handover.latest_none")))
        } else {
            blocks.append(.paragraph(t("handover.latest")))
            blocks.append(.table(ReportTable(
                columns: [ReportColumn(t("handover.col.time")), ReportColumn(t("handover.col.observation")),
                          ReportColumn(t("handover.col.value"), alignment: .trailing), ReportColumn(t("handover.col.goal"))],
                rows: cot.latest.map(observationRow))))
        }
        return blocks
    }

    func observationRow(_ marked: MarkedMeasurement) -> [String] {
        let m = marked.measurement
        let mark = marked.mark.map { " (" + t("range.\($0.rawValue)") + ")" } ?? ""
        return [when(m.measuredAt), t("measurement.kind.\(m.kind.rawValue)"), m.valueText + mark, marked.range.map(rangeText) ?? ""]
    }

    func rangeText(_ range: GoalRange) -> String {
        switch (range.low, range.high) {
        case let (low?, high?): return "\(Self.short(low))–\(Self.short(high))"
        case let (low?, nil): return "≥ \(Self.short(low))"
        case let (nil, high?): return "≤ \(Self.short(high))"
        case (nil, nil): return ""
        }
    }

    // MARK: Medications

    func medications(_ cot: CotHandover) -> [ReportBlock] {
        let m = cot.medications
        var blocks: [ReportBlock] = [.subheading(t("handover.medications"))]
        let slotColumns = [ReportColumn(t("handover.col.time")), ReportColumn(t("handover.col.drug")), ReportColumn(t("handover.col.outcome"))]
        func table(_ slots: [HandoverSlot], title: String, empty: String, outcome: (HandoverSlot) -> String) {
            if slots.isEmpty { blocks.append(.nothing(empty)); return }
            blocks.append(.paragraph(title))
            blocks.append(.table(ReportTable(columns: slotColumns, rows: slots.map {
                [when($0.scheduledAt), t.dose($0.medication), outcome($0)]
            })))
        }
        table(m.answered, title: t("handover.doses"), empty: t("handover.doses_none"), outcome: outcome)
        table(m.snoozed, title: t("handover.snoozed"), empty: t("handover.snoozed_none")) {
            $0.snoozedUntil.map { self.t("handover.snoozed_until", self.when($0)) } ?? ""
        }
        table(m.overdue, title: t("handover.overdue"), empty: t("handover.overdue_none")) { _ in self.t("handover.outcome.overdue") }
        table(m.dueNext, title: t("handover.due_next"), empty: t("handover.due_next_none")) {
            self.t("handover.due_at", self.when($0.dueAt))
        }
        if m.asNeeded.isEmpty {
            blocks.append(.nothing(t("handover.as_needed_none")))
        } else {
            blocks.append(.paragraph(t("handover.as_needed")))
            blocks.append(.table(ReportTable(
                columns: [ReportColumn(t("handover.col.drug")), ReportColumn(t("handover.col.given")), ReportColumn(t("handover.col.next"))],
                rows: m.asNeeded.map { a in
                    [t.dose(a.medication), a.givenAt.map(when).joined(separator: ", "),
                     a.nextAllowedAt <= request.until ? t("handover.next_now") : when(a.nextAllowedAt)]
                })))
        }
        return blocks
    }

    func outcome(_ slot: HandoverSlot) -> String {
        var text = t("handover.outcome.\(slot.state.rawValue)")
        if slot.state == .withheld, let reason = slot.withheldReason { text += ": " + t.withheldReason(reason) }
        if !slot.notes.isEmpty { text += " (" + slot.notes + ")" }
        return text
    }

    // MARK: Insights, notes, results, who charted

    func insights(_ cot: CotHandover) -> [ReportBlock] {
        let found = CotInsights(input: cot.insightInput, localizer: t, fluidTable: handover.settings.neonatalFluidTable,
                                glucoseUnit: handover.settings.glucoseUnit).all()
        return [.subheading(t("handover.insights")),
                found.isEmpty ? .nothing(t("handover.insights_none"))
                    : .list(found.map { t("handover.insight", t("handover.severity.\($0.severity.rawValue)"), $0.wording.resolved(t)) })]
    }

    func notes(_ cot: CotHandover) -> [ReportBlock] {
        guard !cot.notes.isEmpty else { return [.subheading(t("handover.notes")), .nothing(t("handover.notes_none"))] }
        return [.subheading(t("handover.notes")), .table(ReportTable(
            columns: [ReportColumn(t("handover.col.time")), ReportColumn(t("handover.col.entry")),
                      ReportColumn(t("handover.col.note")), ReportColumn(t("handover.col.by"))],
            rows: cot.notes.map { [when($0.occurredAt), $0.title, $0.notes, $0.staffInitials ?? ""] }))]
    }

    func results(_ cot: CotHandover) -> [ReportBlock] {
        let items = cot.calculatorResults.map { (at: $0.savedAt, text: t("handover.calculator", $0.toolId, $0.summary)) }
            + cot.strokeAssessments.map { (at: $0.assessedAt, text: t("handover.stroke", $0.module, $0.summary)) }
        guard !items.isEmpty else { return [.subheading(t("handover.results")), .nothing(t("handover.results_none"))] }
        return [.subheading(t("handover.results")),
                .list(items.sorted { $0.at < $1.at }.map { "\(when($0.at)) \($0.text)" })]
    }

    func chartedBy(_ cot: CotHandover) -> [ReportBlock] {
        guard !cot.chartedBy.isEmpty else { return [.subheading(t("handover.charted_by")), .nothing(t("handover.charted_by_none"))] }
        return [.subheading(t("handover.charted_by")), .list(cot.chartedBy.map { author in
            guard let member = handover.staff[author.staffId] else { return t("handover.author_unknown", author.entries) }
            return t(author.entries == 1 ? "handover.author_one" : "handover.author", member.name, member.initials,
                     t("staff.role.\(member.role.rawValue)"), author.entries)
        })]
    }

    // MARK: Words for numbers and times

    /// "14:05" on the day the handover ends, else "2026-11-25 22:30" (ward time).
    func when(_ date: Date) -> String {
        CalendarDay(date, in: timeZone) == CalendarDay(request.until, in: timeZone)
            ? WardLocalTime.timeOfDay(date, in: timeZone).description : dayAndTime(date)
    }

    func dayAndTime(_ date: Date) -> String { times.dateTime(date) }

    /// Dates and times in the report's language, made once.
    let times: ReportTimes

    static func kg(_ grams: Int) -> String { String(format: "%.3f kg", Double(grams) / 1000) }

    static func number(_ value: Double, digits: Int) -> String {
        let text = String(format: "%.\(digits)f", value)
        return text == "-0" || text.hasPrefix("-0.") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// 100 → "100", 36.5 → "36.5", 2.55 → "2.6": a goal's bounds as the Goal ranges screen writes them.
    static func short(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : number(value, digits: 1)
    }

    /// "+2.1", "−120" (a real minus sign).
    static func signed(_ value: Double, digits: Int) -> String {
        let text = number(abs(value), digits: digits)
        return Double(text) == 0 ? text : (value < 0 ? "−" : "+") + text
    }
}
