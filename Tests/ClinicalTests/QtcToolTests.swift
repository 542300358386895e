import XCTest
@testable import Clinical

/// Bazett HC, Heart 1920;7:353-370: QTc = QT / √RR (s). At 60 bpm QTc = QT; at 100 bpm
/// (RR 0.6 s) QT 400 ms gives 516.4 ms. Bands: normal < 440, borderline 440–460, prolonged > 460.
final class QtcToolTests: ClinicalTestCase {
    func testWorkedExamples() {
        XCTAssertEqual(number(QtcTool.self, ["qt_ms": n(400), "heart_rate_bpm": n(60)], "qtc_ms"), 400, accuracy: 1e-9)
        XCTAssertEqual(number(QtcTool.self, ["qt_ms": n(400), "heart_rate_bpm": n(100)], "qtc_ms"), 516.3977794943222, accuracy: 1e-9)
        XCTAssertEqual(number(QtcTool.self, ["qt_ms": n(360), "rr_ms": n(810)], "qtc_ms"), 400, accuracy: 1e-9)
        // RR is not rounded: 140 bpm → 0.428571… s.
        XCTAssertEqual(number(QtcTool.self, ["qt_ms": n(300), "heart_rate_bpm": n(140)], "qtc_ms"), 300 / (60.0 / 140).squareRoot(), accuracy: 1e-9)
    }

    func testBands() {
        XCTAssertEqual(word(QtcTool.self, ["qt_ms": n(439.9), "rr_ms": n(1000)], "interpretation"), "normal")
        XCTAssertEqual(word(QtcTool.self, ["qt_ms": n(440), "rr_ms": n(1000)], "interpretation"), "borderline")
        XCTAssertEqual(word(QtcTool.self, ["qt_ms": n(460), "rr_ms": n(1000)], "interpretation"), "borderline")
        XCTAssertEqual(word(QtcTool.self, ["qt_ms": n(460.1), "rr_ms": n(1000)], "interpretation"), "prolonged")
    }

    func testRateOrRrNotBoth() {
        XCTAssertEqual(errorFields(QtcTool.self, ["qt_ms": n(400), "rr_ms": n(1000), "heart_rate_bpm": n(60)]), ["rr_ms"])
        XCTAssertEqual(errorFields(QtcTool.self, ["qt_ms": n(400)]), ["heart_rate_bpm"])
    }

    func testRanges() {
        assertRangeEdges(QtcTool.self, base: ["rr_ms": n(1000)], key: "qt_ms", low: 150, high: 800)
        assertRangeEdges(QtcTool.self, base: ["qt_ms": n(400)], key: "heart_rate_bpm", low: 20, high: 350)
        assertRangeEdges(QtcTool.self, base: ["qt_ms": n(400)], key: "rr_ms", low: 150, high: 3000)
    }
}
