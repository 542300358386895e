import Clinical
import Foundation
import ReportKit
import WardStore

/// A stroke triage assessment in words, for the stroke team's page: the assessment (who, when,
/// which module, under which patient), the inputs by their labels and units, the results (ICH
/// volume and its band, 30-day mortality, LVO probability and its band, the drivers of the LVO
/// logit, the suggested destination), the nearest suitable centres, and the research-use-only
/// statement. Every section carries the patient line, so every page names the patient. Pure.
public struct StrokeReportDocument {
    public let subject: StrokeReportSubject
    /// The referral list in force (starter list and the ward's own).
    let centres: [StrokeCentre]
    let wardName: String
    let t: Localizer
    public let madeBy: Staff
    public let madeAt: Date
    let timeZone: TimeZone

    /// The centres listed under the results (the centres screen and `cotside centres` have the rest).
    static let centresListed = 3

    public init(_ subject: StrokeReportSubject, centres: [StrokeCentre], wardName: String, localizer: Localizer,
                madeBy: Staff, madeAt: Date, timeZone: TimeZone) {
        self.subject = subject
        self.centres = centres
        self.wardName = wardName
        self.t = localizer
        self.madeBy = madeBy
        self.madeAt = madeAt
        self.timeZone = timeZone
    }

    public var document: ReportDocument {
        let stamp = ReportStamp(
            ward: wardName,
            madeAt: stampedTime(madeAt),
            madeBy: t("handover.made_by", madeBy.name, madeBy.initials, t("staff.role.\(madeBy.role.rawValue)")),
            software: "Cotside " + CotsideVersion.string, instant: madeAt)
        let patient = subject.patient.map { HandoverDocument.patientLine($0, t) }
        return ReportDocument(title: t("stroke_report.title"), stamp: stamp, sections: [
            ReportSection(heading: t("stroke_report.section.assessment"), patient: patient, blocks: assessment()),
            ReportSection(heading: t("stroke_report.section.inputs"), patient: patient, blocks: inputs()),
            ReportSection(heading: t("stroke_report.section.results"), patient: patient, blocks: results()),
            ReportSection(heading: t("stroke_report.section.centres"), patient: patient, blocks: nearestCentres()),
        ]).localized(t)
    }

    // MARK: The assessment

    func assessment() -> [ReportBlock] {
        let record: String
        switch subject.record {
        case .stored(let id): record = t("stroke_report.record.stored", id)
        case .saved: record = t("stroke_report.record.saved")
        case .unsaved: record = t("stroke_report.record.unsaved")
        }
        let by = subject.assessedBy.map { t("handover.made_by", $0.name, $0.initials, t("staff.role.\($0.role.rawValue)")) }
            ?? t("stroke_report.by_unknown")
        let patient = subject.patient.map {
            t(subject.record == .unsaved ? "stroke_report.patient_unsaved_value" : "stroke_report.patient_value",
              $0.fullName, $0.bedLabel, $0.hospitalNumber)
        } ?? t(subject.record == .unsaved ? "stroke_report.patient_unsaved_none" : "stroke_report.patient_none")
        var blocks: [ReportBlock] = [.facts([
            ReportFact(t("stroke_report.record"), record, flagged: subject.record == .unsaved),
            ReportFact(t("stroke_report.assessed"), stampedTime(subject.assessedAt)),
            ReportFact(t("stroke_report.assessed_by"), by),
            ReportFact(t("stroke_report.module"), t("stroke_report.module.\(subject.module.rawValue)")),
            ReportFact(t("stroke_report.patient"), patient),
        ])]
        if subject.record == .unsaved { blocks.append(.notice(t("stroke_report.unsaved_notice"))) }
        return blocks
    }

    // MARK: Inputs

    func inputs() -> [ReportBlock] {
        let values = subject.inputs
        let spec = StrokeTriage.spec(for: subject.module).localized(t)
        var blocks: [ReportBlock] = [.facts(spec.inputs.map { input in
            ReportFact(input.label, words(values[input.key], input))
        })]
        let items = FastEdTool.spec.localized(t).inputs.filter { values["fast_ed_" + $0.key] != nil }
        if subject.module == .full {
            blocks.append(.subheading(t("stroke_report.fast_ed_items")))
            blocks.append(items.isEmpty ? .nothing(t("stroke_report.fast_ed_typed"))
                          : .facts(items.map { ReportFact($0.label, words(values["fast_ed_" + $0.key], $0)) }))
        }
        return blocks
    }

