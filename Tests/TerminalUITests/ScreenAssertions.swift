import XCTest
@testable import TerminalUI

/// Renders a widget into a fresh buffer of the given size.
func render(_ widget: some Widget, width: Int, height: Int) -> Buffer {
    var buffer = Buffer(width: width, height: height)
    widget.render(in: buffer.area, into: &buffer)
    return buffer
}

/// Compares a buffer's text (trailing spaces trimmed per line) with the expected lines and,
/// on failure, prints both screens with the differing rows marked.
func assertScreen(_ buffer: Buffer, lines expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    let actual = buffer.lines
    let trimmedExpected = expected.map { text -> String in
        var t = text
        while t.last == " " { t.removeLast() }
        return t
    }
    guard actual != trimmedExpected else { return }
    var report = "screen differs (\(buffer.width)×\(buffer.height)); '>' marks differing rows\n"
    for i in 0..<max(actual.count, trimmedExpected.count) {
        let a = i < actual.count ? actual[i] : "<missing>"
        let e = i < trimmedExpected.count ? trimmedExpected[i] : "<missing>"
        let mark = a == e ? " " : ">"
        report += "\(mark) \(String(format: "%2d", i)) actual  |\(a)|\n"
        if a != e { report += "  \(String(format: "%2d", i)) expected|\(e)|\n" }
    }
    XCTFail(report, file: file, line: line)
}

/// The roles along one row, one per column (continuations included), for style checks.
func roles(_ buffer: Buffer, row: Int) -> [StyleRole] {
    (0..<buffer.width).map { buffer[$0, row].role }
}
