import XCTest
@testable import ReportKit

/// The document model is plain values: two reports built the same way are equal, so renderers
/// and the code that assembles a report can be tested apart.
final class ReportDocumentTests: XCTestCase {
    func testAnEmptyPartIsKeptAsAOneLineStatement() {
        let stamp = ReportStamp(ward: "Ward", madeAt: "2026-11-26 07:30", madeBy: "AO", software: "Cotside")
        let a = ReportDocument(title: "Shift handover", stamp: stamp,
                               sections: [ReportSection(heading: "Bed 1", blocks: [.nothing("No doses withheld in this shift")])])
        var b = a
        XCTAssertEqual(a, b)
        b.sections[0].blocks = []
        XCTAssertNotEqual(a, b, "an empty part said in words is not the same as a dropped one")
    }
}
