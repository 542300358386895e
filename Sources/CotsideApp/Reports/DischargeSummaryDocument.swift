import Clinical
import Foundation
import ReportKit
import WardStore

/// A `DischargeSummary` in words: the page a neonatal unit prints and files when a baby goes
/// home. One section (its patient line on every page) with every part kept even when empty, so a
/// reader knows nothing was left out; readings out of range are summarised per kind (count,
/// episodes, the worst each side), never listed one by one. What the chart cannot tell — the
/// amount a scheduled dose was given at, what is to continue at home — is said, not guessed.
/// Pure: the same summary and words give the same document on screen, in a file and on paper.
public struct DischargeSummaryDocument {
    public let summary: DischargeSummary
    let t: Localizer
    public let madeBy: Staff
    public let madeAt: Date

    public init(_ summary: DischargeSummary, localizer: Localizer, madeBy: Staff, madeAt: Date) {
        self.summary = summary
        self.t = localizer
        self.times = ReportTimes(localizer, timeZone: summary.request.timeZone)
        self.madeBy = madeBy
        self.madeAt = madeAt
    }

    var patient: Patient { summary.patient }
    var timeZone: TimeZone { summary.request.timeZone }

    public var document: ReportDocument {
        let end = summary.isDischarged ? t("discharge.period_discharged", dayAndTime(summary.end))
                                       : t("discharge.period_admitted", dayAndTime(summary.end))
        let stamp = ReportStamp(
            ward: summary.settings.wardName,
            madeAt: times.stamped(madeAt),
            madeBy: t("handover.made_by", madeBy.name, madeBy.initials, t("staff.role.\(madeBy.role.rawValue)")),
            software: "Cotside " + CotsideVersion.string,
            period: t("discharge.period", dayAndTime(patient.admittedAt), end), instant: madeAt)
        var blocks: [ReportBlock] = []
        if !summary.isDischarged { blocks.append(.notice(t("discharge.not_yet", dayAndTime(summary.end)))) }
        blocks.append(.facts(admission))
        blocks += weights
        blocks += feeding
        blocks += observations
        blocks += alerts
        blocks += medications
        blocks += results
        blocks += caredBy
        let section = ReportSection(heading: t("discharge.heading", patient.fullName),
                                    patient: HandoverDocument.patientLine(patient, t), blocks: blocks)
        return ReportDocument(title: t("discharge.title"), stamp: stamp, sections: [section]).localized(t)
    }

    // MARK: Admission

    var admission: [ReportFact] {
        var facts = [ReportFact(t("discharge.hospital_number"), patient.hospitalNumber),
                     ReportFact(t("discharge.sex"), t("patient.sex.\(patient.sex.rawValue)")),
                     ReportFact(t("discharge.born"), patient.timeOfBirth.map { "\(patient.dateOfBirth) \($0)" }
                                ?? times.date(patient.dateOfBirth)),
                     ReportFact(t("discharge.gestation"), patient.gestationText.map { t("discharge.gestation_value", $0) }
                                ?? t("discharge.not_recorded")),
                     ReportFact(t("discharge.birth_weight"), patient.birthWeightGrams.map { t("discharge.grams", $0) }
                                ?? t("discharge.not_recorded")),
                     ReportFact(t("discharge.admitted"), by(dayAndTime(patient.admittedAt), summary.admittedBy)),
                     ReportFact(t("discharge.age_at_admission"), age(summary.ageAtAdmission))]
        if summary.isDischarged {
            facts.append(ReportFact(t("discharge.discharged"), by(dayAndTime(summary.end), summary.dischargedBy)))
            facts.append(ReportFact(t("discharge.age_at_discharge"), age(summary.ageAtEnd)))
        } else {
            facts.append(ReportFact(t("discharge.discharged"), t("discharge.not_discharged")))
            facts.append(ReportFact(t("discharge.age_now"), age(summary.ageAtEnd)))
        }
        facts.append(ReportFact(t("discharge.stay"), stayLength(summary.stayHours)))
        return facts
    }

    func by(_ text: String, _ staffId: Int64?) -> String {
        guard let staffId, let member = summary.staff[staffId] else { return text }
        return t("discharge.by", text, member.name, member.initials)
    }

    func age(_ age: PatientAge) -> String {
        guard let weeks = age.correctedGestationWeeks, let days = age.correctedGestationDays else { return age.wording.text }
        return t("handover.age_corrected", age.wording.text, weeks, days)
    }

    /// "12 days 5 h", "19 h".
    func stayLength(_ hours: Double) -> String {
        let whole = Int(hours.rounded(.down))
        return whole < 24 ? t("discharge.stay_hours", whole) : t("discharge.stay_days", whole / 24, whole % 24)
    }

    // MARK: The stay in figures

