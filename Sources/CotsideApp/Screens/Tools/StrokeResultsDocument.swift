import Clinical
import Foundation
import TerminalUI

/// The stroke results as one tall page, drawn into its own cell buffer that the results screen
/// shows a window of: the save state, the input summary, the LVO and ICH risk rings side by
/// side, the ICH volume with the brain picture, the signed drivers, the nearest suitable
/// centres and the research-use statement. A pure function of what it is given.
@MainActor
struct StrokeResultsDocument {
    /// What the page shows.
    struct Model {
        var assessment: StrokeAssessmentResult
        var inputs: [String: RawValue]
        /// The FAST-ED sub-form's items (full module), nil when FAST-ED was not itemised.
        var fastEdItems: [String: RawValue]?
        var assessedAt: Date
        /// One line about saving: who it will be saved under, or where it was saved.
        var saveLine: (text: String, role: StyleRole)
        /// Where the user is, as typed, and the suitable centres nearest to it (nil: not asked).
        var near: String?
        var nearest: [StrokeCentreDistance]
    }

    /// One piece of the page: a line of text, or a widget `height` rows tall.
    enum Block {
        case line(String, StyleRole, bold: Bool = false)
        case widget(height: Int, draw: (Rect, inout Buffer) -> Void)

        var height: Int {
            switch self {
            case .line: return 1
            case .widget(let height, _): return height
            }
        }
    }

    let model: Model
    let context: AppContext

    /// The number of centres listed under the results (the centres screen has the rest).
    static let centresShown = 3

    /// The whole page `width` columns wide.
    func render(width: Int) -> Buffer {
        let blocks = self.blocks(width: width)
        var buffer = Buffer(width: width, height: blocks.reduce(0) { $0 + $1.height })
        var y = 0
        for block in blocks {
            switch block {
            case .line(let text, let role, let bold):
                buffer.put(text, in: Rect(x: 0, y: y, width: width, height: 1), role: role,
                           attributes: bold ? [.bold] : [], ellipsis: context.glyphs.ellipsis)
            case .widget(let height, let draw):
                draw(Rect(x: 0, y: y, width: width, height: height), &buffer)
            }
            y += block.height
        }
        return buffer
    }

    func blocks(width: Int) -> [Block] {
        var out: [Block] = []
        let module = context.t("stroke.module.\(model.assessment.module.rawValue)")
        out.append(.line("\(context.t("stroke.results.title")) — \(module)", .header, bold: true))
        for line in Self.wrapIndented(model.saveLine.text, width: width, hanging: 2) { out.append(.line(line, model.saveLine.role)) }
        out.append(.line("", .normal))
        out += inputSummary(width: width)
        out.append(.line("", .normal))
        out += gauges(width: width)
        out.append(.line("", .normal))
        out += volume(width: width)
        out.append(.line("", .normal))
        out += drivers(width: width)
        out.append(.line("", .normal))
        out += centres(width: width)
        out.append(.line("", .normal))
        for line in TextWrap.wrap("\(context.glyphs.statusWarning) \(StrokeTriage.researchText.resolved(context.localizer))", width: max(1, width)) {
            out.append(.line(line, .warning))
        }
        return out
    }

    /// `text` wrapped to `width`, each continuation indented like the first line (plus `hanging`).
    static func wrapIndented(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        let indent = text.prefix { $0 == " " }.count
        let body = String(text.dropFirst(indent))
        let pad = String(repeating: " ", count: indent)
        return TextWrap.wrap(body, width: max(1, width - indent - hanging)).enumerated().map { i, line in
            pad + (i == 0 ? "" : String(repeating: " ", count: hanging)) + line
        }
    }

    // MARK: - Sections

    /// A labelled summary line, wrapped under its label.
    private func labelled(_ label: String, _ text: String, width: Int, role: StyleRole = .normal) -> [Block] {
        let pad = 16
        let head = "  " + TextWidth.fit(label, to: pad - 2)
        return TextWrap.wrap(text, width: max(1, width - pad)).enumerated().map { i, line in
            .line((i == 0 ? head : String(repeating: " ", count: pad)) + line, role)
        }
    }

    private func word(_ value: RawValue?, unit: String?) -> String? {
        switch value {
        case .number(let d)?: return context.format.decimals(NumberText.plain(d)) + (unit.map { " \($0)" } ?? "")
        case .string(let s)?:
            let t = s.trimmingCharacters(in: .whitespaces)
            return t.isEmpty ? nil : t + (unit.map { " \($0)" } ?? "")
        case .bool(let b)?: return b ? context.t("dialog.yes").lowercased() : context.t("dialog.no").lowercased()
        case .null?, nil: return nil
        }
    }

