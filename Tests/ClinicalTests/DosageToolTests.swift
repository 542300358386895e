import XCTest
@testable import Clinical

/// Worked examples of weight-based dosing with the table's regimens: paracetamol 15 mg/kg
/// (NPS MedicineWise: max 1 g per dose, 4 doses in 24 h), so 20 kg → 300 mg = 12.5 mL of
/// 120 mg/5 mL; amoxicillin 30 mg/kg (max 1 g) 3 times daily (BNFC); ibuprofen 10 mg/kg,
/// max 30 mg/kg daily (MSF Essential drugs).
final class DosageToolTests: XCTestCase {
    typealias R = RefRaw

    func dose(_ drug: String, _ kg: Double, _ concentration: String? = nil) throws -> ToolResult {
        var raw: [String: RawValue] = ["drug": R.s(drug), "weight_kg": R.n(kg)]
        if let concentration { raw["concentration"] = R.s(concentration) }
        return try refResult(DosageTool.self, raw)
    }

    func testParacetamolTwentyKilograms() throws {
        let r = try dose("paracetamol", 20, "120mg_5ml")
        XCTAssertEqual(r.number("dose_mg")!, 300, accuracy: 1e-9)
        XCTAssertEqual(r.number("dose_ml")!, 12.5, accuracy: 1e-9)
        XCTAssertEqual(r.bool("capped"), false)
        XCTAssertEqual(r.number("max_single_dose_mg"), 1000)
        XCTAssertEqual(r.number("max_daily_dose_mg")!, 1200, accuracy: 1e-9) // 60 mg/kg/day
        XCTAssertEqual(r.word("frequency"), "every 4–6 hours when required, at most 4 doses in 24 hours")
        XCTAssertEqual(Array(r.fields.map(\.key).prefix(6)),
                       ["dose_mg", "max_single_dose_mg", "capped", "dose_ml", "frequency", "max_daily_dose_mg"])
        // Without an age the older-child band is used, and the result says so.
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertTrue(r.warnings[0].hasPrefix("Age not given"))
    }

    func testCapAtTheMaximumSingleDose() throws {
        // 80 kg × 15 mg/kg = 1200 mg > 1 g.
        let r = try dose("paracetamol", 80)
        XCTAssertEqual(r.number("dose_mg"), 1000)
        XCTAssertEqual(r.bool("capped"), true)
        XCTAssertEqual(r.number("max_daily_dose_mg"), 4000) // 60 mg/kg would be 4800; 4 g cap
        XCTAssertTrue(r.warnings.contains { $0.contains("capped at 1000 mg") })
        XCTAssertNil(r["dose_ml"], "no mL without a strength")
        // Exactly at the cap is not capped: 66.6… kg would be; 40 kg ibuprofen = 400 mg = max.
        let edge = try dose("ibuprofen", 40)
        XCTAssertEqual(edge.number("dose_mg"), 400)
        XCTAssertEqual(edge.bool("capped"), false)
        XCTAssertEqual(edge.number("max_daily_dose_mg"), 1200)
        XCTAssertEqual(try dose("ibuprofen", 40.1).bool("capped"), true)
    }

    func testMillilitresForEachStrength() throws {
        // Amoxicillin 10 kg: 300 mg = 12 mL of 125 mg/5 mL or 6 mL of 250 mg/5 mL.
        XCTAssertEqual(try dose("amoxicillin", 10, "125mg_5ml").number("dose_ml")!, 12, accuracy: 1e-9)
        XCTAssertEqual(try dose("amoxicillin", 10, "250mg_5ml").number("dose_ml")!, 6, accuracy: 1e-9)
        // Ibuprofen 15 kg: 150 mg = 7.5 mL of 100 mg/5 mL.
        XCTAssertEqual(try dose("ibuprofen", 15, "100mg_5ml").number("dose_ml")!, 7.5, accuracy: 1e-9)
        // Azithromycin 12 kg: 120 mg = 3 mL of 200 mg/5 mL.
        XCTAssertEqual(try dose("azithromycin", 12, "200mg_5ml").number("dose_ml")!, 3, accuracy: 1e-9)
    }

    func testConcentrationMustBelongToTheDrug() {
        let errors = refErrors(DosageTool.self, ["drug": R.s("ibuprofen"), "weight_kg": R.n(10), "concentration": R.s("120mg_5ml")])
        XCTAssertEqual(errors.first?.field, "concentration")
        XCTAssertTrue(errors.first!.message.contains("100mg_5ml"))
        let unknown = refErrors(DosageTool.self, ["drug": R.s("ibuprofen"), "weight_kg": R.n(10), "concentration": R.s("5ml")])
        XCTAssertEqual(unknown.first?.field, "concentration")
    }

    func testUnknownDrugAndRangeEdges() throws {
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("aspirin"), "weight_kg": R.n(10)]).first?.field, "drug")
        XCTAssertEqual(refErrors(DosageTool.self, ["weight_kg": R.n(10)]).first?.field, "drug")
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("ibuprofen"), "weight_kg": R.n(0.09)]).first?.field, "weight_kg")
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("ibuprofen"), "weight_kg": R.n(300.1)]).first?.field, "weight_kg")
        XCTAssertEqual(try dose("ibuprofen", 0.1).number("dose_mg")!, 1, accuracy: 1e-12)
        XCTAssertEqual(try dose("ibuprofen", 300).number("dose_mg"), 400)
        XCTAssertTrue(try dose("ibuprofen", 2).warnings.contains { $0.contains("neonatal") })
        XCTAssertTrue(try dose("ibuprofen", 120).warnings.contains { $0.contains("over 100 kg") })
        // Upper-case drug names are accepted as the same word.
        XCTAssertEqual(try dose("Paracetamol", 20).number("dose_mg")!, 300, accuracy: 1e-9)
    }

    func testSpecListsTheDrugsForTheHelpAndPicker() {
        guard case .word(let drugs)? = DosageTool.spec.input("drug")?.kind else { return XCTFail("drug is not a word input") }
        XCTAssertTrue(drugs.contains("amoxicillin_clavulanate"))
        XCTAssertEqual(DosageTool.spec.input("weight_kg")?.chartField, .weightKg)
    }
}
