import XCTest
@testable import TerminalUI

/// A million-row source that records every range it is asked for.
final class RecordingSource: PagedDataSource {
    let total: Int?
    let available: Int
    private(set) var requests: [Range<Int>] = []

    init(count: Int? = 1_000_000, available: Int = 1_000_000) {
        total = count
        self.available = available
    }

    var count: Int? { total }

    func rows(in range: Range<Int>) -> [Int] {
        requests.append(range)
        return Array(range.clamped(to: 0..<available))
    }
}

final class ListViewTests: XCTestCase {
    private func view(_ source: RecordingSource, _ state: ListState) -> ListView<RecordingSource> {
        ListView(source: source, state: state) { ListItem("Row \($0)") }
    }

    func testOnlyTheVisibleWindowIsRequested() {
        let source = RecordingSource()
        let buffer = render(view(source, ListState()), width: 12, height: 4)
        assertScreen(buffer, lines: ["Row 0", "Row 1", "Row 2", "Row 3"])
        XCTAssertEqual(source.requests, [0..<4])
        XCTAssertEqual(buffer[0, 0].role, .selection)
        XCTAssertEqual(buffer[11, 0].role, .selection)  // the whole row is highlighted
        XCTAssertEqual(buffer[0, 1].role, .normal)
    }

    func testEndOfAMillionRowsAsksOnlyForTheLastPage() {
        let source = RecordingSource()
        var state = ListState()
        XCTAssertTrue(state.handle(.end, count: source.count, visibleRows: 4))
        XCTAssertEqual(state.selected, 999_999)
        assertScreen(render(view(source, state), width: 12, height: 4),
                     lines: ["Row 999996", "Row 999997", "Row 999998", "Row 999999"])
        XCTAssertEqual(source.requests, [999_996..<1_000_000])
        XCTAssertTrue(source.requests.allSatisfy { $0.count <= 4 })
    }

    func testKeyNavigationScrollsMinimally() {
        var state = ListState()
        let count: Int? = 100
        state.handle(.down, count: count, visibleRows: 5)
        state.handle(.char("j"), count: count, visibleRows: 5)
        XCTAssertEqual(state, ListState(selected: 2, offset: 0))
        state.handle(.pageDown, count: count, visibleRows: 5)  // a page is height − 1 = 4 rows
        XCTAssertEqual(state, ListState(selected: 6, offset: 2))
        state.handle(.up, count: count, visibleRows: 5)
        XCTAssertEqual(state, ListState(selected: 5, offset: 2))
        state.handle(.pageUp, count: count, visibleRows: 5)
        XCTAssertEqual(state, ListState(selected: 1, offset: 1))
        state.handle(.home, count: count, visibleRows: 5)
        XCTAssertEqual(state, ListState(selected: 0, offset: 0))
        state.handle(.up, count: count, visibleRows: 5)  // stays at the top
        XCTAssertEqual(state, ListState(selected: 0, offset: 0))
        XCTAssertFalse(state.handle(.char("x"), count: count, visibleRows: 5))
    }

    func testMouseClickSelectsTheRowUnderItAndWheelScrolls() {
        var state = ListState(selected: 10, offset: 8)
        let area = Rect(x: 0, y: 3, width: 20, height: 5)
        XCTAssertEqual(state.handle(MouseEvent(x: 4, y: 5, kind: .click(button: 1)), in: area, count: 100), 10)
        XCTAssertEqual(state.handle(MouseEvent(x: 4, y: 7, kind: .click(button: 1)), in: area, count: 100), 12)
        XCTAssertEqual(state.selected, 12)
        XCTAssertNil(state.handle(MouseEvent(x: 4, y: 2, kind: .click(button: 1)), in: area, count: 100))  // above
        XCTAssertEqual(state.selected, 12)
        state.handle(MouseEvent(x: 0, y: 3, kind: .wheelDown), in: area, count: 100)
        XCTAssertEqual(state.selected, 15)
        state.handle(MouseEvent(x: 0, y: 3, kind: .wheelUp), in: area, count: 100)
        XCTAssertEqual(state.selected, 12)
        // A click below the last row of a short list selects nothing.
        var short = ListState()
        XCTAssertNil(short.handle(MouseEvent(x: 0, y: 6, kind: .click(button: 1)), in: area, count: 2))
        XCTAssertEqual(short.selected, 0)
    }

    func testEmptyListShowsTheEmptyText() {
        let source = RecordingSource(count: 0, available: 0)
        let list = ListView(source: source, state: ListState(), emptyText: "No nappy changes yet") { ListItem("\($0)") }
        assertScreen(render(list, width: 24, height: 2), lines: ["  No nappy changes yet", ""])
        XCTAssertEqual(source.requests, [])
    }

    func testUnknownCountRefusesEndButMoves() {
        var state = ListState()
        XCTAssertTrue(state.handle(.end, count: nil, visibleRows: 4))
        XCTAssertEqual(state.selected, 0)
        state.handle(.pageDown, count: nil, visibleRows: 4)
        XCTAssertEqual(state.selected, 3)
        state.clamp(count: 2, visibleRows: 4)  // the screen learned there are only two rows
        XCTAssertEqual(state.selected, 1)
    }

    func testTinySizesAndResize() {
        let source = RecordingSource()
        assertScreen(render(view(source, ListState()), width: 0, height: 0), lines: [])
        assertScreen(render(view(source, ListState()), width: 1, height: 1), lines: ["…"])
        // After the terminal shrinks, the selection is still visible.
        let state = ListState(selected: 9, offset: 5)
        assertScreen(render(view(source, state), width: 8, height: 2), lines: ["Row 8", "Row 9"])
        XCTAssertEqual(source.requests.last, 8..<10)
    }
}
