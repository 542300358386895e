import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI

/// The growth chart: WHO bands and the patient's point, braille and ASCII.
final class GrowthChartTests: ShellTestCase {
    @MainActor func testGrowthChartDrawsTheBandsAndThePoint() async throws {
        let shell = try makeShell()
        // Girl, 180 days, 7 kg.
        var lines = screen(shell, keys: "3 g r o w t h Enter Right Right Down 1 8 0 Down Down 7")
        assertShows(lines, "weight_for_age z")
        assertShows(lines, "g shows the growth chart")
        lines = screen(shell, keys: "g")
        assertShows(lines, "Weight-for-age (girl) — WHO P3 P15 P50 P85 P97")
        for label in ["P3", "P15", "P50", "P85", "P97"] { assertShows(lines, label) }
        XCTAssertEqual(lines.joined().filter { $0 == "●" }.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille curves")
    }

    func testPointSitsBetweenTheBandsItFallsBetween() throws {
        let who = try WHOGrowthStandard.shared.get()
        let day = 180
        // A weight just above the median: the point's row is between the P50 and P85 rows.
        let value = (who.value(.weightForAge, .female, day: day, percentile: 50) + who.value(.weightForAge, .female, day: day, percentile: 85)) / 2
        let chart = GrowthChart(standard: who, indicator: .weightForAge, sex: .female, points: [GrowthPoint(day: day, value: value)], glyphs: .ascii)
        var buffer = Buffer(width: 70, height: 20)
        chart.render(in: buffer.area, into: &buffer)
        let lines = buffer.lines
        let pointRow = try XCTUnwrap(lines.firstIndex { $0.contains("o") && !$0.contains("P") && !$0.contains("kg") } ?? lines.firstIndex { $0.contains("o") })
        let p50Row = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("P50") || $0.contains(" P50") })
        let p85Row = try XCTUnwrap(lines.firstIndex { $0.contains(" P85") })
        XCTAssertLessThanOrEqual(pointRow, p50Row + 1)
        XCTAssertGreaterThanOrEqual(pointRow, p85Row - 1)
        XCTAssertFalse(lines.joined().unicodeScalars.contains { $0.value > 127 }, "ASCII only:\n\(lines.joined(separator: "\n"))")
    }
}