    var weights: [ReportBlock] {
        let w = summary.weights
        func weight(_ value: DischargeWeight?) -> String {
            guard let value else { return t("discharge.weight_none") }
            var text = t("handover.weight_at", HandoverDocument.kg(value.grams), dayAndTime(value.at))
            if let birth = w.birthGrams, birth > 0 {
                let percent = Double(value.grams - birth) / Double(birth) * 100
                text += "; " + t("handover.weight_since_birth", HandoverDocument.signed(percent, digits: 1))
            }
            return text
        }
        var facts = [ReportFact(t("discharge.weight_birth"), w.birthGrams.map { HandoverDocument.kg($0) } ?? t("discharge.not_recorded")),
                     ReportFact(t("discharge.weight_admission"), weight(w.onAdmission)),
                     ReportFact(t("discharge.weight_lowest"), weight(w.lowest))]
        facts.append(ReportFact(t(summary.isDischarged ? "discharge.weight_discharge" : "discharge.weight_latest"), weight(w.atEnd)))
        facts.append(ReportFact(t("discharge.weighings"), String(w.weighings)))
        return [.subheading(t("discharge.figures")), .facts(facts)]
    }

    var feeding: [ReportBlock] {
        let f = summary.feeding
        var blocks: [ReportBlock] = [.paragraph(t(summary.isDischarged ? "discharge.feeding" : "discharge.feeding_now",
                                                  dayAndTime(f.from), dayAndTime(f.to)))]
        guard !f.kinds.isEmpty else {
            blocks.append(.nothing(t("discharge.feeding_none")))
            return blocks
        }
        let kg = summary.weights.atEnd.map { Double($0.grams) / 1000 }
        var intake = t("handover.intake_ml", Int(f.intakeML.rounded()))
        if let kg, kg > 0, f.windowHours > 0 {
            // Per kg per day: the window scaled to 24 h when the stay was shorter.
            intake = t("discharge.intake_per_kg", Int(f.intakeML.rounded()), HandoverDocument.number(f.intakeML / kg * 24 / f.windowHours, digits: 0))
        }
        var facts = [ReportFact(t("discharge.intake"), intake)]
        facts += f.kinds.map { kind in
            // A breastfeed is charted by time: its minutes, not "0 mL".
            var parts = [t(kind.count == 1 ? "discharge.feed_count_one" : "discharge.feed_count", kind.count)]
            if kind.ml > 0 || kind.minutes == 0 { parts.append(t("handover.intake_ml", Int(kind.ml.rounded()))) }
            if kind.minutes > 0 { parts.append(t("discharge.feed_minutes", kind.minutes)) }
            return ReportFact(t.feedKind(kind.kind), parts.joined(separator: ", "))
        }
        if let at = f.lastFeedAt, let kind = f.lastFeedKind {
            facts.append(ReportFact(t("discharge.last_feed"), t("handover.last_stool_value", dayAndTime(at), t.feedKind(kind))))
        }
        blocks.append(.facts(facts))
        return blocks
    }

    var observations: [ReportBlock] {
        var blocks: [ReportBlock] = [.subheading(t("discharge.observations"))]
        guard !summary.observations.isEmpty else { return blocks + [.nothing(t("discharge.observations_none"))] }
        blocks.append(.paragraph(t("discharge.observations_about")))
        blocks.append(.table(ReportTable(
            columns: [ReportColumn(t("handover.col.observation")), ReportColumn(t("discharge.col.readings"), alignment: .trailing),
                      ReportColumn(t("discharge.col.out_of_range"), alignment: .trailing),
                      ReportColumn(t("discharge.col.episodes"), alignment: .trailing),
                      ReportColumn(t("discharge.col.lowest")), ReportColumn(t("discharge.col.highest"))],
            rows: summary.observations.map { o in
                [t("measurement.kind.\(o.kind.rawValue)"), String(o.readings), String(o.outOfRange), String(o.episodes),
                 worst(o.worstLow), worst(o.worstHigh)]
            })))
        return blocks
    }

    /// "2.1 mmol/L (goal 2.6–10), 2026-11-18 17:00", or "—".
    func worst(_ marked: MarkedMeasurement?) -> String {
        guard let marked else { return "—" }
        let range = marked.range.map { t("discharge.goal", rangeText($0)) } ?? ""
        return "\(marked.measurement.valueText)\(range), \(dayAndTime(marked.measurement.measuredAt))"
    }

    func rangeText(_ range: GoalRange) -> String {
        switch (range.low, range.high) {
        case let (low?, high?): return "\(HandoverDocument.short(low))–\(HandoverDocument.short(high))"
        case let (low?, nil): return "≥ \(HandoverDocument.short(low))"
        case let (nil, high?): return "≤ \(HandoverDocument.short(high))"
        case (nil, nil): return ""
        }
    }

    var alerts: [ReportBlock] {
        let found = CotInsights(input: summary.insightInput, localizer: t, fluidTable: summary.settings.neonatalFluidTable,
                                glucoseUnit: summary.settings.glucoseUnit).all()
        return [.paragraph(t(summary.isDischarged ? "discharge.alerts" : "discharge.alerts_now")),
                found.isEmpty ? .nothing(t("handover.insights_none"))
                    : .list(found.map { t("handover.insight", t("handover.severity.\($0.severity.rawValue)"), $0.wording.resolved(t)) })]
    }

    // MARK: Medications