    private func inputSummary(width: Int) -> [Block] {
        var out: [Block] = [.line(context.t("stroke.results.inputs"), .header, bold: true)]
        out += labelled(context.t("stroke.results.assessed"),
                        context.timeText.dayAndTime(model.assessedAt) + " · " + context.t("stroke.module.\(model.assessment.module.rawValue)"),
                        width: width)
        let spec = StrokeTriage.spec(for: model.assessment.module).localized(context.localizer)
        let gfapUnit = spec.inputs.first { $0.key == "gfap_pg_ml" }?.unit
        out += labelled("GFAP", word(model.inputs["gfap_pg_ml"], unit: gfapUnit) ?? "—", width: width)
        if model.assessment.module == .full {
            let score = word(model.inputs["fast_ed"], unit: nil) ?? "—"
            var text = context.t("stroke.results.fast_ed_total", score)
            if let items = model.fastEdItems {
                let parts = FastEdTool.spec.localized(context.localizer).inputs.compactMap { input -> String? in
                    word(items[input.key], unit: nil).map { "\(input.label.lowercased()) \($0)" }
                }
                text += ": " + parts.joined(separator: " · ")
            } else {
                text += " " + context.t("stroke.results.fast_ed_typed")
            }
            out += labelled("FAST-ED", text, width: width)
        }
        // Numbers as they are; of the yes/no findings, the ones present (the rest were absent).
        let rest = spec.inputs.filter { !["gfap_pg_ml", "fast_ed"].contains($0.key) }
        let numbers = rest.filter { $0.kind != .boolean }.compactMap { input -> String? in
            word(model.inputs[input.key], unit: input.unit).map { "\(input.label) \($0)" }
        }
        if !numbers.isEmpty { out += labelled(context.t("stroke.results.patient"), numbers.joined(separator: " · "), width: width) }
        let findings = rest.filter { $0.kind == .boolean }
        if !findings.isEmpty {
            let present = findings.filter { input in
                if case .bool(true)? = model.inputs[input.key] { return true }
                if case .string(let s)? = model.inputs[input.key] { return ["yes", "true", "y", "1"].contains(s.lowercased()) }
                return false
            }
            let text = present.isEmpty ? context.t("stroke.results.findings_none", findings.count)
                : context.t("stroke.results.findings_present", present.map { $0.label.lowercased() }.joined(separator: ", "),
                            findings.count - present.count)
            out += labelled(context.t("stroke.results.findings"), text, width: width)
        }
        return out
    }

    private func gauges(width: Int) -> [Block] {
        let g = context.glyphs
        let lvoGauge: RingGauge
        if let p = model.assessment.lvo?.number("probability"), let band = model.assessment.lvoBand {
            lvoGauge = RingGauge(fraction: p, value: "\(NumberText.rounded(p * 100, digits: 0)) %", title: context.t("stroke.results.lvo_title"),
                                 detail: "\(ResultBar.symbol(band.severity, g)) \(context.t("stroke.band.\(band.rawValue)"))",
                                 role: ResultBar.role(band.severity), glyphs: g)
        } else {
            lvoGauge = RingGauge(fraction: nil, value: context.t("stroke.results.na"), title: context.t("stroke.results.lvo_title"),
                                 detail: context.t("stroke.results.lvo_full_only"), glyphs: g)
        }
        let ichGauge = RingGauge(fraction: nil, value: context.t("stroke.results.na"), title: context.t("stroke.results.ich_title"),
                                 detail: context.t("stroke.results.ich_offline"), glyphs: g)
        var out: [Block] = [.widget(height: RingGauge.height) { area, buffer in
            let half = area.width / 2
            lvoGauge.render(in: Rect(x: area.x, y: area.y, width: half, height: area.height), into: &buffer)
            ichGauge.render(in: Rect(x: area.x + half, y: area.y, width: area.width - half, height: area.height), into: &buffer)
        }]
        if model.assessment.lvo != nil {
            for line in TextWrap.wrap(context.t("stroke.results.bands"), width: max(1, width - 2)) { out.append(.line("  " + line, .muted)) }
        }
        return out
    }

    private func volume(width: Int) -> [Block] {
        let g = context.glyphs
        let ich = model.assessment.ichVolume
        let ml = ich.number("volume_ml") ?? 0
        let severity = ich.categories.first { $0.key == "severity" }
        let sevText = severity.map { "\(ResultBar.symbol($0.severity, g)) \(IchVolumeTool.spec.categoryText($0).resolved(context.localizer).lowercased())" } ?? ""
        var out: [Block] = [
            .line("\(context.t("stroke.results.ich_volume")) \(ResultBar.format(.number(ml), wording: context.localizer)) mL  \(sevText)  "
                  + "\(context.t("stroke.results.mortality")) \(ich.word("mortality_range") ?? "")",
                  severity.map { ResultBar.role($0.severity) } ?? .normal, bold: true),
        ]
        for warning in model.assessment.summary.localized(StrokeTriage.spec(for: model.assessment.module), context.localizer).warnings {
            for line in TextWrap.wrap("\(g.statusWarning) \(warning)", width: max(1, width)) { out.append(.line(line, .warning)) }
        }
        let picture = AxialBrainPicture(volumeMl: ml, glyphs: g)
        let inside = AxialBrainPicture.slice.inside.count
        let filled = AxialBrainPicture.haematoma(volumeMl: ml).count
        let percent = context.format.decimals(NumberText.rounded(HaematomaScale.areaFraction(volumeMl: ml) * 100, digits: 1))
        let legend = [
            context.t("stroke.picture.view"),
            context.t("stroke.picture.scale", context.format.decimals(NumberText.plain(HaematomaScale.adultBrainMl))),
            context.t("stroke.picture.this", ResultBar.format(.number(ml), wording: context.localizer), percent, filled, inside),
            context.t("stroke.picture.bands"),
        ]
        let textX = AxialBrainPicture.columns + 3
        let legendLines = legend.flatMap { TextWrap.wrap($0, width: max(1, width - textX)) + [""] }
        let height = max(AxialBrainPicture.rows, legendLines.count)
        out.append(.widget(height: height) { area, buffer in
            picture.render(in: Rect(x: area.x + 1, y: area.y, width: AxialBrainPicture.columns, height: AxialBrainPicture.rows),
                           into: &buffer)
            for (i, line) in legendLines.enumerated() {
                buffer.put(line, in: Rect(x: area.x + textX, y: area.y + i, width: area.width - textX, height: 1), role: .muted,
                           ellipsis: g.ellipsis)
            }
        })
        return out
    }

