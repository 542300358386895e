import XCTest
@testable import TerminalUI

/// Found by the palette test: a query as long as a title crashed the word-start search.
final class FuzzyMatchRegressionTests: XCTestCase {
    func testQueryAsLongAsTheTitle() {
        XCTAssertEqual(FuzzyMatch.match("quit", in: "Quit")?.kind, .prefix)
        XCTAssertNil(FuzzyMatch.match("quiz", in: "Quit"))
        XCTAssertNil(FuzzyMatch.match("tiuq", in: "Quit"))
    }
}
