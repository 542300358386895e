import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI

/// The growth chart (the kit's line chart): WHO centiles and the patient's measurement, with
/// the cursor on the newest measurement reading it out beside the 15th and 85th centiles.
final class GrowthChartTests: ShellTestCase {
    @MainActor func testGrowthChartShowsTheCentilesAndReadsTheMeasurementOut() async throws {
        let shell = try makeShell()
        // Girl, 180 days, 7 kg.
        var lines = screen(shell, keys: "3 g r o w t h Enter Right Right Down 1 8 0 Down Down 7")
        assertShows(lines, "Weight-for-age: z-score")
        assertShows(lines, "g shows the growth chart")
        lines = screen(shell, keys: "g")
        assertShows(lines, "Weight-for-age (girl) — WHO (chronological age)")
        assertShows(lines, "░░ WHO 3rd–97th")
        assertShows(lines, "┄┄ 50th")
        assertShows(lines, "┄┄ 15th")
        let who = try WHOGrowthStandard.shared.get()
        let p15 = NumberText.rounded(who.value(.weightForAge, .female, day: 180, percentile: 15), digits: 1)
        let p85 = NumberText.rounded(who.value(.weightForAge, .female, day: 180, percentile: 85), digits: 1)
        assertShows(lines, "measured 7.00 kg")
        assertShows(lines, "15th \(p15)")
        assertShows(lines, "85th \(p85)")
        XCTAssertTrue(lines.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille curves")
        // Only a weight: no length chart to switch to.
        assertDoesNotShow(lines, "Tab: the other measure")
    }

    /// Born at 31 weeks, 1.4 kg on day 3: the chart is INTERGROWTH-21st's preterm standard by
    /// postmenstrual age, handing over to WHO by corrected age after 64 weeks (Villar et al.,
    /// Lancet Glob Health 2015), and the header and legend say so.
    @MainActor func testPretermChartNamesTheIntergrowthStandardAndTheHandover() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "3 g r o w t h Enter Right Down 3 Down Down 1 . 4 Down Down 3 1")
        // The chart's contract word reads as the standard's name on the result pane.
        assertShows(lines, "Growth chart INTERGROWTH-21st preterm postnatal standard")
        lines = screen(shell, keys: "g", width: 120, height: 30)
        assertShows(lines, "Weight-for-age (boy) — INTERGROWTH-21st preterm (postmenstrual age)")
        assertShows(lines, "INTERGROWTH-21st preterm 3rd–97th")
        assertDoesNotShow(lines, "WHO")
        // Past 64 weeks (day 232 for a 31+0 baby) the band goes on in WHO by corrected age.
        var chart = GrowthChart(reference: try GrowthReference.shared.get(), indicator: .weightForAge, sex: .male,
                                gestationDays: 217, points: [GrowthPoint(day: 300, value: 7)], glyphs: .ascii)
        XCTAssertEqual(chart.chartsUsed.map(\.chart), [.intergrowthPreterm, .who])
        XCTAssertEqual(chart.chartsUsed.last?.age, .corrected)
        chart.gestationDays = nil
        XCTAssertEqual(chart.chartsUsed.map(\.chart), [.who])
    }

    func testChartSpansBirthToPastTheLastPoint() throws {
        var chart = GrowthChart(reference: try GrowthReference.shared.get(), indicator: .lengthForAge, sex: .male, points: [GrowthPoint(day: 400, value: 76)], glyphs: .ascii)
        XCTAssertEqual(chart.dayRange, 0...500)
        chart.points = [GrowthPoint(day: 700, value: 85)]
        XCTAssertEqual(chart.dayRange.upperBound, 730, "never beyond the WHO tables' 24 months")
        chart.points = []
        XCTAssertEqual(chart.dayRange, 0...91)
        // The cursor stands on the measurement.
        chart.points = [GrowthPoint(day: 400, value: 76)]
        let c = chart.chart
        XCTAssertEqual(c.cursor.index.map { c.cursorStops[$0] }, 400 / 30.4375)
    }
}