    private func drivers(width: Int) -> [Block] {
        var out: [Block] = [.line(context.t("stroke.results.drivers"), .header, bold: true)]
        guard let lvo = model.assessment.lvo else {
            out.append(.line("  " + context.t("stroke.results.drivers_full_only"), .muted))
            return out
        }
        let fast = lvo.number("fast_ed_contribution") ?? 0, gfap = lvo.number("gfap_contribution") ?? 0
        let baseline = (lvo.number("logit") ?? 0) - fast - gfap
        let minus = context.glyphs.hasBraille ? "−" : "-"
        func signed(_ v: Double) -> String { (v < 0 ? minus : "+") + context.format.decimals(NumberText.rounded(abs(v), digits: 2)) }
        func role(_ v: Double) -> StyleRole { v > 0 ? .danger : .ok }
        let chart = SignedBarChart(
            bars: [SignedBarChart.Bar("FAST-ED", fast, text: signed(fast), role: role(fast)),
                   SignedBarChart.Bar("GFAP", gfap, text: signed(gfap), role: role(gfap)),
                   SignedBarChart.Bar(context.t("stroke.results.baseline"), baseline, text: signed(baseline), role: .muted)],
            leftLegend: context.t("stroke.results.lowers"), rightLegend: context.t("stroke.results.raises"),
            glyphs: context.glyphs, strings: context.uiStrings)
        out.append(.widget(height: chart.height) { area, buffer in chart.render(in: area.inset(left: 2), into: &buffer) })
        return out
    }

    private func centres(width: Int) -> [Block] {
        let capability = model.assessment.suggestedCapability
        var out: [Block] = [.line(context.t("stroke.results.centres", context.t("stroke.capability.\(capability.rawValue)")), .header, bold: true)]
        guard let near = model.near else {
            for line in TextWrap.wrap(context.t("stroke.results.centres_where"), width: max(1, width - 2)) { out.append(.line("  " + line, .info)) }
            return out
        }
        guard !model.nearest.isEmpty else {
            out.append(.line("  " + context.t("stroke.results.centres_none", near), .muted))
            return out
        }
        out.append(.line("  " + context.t("stroke.results.centres_near", near), .muted))
        for row in model.nearest.prefix(Self.centresShown) {
            for (i, line) in StrokeCentreText.lines(row, located: true, context, indent: 4).enumerated() {
                out.append(.line("  " + line, i == 0 ? .normal : .muted))
            }
        }
        return out
    }
}

/// One centre in words, as the centres list and the results show it: distance, name and type;
/// then the address; then the emergency number — first, so a narrow screen cuts the capabilities,
/// never the number the list is for — and the capabilities.
@MainActor
enum StrokeCentreText {
    static let linesPerCentre = 3

    /// `indent`: the second and third lines' indent (default: under the name).
    static func lines(_ row: StrokeCentreDistance, located: Bool, _ context: AppContext, indent: Int? = nil) -> [String] {
        let c = row.centre
        let distance = located ? context.format.decimals(String(format: "%6.1f km  ", row.kilometres)) : ""
        let indent = String(repeating: " ", count: indent ?? (located ? TextWidth.columns(of: distance) : 2))
        let capabilities = c.capabilities.isEmpty ? context.t("stroke.cap.none")
            : c.capabilities.map { context.t("stroke.cap.\($0.rawValue)") }.joined(separator: ", ")
        let phone = c.emergencyPhone.map { context.t("stroke.centres.emergency", $0) } ?? c.phone.map { context.t("stroke.centres.phone", $0) }
        return ["\(distance)\(c.name) — \(context.t("stroke.type.\(c.type.rawValue)"))",
                indent + (c.address ?? c.city),
                indent + ([phone, capabilities].compactMap { $0 }.joined(separator: " · "))]
    }
}