    /// An input's value in words: a number with its unit, yes or no, a criterion's points and
    /// wording; "not recorded" when the stored inputs lack it.
    func words(_ value: StoredJSONValue?, _ input: InputSpec) -> String {
        guard let value, value != .null else {
            // A yes/no finding left out was absent (the module reads it as no).
            return input.kind == .boolean ? t("stroke_report.no") : t("stroke_report.not_recorded")
        }
        switch input.kind {
        case .boolean:
            guard let yes = value.isYes else { return t("stroke_report.not_recorded") }
            return yes ? t("stroke_report.yes") : t("stroke_report.no")
        case .choice(let options):
            guard let points = value.number else { return t("stroke_report.not_recorded") }
            let wording = options.first { Double($0.value) == points }?.descriptor
            return wording.map { t("stroke_report.points_wording", NumberText.plain(points), $0) }
                ?? t("stroke_report.points", NumberText.plain(points))
        default:
            if let number = value.number { return NumberText.plain(number) + (input.unit.map { " " + $0 } ?? "") }
            return value.word ?? t("stroke_report.not_recorded")
        }
    }

    // MARK: Results

    func results() -> [ReportBlock] {
        let r = subject.result
        var facts: [ReportFact] = []
        if let volume = r["volume_ml"]?.number {
            let severity = r["severity"]?.word ?? ""
            let severityWords = t.has("calc.ich_volume.severity.\(severity)") ? t("calc.ich_volume.severity.\(severity)") : severity
            facts.append(ReportFact(t("stroke_report.ich_volume"),
                                    t("stroke_report.ich_volume_value", NumberText.rounded(volume, digits: 1), severityWords),
                                    flagged: ["large", "critical"].contains(severity)))
        } else {
            facts.append(ReportFact(t("stroke_report.ich_volume"), t("stroke_report.not_recorded")))
        }
        if let mortality = r["mortality_range"]?.word {
            facts.append(ReportFact(t("stroke_report.mortality"), mortality))
        }
        if let probability = r["lvo_probability"]?.number {
            let band = r["lvo_risk_band"]?.word.flatMap(StrokeRiskBand.init(rawValue:)) ?? StrokeRiskBand.of(probability: probability)
            var value = t("stroke_report.lvo_value", NumberText.rounded(probability * 100, digits: 0), t("stroke.band.\(band.rawValue)"))
            if let above = r["lvo_above_threshold"]?.isYes {
                value += " · " + t(above ? "stroke_report.lvo_above" : "stroke_report.lvo_below")
            }
            facts.append(ReportFact(t("stroke_report.lvo"), value, flagged: band.severity == .danger))
        } else {
            facts.append(ReportFact(t("stroke_report.lvo"), t("stroke_report.lvo_full_only")))
        }
        facts.append(ReportFact(t("stroke_report.ich_probability"), t("stroke_report.ich_probability_offline")))
        if let capability = suggestedCapability {
            facts.append(ReportFact(t("stroke_report.destination"), t("stroke.capability.\(capability.rawValue)")))
        }
        var blocks: [ReportBlock] = [.notice(StrokeTriage.researchText.resolved(t)), .facts(facts)]
        if case .texts(let warnings)? = r["warnings"], !warnings.isEmpty {
            blocks.append(.subheading(t("stroke_report.warnings")))
            blocks.append(.list(warnings.map(warning)))
        }
        blocks.append(.paragraph(t("stroke.picture.bands")))
        blocks += drivers()
        return blocks
    }

