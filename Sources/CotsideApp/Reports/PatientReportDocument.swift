import Clinical
import Foundation
import ReportKit
import WardStore

/// A `PatientReport` in words: the patient's details, the measurements as charts with their goal
/// bands and growth centiles, each day's nappies and intake, the medications with adherence over
/// the period and the effectiveness verdict, and who charted (with the corrections the audit
/// trail holds). Every section carries the patient line, so each printed page names the baby.
/// Pure: the same report and words give the same document, on screen, in a file and on paper.
public struct PatientReportDocument {
    public let report: PatientReport
    let t: Localizer
    /// Who made it and when, for the stamp on every page.
    public let madeBy: Staff
    public let madeAt: Date

    public init(_ report: PatientReport, localizer: Localizer, madeBy: Staff, madeAt: Date) {
        self.report = report
        self.t = localizer
        self.times = ReportTimes(localizer, timeZone: report.request.timeZone)
        self.madeBy = madeBy
        self.madeAt = madeAt
    }

    var request: PatientReportRequest { report.request }
    var timeZone: TimeZone { request.timeZone }
    var patient: Patient { report.patient }
    var glucoseUnit: GlucoseUnit { report.settings.glucoseUnit }

    /// The kinds charted, in the Trends screen's order (growth first, then the vital signs).
    static let chartedKinds: [MeasurementKind] = [.weight, .length, .headCircumference, .temperature, .heartRate,
                                                  .respiratoryRate, .spo2, .bloodPressure, .glucose, .pain]

    public var document: ReportDocument {
        let stamp = ReportStamp(
            ward: report.settings.wardName,
            madeAt: times.stamped(madeAt),
            madeBy: t("handover.made_by", madeBy.name, madeBy.initials, t("staff.role.\(madeBy.role.rawValue)")),
            software: "Cotside " + CotsideVersion.string,
            period: t("handover.period", dayAndTime(request.from), dayAndTime(request.to)), instant: madeAt)
        let line = HandoverDocument.patientLine(patient, t)
        let sections = [
            ReportSection(heading: t("report.patient.details_heading", patient.bedLabel, patient.fullName), patient: line,
                          blocks: [.facts(details())]),
            ReportSection(heading: t("report.patient.measurements"), patient: line, blocks: measurements()),
            ReportSection(heading: t("report.patient.days"), patient: line, blocks: days()),
            ReportSection(heading: t("report.patient.medications"), patient: line, blocks: medications()),
            ReportSection(heading: t("report.patient.charting"), patient: line, blocks: charting()),
        ]
        return ReportDocument(title: t("report.patient.title"), stamp: stamp, sections: sections).localized(t)
    }

    // MARK: Details

    func details() -> [ReportFact] {
        var facts = [
            ReportFact(t("report.patient.name"), patient.fullName),
            ReportFact(t("report.patient.bed"), patient.bedLabel),
            ReportFact(t("report.patient.hospital_number"), patient.hospitalNumber),
            ReportFact(t("report.patient.born"), times.date(patient.dateOfBirth)
                       + (patient.timeOfBirth.map { " " + $0.description } ?? "")),
            ReportFact(t("report.patient.sex"), t("report.patient.sex.\(patient.sex.rawValue)")),
        ]
        if let weeks = patient.gestationalAgeWeeks {
            facts.append(ReportFact(t("report.patient.gestation"), t("report.patient.gestation_value", weeks, patient.gestationalAgeDays ?? 0)))
        }
        if let grams = patient.birthWeightGrams {
            facts.append(ReportFact(t("report.patient.birth_weight"), HandoverDocument.kg(grams)))
        }
        var age = report.age.wording.text
        if let weeks = report.age.correctedGestationWeeks, let days = report.age.correctedGestationDays {
            age = t("handover.age_corrected", age, weeks, days)
        }
        facts.append(ReportFact(t("report.patient.age"), t("report.patient.age_at", age, dayAndTime(request.to))))
        facts.append(ReportFact(t("report.patient.admitted"), dayAndTime(patient.admittedAt)))
        if let discharged = patient.dischargedAt {
            facts.append(ReportFact(t("report.patient.discharged"), dayAndTime(discharged)))
        }
        if let end = report.weightAtEnd {
            var text = t("handover.weight_at", HandoverDocument.kg(end.grams), dayAndTime(end.at))
            if let start = report.weightAtStart, start.at < end.at {
                text += "; " + t("report.patient.weight_change", HandoverDocument.signed(Double(end.grams - start.grams), digits: 0),
                                 dayAndTime(start.at))
            }
            if let birth = patient.birthWeightGrams, birth > 0 {
                text += "; " + t("handover.weight_since_birth",
                                 HandoverDocument.signed(Double(end.grams - birth) / Double(birth) * 100, digits: 1))
            }
            facts.append(ReportFact(t("report.patient.weight"), text))
        } else {
            facts.append(ReportFact(t("report.patient.weight"), t("handover.weight_none")))
        }
        return facts
    }

