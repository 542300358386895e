import Clinical
import Foundation
import TerminalUI

/// Results of one triage assessment: ICH volume with severity and mortality range, the ICH
/// probability honestly "not available offline", the LVO gauge with its risk band, driver
/// bars of the signed logit terms, the suggested kind of centre, and the research statement.
@MainActor
final class StrokeResultsScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case centres = "stroke.centres"
    }

    let assessment: StrokeAssessmentResult
    let inputs: [String: RawValue]
    let at: Date

    init(assessment: StrokeAssessmentResult, inputs: [String: RawValue], at: Date) {
        self.assessment = assessment
        self.inputs = inputs
        self.at = at
    }

    func title(_ context: AppContext) -> String { context.t("stroke.results.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        [Binding([.char("c")], .centres, label: context.t("stroke.key.centres"), help: context.t("stroke.action.centres"),
                 group: context.t("group.screen"))]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .centres: return .push(StrokeCentresScreen(capability: assessment.suggestedCapability))
        }
    }

    /// A gauge of `width` cells filled in proportion to `fraction` (0–1).
    nonisolated static func gauge(_ fraction: Double, width: Int, glyphs: GlyphSet) -> String {
        let filled = Int((max(0, min(1, fraction)) * Double(width)).rounded())
        let full = glyphs.barRamp.last ?? "#", empty = glyphs.hasBraille ? "░" : "."
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "]"
    }

    /// A signed bar around a centre line: negative terms grow left, positive right.
    nonisolated static func driverBar(_ value: Double, scale: Double, halfWidth: Int, glyphs: GlyphSet) -> String {
        let n = Int((min(1, abs(value) / max(scale, 1e-9)) * Double(halfWidth)).rounded())
        let full = glyphs.barRamp.last ?? "#"
        let left = value < 0 ? String(repeating: " ", count: halfWidth - n) + String(repeating: full, count: n) : String(repeating: " ", count: halfWidth)
        let right = value > 0 ? String(repeating: full, count: n) + String(repeating: " ", count: halfWidth - n) : String(repeating: " ", count: halfWidth)
        return left + glyphs.vertical + right
    }

    func lines(_ context: AppContext, width: Int) -> [(String, StyleRole)] {
        let g = context.glyphs
        var out: [(String, StyleRole)] = []
        let module = context.t("stroke.module.\(assessment.module.rawValue)")
        out.append(("\(context.t("stroke.results.title")) — \(module)", .header))
        out.append(("", .normal))
        let ich = assessment.ichVolume
        let volume = ResultBar.format(.number(ich.number("volume_ml") ?? 0))
        let severity = ich.categories.first { $0.key == "severity" }
        let sevText = severity.map { "\(ResultBar.symbol($0.severity, g)) \($0.word)" } ?? ""
        out.append(("\(context.t("stroke.results.ich_volume")) \(volume) mL  \(sevText)  \(context.t("stroke.results.mortality")) \(ich.word("mortality_range") ?? "")",
                    severity.map { ResultBar.role($0.severity) } ?? .normal))
        out.append(("\(context.t("stroke.results.ich_probability")) \(g.statusUnknown) \(context.t("stroke.results.not_offline"))", .muted))
        if let lvo = assessment.lvo, let p = lvo.number("probability"), let band = assessment.lvoBand {
            let percent = NumberText.rounded(p * 100, digits: 0)
            out.append(("\(context.t("stroke.results.lvo")) \(Self.gauge(p, width: 20, glyphs: g)) \(percent) %  \(ResultBar.symbol(band.severity, g)) \(context.t("stroke.band.\(band.rawValue)"))",
                        ResultBar.role(band.severity)))
            out.append(("   \(context.t("stroke.results.bands"))", .muted))
            out.append(("", .normal))
            out.append((context.t("stroke.results.drivers"), .header))
            let terms = [("FAST-ED", lvo.number("fast_ed_contribution") ?? 0), ("GFAP", lvo.number("gfap_contribution") ?? 0)]
            let scale = max(1, terms.map { abs($0.1) }.max() ?? 1)
            for (name, value) in terms {
                let sign = value >= 0 ? "+" : (g.hasBraille ? "−" : "-")
                let text = "  \(name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(sign)\(NumberText.rounded(abs(value), digits: 2))".padding(toLength: 20, withPad: " ", startingAt: 0)
                out.append((text + Self.driverBar(value, scale: scale, halfWidth: 12, glyphs: g), .normal))
            }
        }
        for warning in assessment.summary.warnings { out.append(("\(g.statusWarning) \(warning)", .warning)) }
        out.append(("", .normal))
        out.append(("\(context.t("stroke.results.suggested")) \(context.t("stroke.capability.\(assessment.suggestedCapability.rawValue)"))  (\(context.t("stroke.results.press_c")))", .info))
        out.append(("", .normal))
        for line in TextWrap.wrap("\(g.statusWarning) \(StrokeTriage.researchStatement)", width: max(1, width)) { out.append((line, .warning)) }
        return out
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 2, right: 2)
        for (i, (text, role)) in lines(context, width: inner.width).prefix(inner.height).enumerated() {
            buffer.put(text, in: inner.row(i), role: role, attributes: role == .header ? [.bold] : [], ellipsis: context.glyphs.ellipsis)
        }
    }
}