    /// The signed contributions to the LVO logit: what raised or lowered the probability.
    func drivers() -> [ReportBlock] {
        let r = subject.result
        var blocks: [ReportBlock] = [.subheading(t("stroke_report.drivers"))]
        guard let logit = r["lvo_logit"]?.number else {
            blocks.append(.nothing(t("stroke.results.drivers_full_only")))
            return blocks
        }
        let fast = r["lvo_fast_ed_contribution"]?.number ?? 0, gfap = r["lvo_gfap_contribution"]?.number ?? 0
        let rows: [(String, Double)] = [("FAST-ED", fast), ("GFAP", gfap), (t("stroke.results.baseline"), logit - fast - gfap)]
        blocks.append(.table(ReportTable(
            columns: [ReportColumn(t("stroke_report.col.driver")), ReportColumn(t("stroke_report.col.contribution"), alignment: .trailing),
                      ReportColumn(t("stroke_report.col.effect"))],
            rows: rows.map { name, value in
                [name, Self.signed(value), value > 0 ? t("stroke.results.raises") : value < 0 ? t("stroke.results.lowers") : ""]
            } + [[t("stroke_report.logit"), Self.signed(logit), ""]])))
        blocks.append(.paragraph(t("stroke.results.bands")))
        return blocks
    }

    /// A stored warning in the report's language: the contract keeps the model's English
    /// sentence, so it is read back against the warnings the stroke modules can give (their
    /// catalogue keys) and worded again; a sentence none of them matches is shown as stored.
    func warning(_ stored: String) -> String {
        for known in IchVolumeTool.gfapWarningTexts(.infinity) {
            let parts = known.english.components(separatedBy: "{0}")
            guard parts.count == 2, stored.hasPrefix(parts[0]), stored.hasSuffix(parts[1]),
                  stored.count >= parts[0].count + parts[1].count else { continue }
            let value = String(stored.dropFirst(parts[0].count).dropLast(parts[1].count))
            return ClinicalText(known.key, known.english, plain: [value]).resolved(t)
        }
        return stored
    }

    var suggestedCapability: StrokeCapability? {
        subject.result["suggested_capability"]?.word.flatMap(StrokeCapability.init(rawValue:))
    }

    // MARK: Centres

    func nearestCentres() -> [ReportBlock] {
        guard let near = subject.near else { return [.nothing(t("stroke_report.centres_no_location"))] }
        guard case .success(let point) = StrokeCentreSearch.resolve(near, in: centres) else {
            return [.nothing(t("stroke_report.centres_unknown_place", near))]
        }
        let capability = suggestedCapability ?? .thrombolysis
        let nearest = StrokeCentreSearch.nearest(centres, to: point, capability: capability).prefix(Self.centresListed)
        guard !nearest.isEmpty else { return [.nothing(t("stroke.results.centres_none", near))] }
        return [
            .paragraph(t("stroke_report.centres_near", near, t("stroke.capability.\(capability.rawValue)"))),
            .table(ReportTable(
                columns: [ReportColumn(t("stroke_report.col.distance"), alignment: .trailing), ReportColumn(t("stroke_report.col.centre")),
                          ReportColumn(t("stroke_report.col.address")), ReportColumn(t("stroke_report.col.phone")),
                          ReportColumn(t("stroke_report.col.capabilities"))],
                rows: nearest.map { row in
                    let c = row.centre
                    let phone = c.emergencyPhone.map { t("stroke.centres.emergency", $0) } ?? c.phone.map { t("stroke.centres.phone", $0) } ?? ""
                    let capabilities = c.capabilities.isEmpty ? t("stroke.cap.none")
                        : c.capabilities.map { t("stroke.cap.\($0.rawValue)") }.joined(separator: ", ")
                    return [String(format: "%.1f km", row.kilometres), "\(c.name) (\(t("stroke.type.\(c.type.rawValue)")))",
                            c.address ?? c.city, phone, capabilities]
                })),
        ]
    }

    // MARK: Words for numbers and times

    /// "2026-11-21 14:05 GMT": ward time with its zone, as the stamp says it.
    func stampedTime(_ date: Date) -> String { ReportTimes(t, timeZone: timeZone).stamped(date) }

    /// "+1.23", "−0.40" (a real minus sign).
    static func signed(_ value: Double) -> String {
        let text = NumberText.rounded(abs(value), digits: 2)
        return Double(text) == 0 ? text : (value < 0 ? "−" : "+") + text
    }
}