    // MARK: Measurements

    func measurements() -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        if report.bucketed {
            blocks.append(.paragraph(t(request.to.timeIntervalSince(request.from) <= 14 * 86_400 ? "report.patient.bucketed_quarter" : "report.patient.bucketed_day")))
        }
        var missing: [String] = []
        for kind in Self.chartedKinds {
            guard let readings = report.readings[kind], !readings.isEmpty else {
                missing.append(t("measurement.kind.\(kind.rawValue)"))
                continue
            }
            blocks.append(.chart(chart(kind, readings)))
            if let note = growthNote(kind) { blocks.append(.paragraph(note)) }
        }
        if !missing.isEmpty {
            blocks.append(.nothing(t("report.patient.no_readings", missing.joined(separator: ", "))))
        }
        return blocks
    }

    func chart(_ kind: MeasurementKind, _ readings: [TrendReading]) -> ReportChart {
        let scale = CotInsights.scale(kind, glucoseUnit)
        let name = t("trends.kind.\(kind.rawValue)")
        let x = { (date: Date) in date.timeIntervalSince(request.from) }
        var series = [ReportSeries(name: kind == .bloodPressure ? t("trends.bp.systolic") : name,
                                   points: readings.map { ReportPoint(x: x($0.at), y: scale($0.mean)) })]
        if kind == .bloodPressure {
            series.append(ReportSeries(name: t("trends.bp.diastolic"), points: readings.compactMap { r in
                r.diastolic.map { ReportPoint(x: x(r.at), y: $0) }
            }))
        }
        var bands: [ReportBand] = []
        if let goal = report.goals[kind], let low = goal.low, let high = goal.high {
            bands.append(ReportBand(label: t("report.patient.goal_band"), low: scale(low), high: scale(high)))
        }
        if let centiles = centiles(kind) {
            for (label, value) in [("3", \GrowthCentiles.Point.low), ("50", \.middle), ("97", \.high)] {
                series.append(ReportSeries(name: t("report.patient.centile_\(label)"), points: centiles.points.map { p in
                    ReportPoint(x: x(dayMiddle(p.day)), y: scale(p[keyPath: value]))
                }))
            }
        }
        return ReportChart(title: name, unit: CotInsights.unit(kind, glucoseUnit), series: series, bands: bands,
                           xLabels: ticks(), span: request.to.timeIntervalSince(request.from))
    }

    /// The growth centiles of weight and length on each day of the period (nil for other kinds,
    /// or when no chart applies: sex unknown, before 27 weeks' postmenstrual age).
    func centiles(_ kind: MeasurementKind) -> GrowthCentiles? {
        let indicator: GrowthIndicator? = kind == .weight ? .weightForAge : kind == .length ? .lengthForAge : nil
        guard let indicator,
              let centiles = GrowthCentiles.of(indicator, patient: patient, days: report.days.map(\.totals.label)),
              !centiles.points.isEmpty else { return nil }
        return centiles
    }

    /// Under a growth chart: which centile chart the lines come from, or why there are none.
    func growthNote(_ kind: MeasurementKind) -> String? {
        guard [.weight, .length, .headCircumference].contains(kind) else { return nil }
        if let centiles = centiles(kind) { return t("report.patient.centiles_from", centiles.name { t($0) }) }
        if kind == .headCircumference { return t("trends.who.no_table") }
        return t(patient.sex == .unknown ? "trends.who.no_sex" : "trends.who.preterm")
    }

    /// Noon of a day (its centile point), clamped to the period so every point is on the chart.
    func dayMiddle(_ day: CalendarDay) -> Date {
        guard let cut = report.days.first(where: { $0.totals.label == day })?.totals.day else { return request.from }
        return cut.start.addingTimeInterval(cut.end.timeIntervalSince(cut.start) / 2)
    }

    /// A tick at each ward day's start ("11-21"), thinned to about ten.
    func ticks() -> [ReportTick] {
        let step = max(1, Int((Double(report.days.count) / 10).rounded(.up)))
        return stride(from: 0, to: report.days.count, by: step).map { i in
            let day = report.days[i].totals
            return ReportTick(x: day.day.start.timeIntervalSince(request.from), label: times.dayMonth(day.label))
        }
    }

    // MARK: Days

    func days() -> [ReportBlock] {
        let dry = report.settings.dryNappyWeightGrams
        let columns = [ReportColumn(t("report.patient.col.day")), ReportColumn(t("report.patient.col.hours"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.wet"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.dirty"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.urine"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.intake"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.intake_per_kg"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.feeds"), alignment: .trailing),
                       ReportColumn(t("report.patient.col.output"), alignment: .trailing)]
        let onWard = report.days.filter { $0.totals.stayHours > 0 }
        guard !onWard.isEmpty else { return [.nothing(t("report.patient.days_none"))] }
        var rows = onWard.map { day -> [String] in
            let d = day.totals
            return [times.date(d.label), HandoverDocument.number(d.stayHours, digits: 1), String(d.wet), String(d.dirty),
                    day.urineMLPerKgPerHour(dryNappyWeightGrams: dry).map { HandoverDocument.number($0, digits: 1) } ?? "–",
                    d.hasIntake ? HandoverDocument.number(d.feedML, digits: 0) : "–",
                    day.intakeMLPerKg.map { HandoverDocument.number($0, digits: 0) } ?? "–",
                    String(d.feeds), d.outputML > 0 ? HandoverDocument.number(d.outputML, digits: 0) : "–"]
        }
        let total = onWard.map(\.totals)
        rows.append([t("report.patient.total"), HandoverDocument.number(total.map(\.stayHours).reduce(0, +), digits: 1),
                     String(total.map(\.wet).reduce(0, +)), String(total.map(\.dirty).reduce(0, +)), "",
                     HandoverDocument.number(total.map(\.feedML).reduce(0, +), digits: 0), "",
                     String(total.map(\.feeds).reduce(0, +)), HandoverDocument.number(total.map(\.outputML).reduce(0, +), digits: 0)])
        return [.paragraph(t("report.patient.days_intro")), .table(ReportTable(columns: columns, rows: rows))]
    }

    // MARK: Medications

    func medications() -> [ReportBlock] {
        guard !report.medications.isEmpty else { return [.nothing(t("report.patient.medications_none"))] }
        let rows = report.medications.map { m -> [String] in
            var drug = t.dose(m.medication)
            if m.medication.schedule.isAsNeeded { drug += " " + t("report.patient.as_needed") }
            if m.medication.isPaused { drug += " " + t("report.patient.paused") }
            return [drug, adherence(m), effectiveness(m), latest(m)]
        }
        return [.paragraph(t("report.patient.medications_intro")),
                .table(ReportTable(columns: [ReportColumn(t("report.patient.col.medication")),
                                             ReportColumn(t("report.patient.col.adherence")),
                                             ReportColumn(t("report.patient.col.effectiveness")),
                                             ReportColumn(t("report.patient.col.latest"))], rows: rows))]
    }

    func adherence(_ m: PatientReportMedication) -> String {
        if m.medication.schedule.isAsNeeded { return t(m.asNeededGiven == 1 ? "report.patient.given_once" : "report.patient.given_times", m.asNeededGiven) }
        let a = m.periodAdherence
        // Adherence counts decided doses only; an overdue dose is not decided yet, but it is due,
        // and "no dose was due" for it read as nothing to do.
        let overdue = m.row.overdueSlots > 0 ? t("report.patient.overdue_at_end", m.row.overdueSlots) : nil
        guard let percent = a.percent else {
            return overdue.map { t("report.patient.nothing_recorded_yet") + "; " + $0 } ?? t("report.patient.nothing_due")
        }
        var text = t("report.patient.adherence_value", percent, a.given, a.due)
        if let overdue { text += "; " + overdue }
        if a.withheld > 0 { text += "; " + t("report.patient.withheld", a.withheld) }
        if a.missed > 0 { text += "; " + t("report.patient.missed", a.missed) }
        if a.withheldClinical > 0 { text += "; " + t("report.patient.withheld_clinical", a.withheldClinical) }
        if a.paused > 0 { text += "; " + t("report.patient.in_pause", a.paused) }
        return text
    }

    func effectiveness(_ m: PatientReportMedication) -> String {
        // Antibiotics are not judged: said as the Medications tab says it.
        if Effectiveness.notJudged(m.medication.category) != nil { return t("effect.not_judged.\(m.medication.category.rawValue)") }
        guard let result = m.row.effectiveness else { return t("report.patient.not_judged") }
        var text = t("report.patient.verdict", t("effect.\(result.verdict.rawValue)"), result.confidencePercent)
        if let reason = result.reason { text += ": " + reason }
        return text
    }

    func latest(_ m: PatientReportMedication) -> String {
        guard let latest = m.row.latest else { return t("report.patient.latest_none") }
        var text = t("handover.outcome.\(latest.status.rawValue)") + " " + dayAndTime(latest.at)
        if let reason = latest.withheldReason { text += " (" + t.withheldReason(reason) + ")" }
        return text
    }

    // MARK: Who charted and the audit

    func charting() -> [ReportBlock] {
        var blocks: [ReportBlock] = [.subheading(t("handover.charted_by"))]
        if report.chartedBy.isEmpty {
            blocks.append(.nothing(t("report.patient.charted_by_none")))
        } else {
            blocks.append(.list(report.chartedBy.map { author in
                guard let member = report.staff[author.staffId] else { return t("handover.author_unknown", author.entries) }
                return t(author.entries == 1 ? "handover.author_one" : "handover.author", member.name, member.initials,
                         t("staff.role.\(member.role.rawValue)"), author.entries)
            }))
            blocks.append(.facts(HistoryEventKind.allCases.compactMap { kind in
                report.entriesByKind[kind].map { ReportFact(t("report.patient.kind.\(kind.rawValue)"), String($0)) }
            }))
        }
        blocks.append(.subheading(t("report.patient.audit")))
        blocks.append(.paragraph(t("report.patient.audit_created", report.createdEntries)))
        guard !report.corrections.isEmpty else {
            blocks.append(.nothing(t("report.patient.corrections_none")))
            return blocks
        }
        blocks.append(.table(ReportTable(
            columns: [ReportColumn(t("handover.col.time")), ReportColumn(t("handover.col.by")),
                      ReportColumn(t("report.patient.col.change"))],
            rows: report.corrections.map { row in
                [dayAndTime(row.entry.at), row.staffInitials ?? "—", correction(row.entry)]
            })))
        return blocks
    }

    /// "Nappy change changed: kind, notes", as the audit trail on screen says it.
    func correction(_ entry: AuditEntry) -> String {
        let done = t("audit.record", t("audit.entity.\(entry.entity.rawValue)"), t("audit.action.\(entry.action.rawValue)"))
        if AuditDiff.isRedacted(entry.beforeJSON) || AuditDiff.isRedacted(entry.afterJSON) { return t("audit.record.redacted", done) }
        guard entry.action == .update || entry.action == .revert else { return done }
        let fields = AuditDiff.changes(before: entry.beforeJSON, after: entry.afterJSON).map { AuditWords.fieldName($0.field) }
        return fields.isEmpty ? done : t("audit.record.fields", done, fields.joined(separator: ", "))
    }

    // MARK: Times

    func dayAndTime(_ date: Date) -> String { times.dateTime(date) }

    /// Dates and times in the report's language, made once.
    let times: ReportTimes
}
