import XCTest
@testable import Clinical

/// The shipped drug table: every drug the product brief names, with the strengths the
/// sources list (see Resources/clinical/drugs/PROVENANCE.md).
final class DrugFormularyTests: XCTestCase {
    func testTheWardsDrugsAndTheirStrengths() throws {
        let f = try DrugFormulary.shared.get()
        XCTAssertEqual(f.drugs.map(\.id), ["paracetamol", "ibuprofen", "amoxicillin", "amoxicillin_clavulanate", "ampicillin",
                                           "gentamicin", "benzylpenicillin", "cefotaxime", "caffeine_citrate_loading",
                                           "caffeine_citrate_maintenance", "morphine", "ondansetron", "salbutamol",
                                           "dexamethasone", "prednisolone", "azithromycin", "cefalexin", "phytomenadione"])
        XCTAssertEqual(f.drug(id: "paracetamol")?.routes, ["oral", "iv"])
        XCTAssertEqual(f.checksum.count, 64)
        XCTAssertFalse(f.version.isEmpty)
        // Paracetamol oral suspensions 120 mg/5 mL = 24 mg/mL and 250 mg/5 mL = 50 mg/mL.
        XCTAssertEqual(f.drug(id: "paracetamol")?.concentration(id: "120mg_5ml")?.mgPerMl, 24)
        XCTAssertEqual(f.drug(id: "paracetamol")?.concentration(id: "250mg_5ml")?.mgPerMl, 50)
        // BNFC 2018–2019: azithromycin 10 mg/kg once daily, max 500 mg per dose.
        XCTAssertEqual(f.drug(id: "azithromycin")?.defaultBand?.mgPerKgDose, 10)
        XCTAssertEqual(f.drug(id: "azithromycin")?.defaultBand?.maxSingleDoseMg, 500)
        XCTAssertEqual(f.drug(id: "azithromycin")?.concentration(id: "200mg_5ml")?.mgPerMl, 40)
        for drug in f.drugs {
            for band in drug.regimens.flatMap(\.bands) { XCTAssertFalse(band.source.isEmpty, "\(drug.id) \(band.label)") }
        }
        XCTAssertTrue(f.allConcentrationIds.contains("100mg_5ml"))
        XCTAssertEqual(f.allConcentrationIds, f.allConcentrationIds.sorted())
    }

    func testCorruptTablesAreNamedErrors() {
        XCTAssertThrowsError(try DrugFormulary.parse(Data("not json".utf8)))
        XCTAssertThrowsError(try DrugFormulary.parse(Data(#"{"version":"1","drugs":[]}"#.utf8)))
        let drug = #"{"id":"x","name":"X","indication":"i","regimens":[{"route":"oral","concentrations":[],"bands":[{"label":"l","mg_per_kg_dose":1,"frequency":"f","source":"s"}]}]}"#
        let duplicate = #"{"version":"1","drugs":["# + drug + "," + drug + "]}"
        XCTAssertThrowsError(try DrugFormulary.parse(Data(duplicate.utf8))) { error in
            XCTAssertTrue((error as? ReferenceDataError)?.problem.contains("repeated") ?? false)
        }
        // A band with both a per-kg and a fixed dose is refused.
        let both = drug.replacingOccurrences(of: #""mg_per_kg_dose":1"#, with: #""mg_per_kg_dose":1,"fixed_dose_mg":2"#)
        XCTAssertThrowsError(try DrugFormulary.parse(Data((#"{"version":"1","drugs":["# + both + "]}").utf8)))
    }

    /// The checksum is SHA-256 (FIPS 180-4 test vector "abc"), so any edit of the file changes it.
    func testChecksumIsSHA256() {
        XCTAssertEqual(SHA256Hex.digest(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256Hex.digest(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
