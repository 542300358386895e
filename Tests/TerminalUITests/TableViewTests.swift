import XCTest
@testable import TerminalUI

final class TableViewTests: XCTestCase {
    private struct Feed {
        var time: String
        var kind: String
        var millilitres: Int
    }

    private let columns = [TableColumn("Time", width: .length(5)), TableColumn("Kind"),
                           TableColumn("mL", width: .length(4), alignment: .right)]

    private func table(_ feeds: [Feed], selected: Int = 0) -> TableView<ArrayDataSource<Feed>> {
        TableView(source: ArrayDataSource(feeds), state: ListState(selected: selected), columns: columns) { feed in
            TableRow([feed.time, feed.kind, "\(feed.millilitres)"], role: feed.millilitres > 100 ? .warning : .normal)
        }
    }

    func testHeaderColumnsTruncationAndAlignment() {
        let feeds = [Feed(time: "08:00", kind: "Breast feed, long", millilitres: 60),
                     Feed(time: "11:30", kind: "Formula", millilitres: 120)]
        let buffer = render(table(feeds, selected: 1), width: 20, height: 4)
        assertScreen(buffer, lines: [
            "Time  Kind        mL",
            "08:00 Breast f…   60",
            "11:30 Formula    120",
            "",
        ])
        XCTAssertEqual(buffer[0, 0].role, .header)
        XCTAssertEqual(buffer[0, 1].role, .normal)
        XCTAssertEqual(buffer[0, 2].role, .selection)
    }

    func testRowRoleShowsWhenNotSelected() {
        let feeds = [Feed(time: "08:00", kind: "Formula", millilitres: 120)]
        let buffer = render(TableView(source: ArrayDataSource(feeds), state: ListState(), columns: columns,
                                      isFocused: false) { TableRow([$0.time, $0.kind, "\($0.millilitres)"],
                                                                   role: .warning) }, width: 20, height: 2)
        XCTAssertEqual(buffer[0, 1].role, .warning)
    }

    func testOnlyTheVisibleWindowIsRequested() {
        let source = RecordingSource()
        let view = TableView(source: source, state: ListState(selected: 500_000), columns: columns) {
            TableRow(["t", "k", "\($0)"])
        }
        _ = render(view, width: 30, height: 6)
        XCTAssertEqual(source.requests, [499_996..<500_001])
        XCTAssertEqual(TableView<RecordingSource>.bodyArea(of: Rect(width: 30, height: 6)), Rect(x: 0, y: 1, width: 30, height: 5))
    }

    func testEmptyAndTinySizes() {
        assertScreen(render(table([]), width: 20, height: 3), lines: ["Time  Kind        mL", "  Nothing here yet", ""])
        assertScreen(render(table([]), width: 0, height: 0), lines: [])
        assertScreen(render(table([Feed(time: "08:00", kind: "x", millilitres: 1)]), width: 1, height: 1), lines: [""])
    }

    func testColumnsGiveWayByPriorityAndTheMostImportantLast() {
        let columns = [ColumnFit(wanted: 12, minimum: 6, priority: 1),   // patient
                       ColumnFit(wanted: 16, minimum: 8, priority: 2),   // drug
                       ColumnFit(wanted: 10, minimum: 10, priority: 3),  // dose and route
                       ColumnFit(wanted: 10, minimum: 5, priority: 0)]   // schedule
        XCTAssertEqual(ColumnFit.widths(columns, available: 60), [12, 16, 10, 22], "surplus to the last column")
        XCTAssertEqual(ColumnFit.widths(columns, available: 43), [12, 16, 10, 5], "the schedule gives way first")
        XCTAssertEqual(ColumnFit.widths(columns, available: 35), [6, 14, 10, 5], "then the patient, then the drug")
        XCTAssertEqual(ColumnFit.widths(columns, available: 27), [6, 8, 10, 3], "below the minimums, the same order again")
        XCTAssertEqual(ColumnFit.widths(columns, available: 0), [0, 0, 0, 0])
        XCTAssertEqual(ColumnFit.content(["ab", "abcd"], title: "abc"), 4)
        XCTAssertEqual(ColumnFit.content(["abcdef"], cap: 3), 3)
    }
}
