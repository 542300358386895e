import Foundation
import TerminalUI
import WardStore

/// The ward view of the Trends screen (no patient selected): per day across every cot.
@MainActor
struct WardTrendsLayout {
    let trends: WardTrends
    let context: AppContext

    func sections() -> [TrendsSection] {
        let days = trends.days
        let wide = days.count <= 14
        func chart(_ titleKey: String, layers: [BarChart.Layer], _ values: (TrendDay) -> [Double]) -> BarChart {
            BarChart(bars: days.map { BarChart.Bar(String($0.label.day), segments: values($0)) }, layers: layers,
                     barWidth: wide ? 3 : 1, gap: wide ? 1 : 0, title: context.t(titleKey),
                     glyphs: context.glyphs, strings: context.uiStrings)
        }
        let summary = context.t("trends.ward.summary", trends.occupiedCots)
        return [
            TrendsSection(id: "ward.summary", height: 2, widget: TextLines(lines: [(summary, .info)])),
            TrendsSection(id: "ward.nappies", height: 10, widget: chart("trends.ward.nappies", layers: [
                BarChart.Layer(context.t("trends.nappies.wet"), role: .info),
                BarChart.Layer(context.t("trends.nappies.dirty"), role: .chartLine),
            ]) { [Double($0.wet), Double($0.dirty)] }),
            TrendsSection(id: "ward.feeds", height: 9, widget: chart("trends.ward.feeds", layers: []) { [Double($0.feeds)] }),
            TrendsSection(id: "ward.doses", height: 10, widget: chart("trends.ward.doses", layers: [
                BarChart.Layer(context.t("trends.dose.given"), role: .ok),
                BarChart.Layer(context.t("trends.dose.withheld"), role: .warning),
                BarChart.Layer(context.t("trends.dose.missed"), role: .danger),
            ]) { [Double($0.dosesGiven), Double($0.dosesWithheld), Double($0.dosesMissed)] }),
            TrendsSection(id: "ward.alerts", height: 9, widget: chart("trends.ward.alerts", layers: []) { [Double($0.alerts)] }),
        ]
    }
}
