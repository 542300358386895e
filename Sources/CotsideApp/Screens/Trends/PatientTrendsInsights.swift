import Clinical
import Foundation
import TerminalUI
import WardStore

extension PatientTrendsLayout {
    /// Every rule's finding for the cot, most urgent first (`CotInsights`, as the Dashboard).
    func insights() -> [Insight] {
        CotInsights(input: trends.insightInput, context: context, glucoseUnit: glucoseUnit).all()
    }

    /// "▲ summary" and, indented under it, "evidence: …" (at most the last five items).
    func insightLines() -> [(text: String, role: StyleRole)] {
        var lines: [(String, StyleRole)] = [(context.t("trends.insights.title"), .header)]
        let found = insights()
        guard !found.isEmpty else { return lines + [(context.t("trends.insights.none"), .muted)] }
        let format = WardFormat(context)
        for insight in found.prefix(8) {
            let mark = insight.severity.isAlert ? "!" : context.glyphs.bullet
            let role: StyleRole = insight.severity == .urgent ? .danger : insight.severity == .warning ? .warning : .info
            lines.append(("\(mark) \(format.words(insight.wording))", role))
            let evidence = insight.evidence.suffix(5).map { item -> String in
                let when: String
                switch item.moment {
                case .day(let day): when = format.date(day)
                case .instant(let date): when = format.shown(date)
                }
                return "\(when) \(context.format.decimals(ChartFormat.number(item.value, decimals: item.value == item.value.rounded() ? 0 : 1))) \(format.words(item.wording))"
            }
            lines.append(("    " + context.t("trends.insights.evidence", evidence.joined(separator: "; ")), .muted))
        }
        return lines
    }
}
