import XCTest
@testable import Clinical

/// Deficit (mL) = weight kg × % × 10, maintenance by Holliday & Segar (Pediatrics 1957);
/// half the deficit plus a third of maintenance over the first 8 h, the rest over 16 h
/// (Harriet Lane Handbook, Fluids and Electrolytes). Worked: 10 kg at 10 % → deficit 1000 mL,
/// maintenance 1000 mL, 833.3 mL in 8 h (104.17 mL/h), 1166.7 mL in 16 h (72.92 mL/h).
final class DehydrationToolTests: ClinicalTestCase {
    func testWorkedExample() {
        let r = result(DehydrationTool.self, ["weight_kg": n(10), "percent": n(10)])
        XCTAssertEqual(r?.number("deficit_ml") ?? 0, 1000, accuracy: 1e-9)
        XCTAssertEqual(r?.number("maintenance_ml_24h") ?? 0, 1000, accuracy: 1e-9)
        XCTAssertEqual(r?.number("total_ml_24h") ?? 0, 2000, accuracy: 1e-9)
        XCTAssertEqual(r?.number("first_8h_ml_per_hour") ?? 0, 104.16666666666667, accuracy: 1e-9)
        XCTAssertEqual(r?.number("next_16h_ml_per_hour") ?? 0, 72.91666666666667, accuracy: 1e-9)
        XCTAssertEqual(r?.fields.map(\.key), ["deficit_ml", "maintenance_ml_24h", "total_ml_24h", "first_8h_ml_per_hour", "next_16h_ml_per_hour"])
    }

    func testVolumesAddUp() {
        let r = result(DehydrationTool.self, ["weight_kg": n(23.4), "percent": n(7)])!
        let total = r.number("first_8h_ml_per_hour")! * 8 + r.number("next_16h_ml_per_hour")! * 16
        XCTAssertEqual(total, r.number("total_ml_24h")!, accuracy: 1e-9)
        XCTAssertEqual(r.number("deficit_ml")!, 1638, accuracy: 1e-9)
        XCTAssertEqual(r.number("maintenance_ml_24h")!, 1568, accuracy: 1e-9)
    }

    func testRanges() {
        assertRangeEdges(DehydrationTool.self, base: ["weight_kg": n(10)], key: "percent", low: 0.1, high: 20)
        assertRangeEdges(DehydrationTool.self, base: ["percent": n(5)], key: "weight_kg", low: 0.1, high: 300)
        XCTAssertEqual(result(DehydrationTool.self, ["weight_kg": n(10), "percent": n(15)])?.warnings.count, 1)
        XCTAssertEqual(result(DehydrationTool.self, ["weight_kg": n(10), "percent": n(10)])?.warnings.count, 0)
    }
}
