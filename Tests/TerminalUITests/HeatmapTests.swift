import XCTest
@testable import TerminalUI

/// Golden screens of the heatmap: doses per slot and day, given █ / withheld ▒ / missed ░,
/// nothing due blank; ASCII # : . ; small areas keep the newest days.
final class HeatmapTests: XCTestCase {
    typealias F = ChartFixtures

    func testDoseGridWithLegend() {
        let buffer = render(F.doseHeatmap(), width: 40, height: 7)
        assertScreen(buffer, lines: [
            "Paracetamol doses",
            "      16 17 18 19 20 21 22",
            "08:00 ██████▒▒▒███░░░███",
            "14:00 ███▒▒▒█████████░░░███",
            "20:00 █████████   █████████",
            "",
            "█ given  ▒ withheld  ░ missed",
        ])
        XCTAssertEqual(buffer[18, 2].role, .danger)  // missed on the 20th at 08:00
    }

    func testASCIIFallback() {
        assertScreen(render(F.doseHeatmap(glyphs: .ascii), width: 40, height: 7), lines: [
            "Paracetamol doses",
            "      16 17 18 19 20 21 22",
            "08:00 ######:::###...###",
            "14:00 ###:::#########...###",
            "20:00 #########   #########",
            "",
            "# given  : withheld  . missed",
        ])
    }

    func testSmallAreaKeepsNewestDays() {
        assertScreen(render(F.doseHeatmap(), width: 20, height: 5), lines: [
            "Paracetamol doses",
            "      19 20 21 22",
            "08:00 ███░░░███",
            "14:00 ██████░░░███",
            "█ given  ▒ withheld…",
        ])
    }

    func testOneByOneShowsTheNewestCellOfTheFirstRow() {
        // 22 Nov 08:00 had nothing due: blank, not a shade.
        assertScreen(render(F.doseHeatmap(), width: 1, height: 1), lines: [""])
        var map = F.doseHeatmap()
        map.cells[0][6] = 0
        assertScreen(render(map, width: 1, height: 1), lines: ["█"])
    }

    func testNoData() {
        let empty = Heatmap(rowLabels: ["08:00"], columnLabels: ["1"], cells: [[nil]], levels: [.init("given", shade: 3)])
        assertScreen(render(empty, width: 9, height: 1), lines: [" no data"])
    }

    func testLevelIndicesFromNumbers() {
        let cells = Heatmap.levelIndices([[0, 0.3, 0.5, 0.99, 1, nil, .nan]], thresholds: [0.25, 0.5, 0.75])
        XCTAssertEqual(cells, [[0, 1, 2, 3, 3, nil, nil]])
    }
}
