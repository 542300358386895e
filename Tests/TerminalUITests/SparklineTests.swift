import XCTest
@testable import TerminalUI

final class SparklineTests: XCTestCase {
    /// 1…8 over the 8-step ramp: value v sits on step v-1; nil stays blank; newest on the right.
    func testRampGapsAndNewestOnTheRight() {
        assertScreen(render(Sparkline(values: [1, 5, nil, 3, 8, 2]), width: 8, height: 1), lines: ["  ▁▅ ▃█▂"])
        assertScreen(render(Sparkline(values: [1, 5, nil, 3, 8, 2], glyphs: .ascii), width: 8, height: 1), lines: ["  _= :#."])
        assertScreen(render(Sparkline(values: [1, 2, 3, 4]), width: 2, height: 1), lines: ["▆█"])  // 3 and 4 on the 1…4 scale: steps 5 and 7
    }

    func testFlatAndEmpty() {
        assertScreen(render(Sparkline(values: [4, 4, 4]), width: 3, height: 1), lines: ["▅▅▅"])
        assertScreen(render(Sparkline(values: [nil, nil]), width: 8, height: 1), lines: ["no data"])
        assertScreen(render(Sparkline(values: [3]), width: 1, height: 1), lines: ["▅"])
    }
}
