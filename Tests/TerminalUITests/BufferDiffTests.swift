import XCTest
@testable import TerminalUI

final class BufferDiffTests: XCTestCase {
    func testIdenticalBuffersHaveNoChanges() {
        var a = Buffer(width: 10, height: 3)
        a.put("same text", x: 0, y: 1)
        XCTAssertEqual(a.diff(from: a), [])
    }

    func testOnlyChangedCellsAreReported() {
        var before = Buffer(width: 10, height: 2)
        before.put("12:04", x: 5, y: 0)
        var after = before
        after.put("12:05", x: 5, y: 0)
        XCTAssertEqual(after.diff(from: before), [CellChange(x: 9, y: 0, cell: Cell("5"))])
    }

    func testRoleChangeIsAChange() {
        var before = Buffer(width: 3, height: 1)
        before.put("abc", x: 0, y: 0)
        var after = before
        after.setRole(.selection, in: Rect(x: 1, y: 0, width: 1, height: 1))
        XCTAssertEqual(after.diff(from: before).map(\.x), [1])
    }

    func testSizeChangeRedrawsEverything() {
        let before = Buffer(width: 2, height: 2)
        let after = Buffer(width: 3, height: 2)
        XCTAssertEqual(after.diff(from: before).count, 6)
    }

    func testWideGraphemeIsReportedOnceAtItsLeftCell() {
        let before = Buffer(width: 4, height: 1)
        var after = before
        after.put("中", x: 1, y: 0)
        XCTAssertEqual(after.diff(from: before), [CellChange(x: 1, y: 0, cell: Cell("中"))])
    }

    func testReplacingWideWithNarrowRedrawsBothColumns() {
        var before = Buffer(width: 4, height: 1)
        before.put("中", x: 1, y: 0)
        var after = before
        after.put("ab", x: 1, y: 0)
        XCTAssertEqual(after.diff(from: before), [CellChange(x: 1, y: 0, cell: Cell("a")),
                                                  CellChange(x: 2, y: 0, cell: Cell("b"))])
        // Narrow over only the left half: the old right half must be blanked on screen too.
        var half = before
        half.put("x", x: 1, y: 0)
        XCTAssertEqual(half.diff(from: before), [CellChange(x: 1, y: 0, cell: Cell("x")),
                                                 CellChange(x: 2, y: 0, cell: Cell(" "))])
    }

    func testHeadlessBackendFlushesOnlyTheDiffAfterTheFirstFrame() async {
        await MainActor.run {
            let backend = HeadlessBackend(width: 5, height: 1)
            var frame = Buffer(width: 5, height: 1)
            frame.put("abc", x: 0, y: 0)
            backend.flush(frame)
            XCTAssertEqual(backend.lastChanges.count, 5)  // first frame: everything
            frame.put("z", x: 4, y: 0)
            backend.flush(frame)
            XCTAssertEqual(backend.lastChanges, [CellChange(x: 4, y: 0, cell: Cell("z"))])
            backend.setTheme(.dark)
            backend.flush(frame)
            XCTAssertEqual(backend.lastChanges.count, 5)  // theme change: full redraw
        }
    }
}