    var medications: [ReportBlock] {
        var blocks: [ReportBlock] = [.subheading(t("discharge.medications"))]
        guard !summary.medications.isEmpty else { return blocks + [.nothing(t("discharge.medications_none"))] }
        blocks.append(.paragraph(t("discharge.medications_given")))
        blocks.append(.table(ReportTable(
            columns: [ReportColumn(t("handover.col.drug")), ReportColumn(t("discharge.col.schedule")),
                      ReportColumn(t("discharge.col.course")), ReportColumn(t("discharge.col.doses"))],
            rows: summary.medications.map { m in
                [t.dose(m.medication), t.schedule(m.medication.schedule), course(m), doses(m)]
            })))
        let open = summary.medications.filter(\.openAtEnd)
        blocks.append(.paragraph(t(summary.isDischarged ? "discharge.continue" : "discharge.continue_now")))
        if open.isEmpty {
            blocks.append(.nothing(t(summary.isDischarged ? "discharge.continue_none" : "discharge.continue_none_now")))
        } else {
            blocks.append(.table(ReportTable(
                columns: [ReportColumn(t("handover.col.drug")), ReportColumn(t("discharge.col.schedule")),
                          ReportColumn(t("discharge.col.last_dose"))],
                rows: open.map { m in
                    [t.dose(m.medication) + (m.medication.isPaused ? " " + t("discharge.paused") : ""),
                     t.schedule(m.medication.schedule), lastDose(m)]
                })))
        }
        blocks.append(.notice(t("discharge.continue_caveat")))
        return blocks
    }

    /// "2026-11-17 – 2026-11-20", "from 2026-11-17".
    func course(_ m: DischargeMedication) -> String {
        let start = times.date(CalendarDay(m.medication.startsAt, in: timeZone))
        guard let end = m.medication.endsAt, end <= summary.end else { return t("discharge.course_open", start) }
        return t("discharge.course", start, times.date(CalendarDay(end, in: timeZone)))
    }

    /// "12 given; 1 withheld, 2 missed", "3 as needed".
    func doses(_ m: DischargeMedication) -> String {
        if m.medication.schedule.isAsNeeded { return t("discharge.doses_as_needed", m.asNeededGiven) }
        let a = m.adherence
        var text = t("discharge.doses_given", a.given)
        let withheld = a.withheld + a.withheldClinical
        if withheld > 0 { text += "; " + t("discharge.doses_withheld", withheld) }
        if a.missed > 0 { text += "; " + t("discharge.doses_missed", a.missed) }
        if m.asNeededGiven > 0 { text += "; " + t("discharge.doses_as_needed", m.asNeededGiven) }
        return text
    }

    /// The last dose as charted: an as-needed dose's own amount; a scheduled slot records only
    /// that it was given, so its amount is the prescription's, said so.
    func lastDose(_ m: DischargeMedication) -> String {
        guard let last = m.lastGiven else { return t("discharge.last_dose_none") }
        let unit = t.doseUnit(m.medication.doseUnit)
        if let amount = last.amount {
            return t("discharge.last_dose_amount", NumberText.rounded(amount, digits: 3), unit, dayAndTime(last.at))
        }
        return t("discharge.last_dose_slot", dayAndTime(last.at), NumberText.rounded(m.medication.doseAmount, digits: 3), unit)
    }

    // MARK: Results and who cared

    var results: [ReportBlock] {
        let items = summary.calculatorResults.map { (at: $0.savedAt, text: t("handover.calculator", $0.toolId, $0.summary)) }
            + summary.strokeAssessments.map { (at: $0.assessedAt, text: t("handover.stroke", $0.module, $0.summary)) }
        guard !items.isEmpty else { return [.subheading(t("handover.results")), .nothing(t("discharge.results_none"))] }
        return [.subheading(t("handover.results")),
                .list(items.sorted { $0.at < $1.at }.map { "\(dayAndTime($0.at)) \($0.text)" })]
    }

    /// One line per member: who, their role, how many entries and the days between their first and last.
    var caredBy: [ReportBlock] {
        guard !summary.caredBy.isEmpty else { return [.subheading(t("discharge.cared_by")), .nothing(t("discharge.cared_by_none"))] }
        return [.subheading(t("discharge.cared_by")), .table(ReportTable(
            columns: [ReportColumn(t("discharge.col.staff")), ReportColumn(t("discharge.col.role")),
                      ReportColumn(t("discharge.col.entries"), alignment: .trailing), ReportColumn(t("discharge.col.first")),
                      ReportColumn(t("discharge.col.last"))],
            rows: summary.caredBy.map { carer in
                let member = summary.staff[carer.staffId]
                return [member.map { "\($0.name) (\($0.initials))" } ?? t("discharge.staff_unknown"),
                        member.map { t("staff.role.\($0.role.rawValue)") } ?? "", String(carer.entries),
                        times.date(CalendarDay(carer.first, in: timeZone)), times.date(CalendarDay(carer.last, in: timeZone))]
            }))]
    }

    func dayAndTime(_ date: Date) -> String { times.dateTime(date) }

    /// Dates and times in the report's language, made once.
    let times: ReportTimes
}
