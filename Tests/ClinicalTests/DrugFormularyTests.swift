import XCTest
@testable import Clinical

/// The shipped drug table: every drug the product brief names, with the strengths the
/// sources list (see Resources/clinical/drugs/PROVENANCE.md).
final class DrugFormularyTests: XCTestCase {
    func testTheNineDrugsAndTheirStrengths() throws {
        let f = try DrugFormulary.shared.get()
        XCTAssertEqual(f.drugs.map(\.id), ["paracetamol", "ibuprofen", "amoxicillin", "amoxicillin_clavulanate",
                                           "azithromycin", "cefalexin", "prednisolone", "ondansetron", "salbutamol"])
        // Paracetamol oral suspensions 120 mg/5 mL = 24 mg/mL and 250 mg/5 mL = 50 mg/mL.
        XCTAssertEqual(f.drug(id: "paracetamol")?.concentration(id: "120mg_5ml")?.mgPerMl, 24)
        XCTAssertEqual(f.drug(id: "paracetamol")?.concentration(id: "250mg_5ml")?.mgPerMl, 50)
        // BNFC 2018–2019: azithromycin 10 mg/kg once daily, max 500 mg per dose.
        XCTAssertEqual(f.drug(id: "azithromycin")?.mgPerKgDose, 10)
        XCTAssertEqual(f.drug(id: "azithromycin")?.maxSingleDoseMg, 500)
        XCTAssertEqual(f.drug(id: "azithromycin")?.concentration(id: "200mg_5ml")?.mgPerMl, 40)
        for drug in f.drugs {
            XCTAssertFalse(drug.source.isEmpty, drug.id)
            XCTAssertFalse(drug.concentrations.isEmpty, drug.id)
        }
        XCTAssertTrue(f.allConcentrationIds.contains("100mg_5ml"))
        XCTAssertEqual(f.allConcentrationIds, f.allConcentrationIds.sorted())
    }

    func testCorruptTablesAreNamedErrors() {
        XCTAssertThrowsError(try DrugFormulary.parse(Data("not json".utf8)))
        XCTAssertThrowsError(try DrugFormulary.parse(Data(#"{"drugs":[]}"#.utf8)))
        let duplicate = #"""
        {"drugs":[
          {"id":"x","name":"X","route":"oral","indication":"i","mg_per_kg_dose":1,"max_single_dose_mg":10,"frequency":"f",
           "doses_per_day":1,"max_daily_mg_per_kg":1,"max_daily_dose_mg":10,"concentrations":[{"id":"a","label":"A","mg_per_ml":1}],"source":"s"},
          {"id":"x","name":"X","route":"oral","indication":"i","mg_per_kg_dose":1,"max_single_dose_mg":10,"frequency":"f",
           "doses_per_day":1,"max_daily_mg_per_kg":1,"max_daily_dose_mg":10,"concentrations":[{"id":"a","label":"A","mg_per_ml":1}],"source":"s"}
        ]}
        """#
        XCTAssertThrowsError(try DrugFormulary.parse(Data(duplicate.utf8))) { error in
            XCTAssertTrue((error as? ReferenceDataError)?.problem.contains("repeated") ?? false)
        }
    }
}
