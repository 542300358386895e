import XCTest
@testable import Clinical

/// The drug table's bands against the figures of their published sources, at the edges:
/// gentamicin by gestation and postnatal age (CHEO antimicrobial handbook, neonatal), paracetamol
/// oral by postmenstrual age (RCH/PIPER neonatal) and IV by weight (MSF Essential drugs),
/// caffeine citrate loading and maintenance (US prescribing information), benzylpenicillin by
/// postmenstrual age and day of life (Queensland Clinical Guidelines), cefotaxime by weight
/// (CHEO neonatal manual), morphine caps by age (BC Children's), vitamin K by birth weight
/// (College of Midwives of BC). See Resources/clinical/drugs/PROVENANCE.md.
final class DosageBandTests: XCTestCase {
    typealias R = RefRaw

    func dose(_ drug: String, _ kg: Double, route: String? = nil, age: Int? = nil, ga: Int? = nil) throws -> ToolResult {
        var raw: [String: RawValue] = ["drug": R.s(drug), "weight_kg": R.n(kg)]
        if let route { raw["route"] = R.s(route) }
        if let age { raw["age_days"] = R.n(Double(age)) }
        if let ga { raw["gestational_age_weeks"] = R.n(Double(ga)) }
        return try refResult(DosageTool.self, raw)
    }

    /// CHEO: GA < 30 weeks, PNA ≤ 14 days 5 mg/kg every 48 h; > 14 days every 36 h.
    func testGentamicinUnder30WeeksByPostnatalAge() throws {
        let day14 = try dose("gentamicin", 0.9, age: 14, ga: 29)
        XCTAssertEqual(day14.number("dose_mg")!, 4.5, accuracy: 1e-9)
        XCTAssertEqual(day14.number("interval_hours"), 48)
        XCTAssertEqual(day14.number("max_daily_dose_mg")!, 2.25, accuracy: 1e-9) // 4.5 mg every 48 h
        XCTAssertEqual(day14.bool("max_daily_dose_stated"), false)
        XCTAssertEqual(try dose("gentamicin", 0.9, age: 15, ga: 29).number("interval_hours"), 36)
    }

    /// CHEO: GA 30–34 weeks 5 mg/kg every 36 h to day 10, every 24 h after; GA ≥ 35 weeks
    /// 4 mg/kg every 24 h to day 7, then 5 mg/kg.
    func testGentamicinBandEdgesByGestation() throws {
        XCTAssertEqual(try dose("gentamicin", 1.8, age: 10, ga: 30).number("interval_hours"), 36)
        XCTAssertEqual(try dose("gentamicin", 1.8, age: 11, ga: 34).number("interval_hours"), 24)
        let term = try dose("gentamicin", 3.5, age: 7, ga: 35)
        XCTAssertEqual(term.number("dose_mg")!, 14, accuracy: 1e-9) // 4 mg/kg × 3.5 kg
        XCTAssertEqual(term.number("interval_hours"), 24)
        XCTAssertEqual(try dose("gentamicin", 3.5, age: 8, ga: 40).number("dose_mg")!, 17.5, accuracy: 1e-9)
        XCTAssertEqual(term.bool("capped"), false)
        XCTAssertEqual(term.bool("max_single_dose_stated"), false)
        XCTAssertEqual(term.word("review"), "needs_local_pharmacist_review")
    }

    func testGentamicinNeedsAgeAndGestationAndStopsAt28Days() {
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("gentamicin"), "weight_kg": R.n(3)]).first?.field, "age_days")
        let noGa = refErrors(DosageTool.self, ["drug": R.s("gentamicin"), "weight_kg": R.n(3), "age_days": R.n(2)])
        XCTAssertEqual(noGa.first?.field, "gestational_age_weeks")
        let older = refErrors(DosageTool.self, ["drug": R.s("gentamicin"), "weight_kg": R.n(4), "age_days": R.n(28),
                                               "gestational_age_weeks": R.n(39)])
        XCTAssertEqual(older.first?.field, "age_days")
        XCTAssertTrue(older.first!.message.contains("no gentamicin iv dose"))
    }

    /// RCH/PIPER: 15 mg/kg; PMA 28–32 weeks every 12 h (max 30 mg/kg/day), 32–36 every 8 h
    /// (60), 37 and over every 6–8 h (60). A 30-week baby on day 14 is 32+0: every 8 hours.
    func testParacetamolOralNeonateByPostmenstrualAge() throws {
        let pma31 = try dose("paracetamol", 1.5, age: 13, ga: 30) // 30+0 + 13 d = 31+6
        XCTAssertEqual(pma31.number("dose_mg")!, 22.5, accuracy: 1e-9)
        XCTAssertEqual(pma31.number("max_daily_dose_mg")!, 45, accuracy: 1e-9)
        XCTAssertEqual(try dose("paracetamol", 1.5, age: 14, ga: 30).number("interval_hours"), 8)
        XCTAssertEqual(try dose("paracetamol", 3.4, age: 3, ga: 39).word("frequency"), "every 6–8 hours")
        // From day 28 the child band (NPS: 15 mg/kg, max 1 g) applies, with no age warning.
        let child = try dose("paracetamol", 4, age: 28)
        XCTAssertEqual(child.number("max_single_dose_mg"), 1000)
        XCTAssertTrue(child.warnings.isEmpty)
    }

    /// MSF IV paracetamol: < 10 kg 10 mg/kg (max 30 mg/kg/day); 10 to < 50 kg 15 mg/kg
    /// (60 mg/kg/day); ≥ 50 kg 1 g every 6 h (4 g/day).
    func testParacetamolIVByWeight() throws {
        XCTAssertEqual(try dose("paracetamol", 9.9, route: "iv", age: 300).number("dose_mg")!, 99, accuracy: 1e-9)
        XCTAssertEqual(try dose("paracetamol", 10, route: "iv", age: 300).number("dose_mg")!, 150, accuracy: 1e-9)
        let adult = try dose("paracetamol", 60, route: "iv", age: 5000)
        XCTAssertEqual(adult.number("dose_mg"), 1000)
        XCTAssertEqual(adult.number("max_daily_dose_mg"), 4000)
    }

    /// Caffeine citrate: loading 20 mg/kg IV, maintenance 5 mg/kg every 24 h IV or oral;
    /// 20 mg/mL, so 1.2 kg → 24 mg = 1.2 mL loading, 6 mg = 0.3 mL maintenance.
    func testCaffeineLoadingAndMaintenance() throws {
        var raw: [String: RawValue] = ["drug": R.s("caffeine_citrate_loading"), "weight_kg": R.n(1.2), "concentration": R.s("20mg_ml")]
        let loading = try refResult(DosageTool.self, raw)
        XCTAssertEqual(loading.number("dose_mg")!, 24, accuracy: 1e-9)
        XCTAssertEqual(loading.number("dose_ml")!, 1.2, accuracy: 1e-9)
        raw["drug"] = R.s("caffeine_citrate_maintenance")
        raw["route"] = R.s("oral")
        XCTAssertEqual(try refResult(DosageTool.self, raw).number("dose_ml")!, 0.3, accuracy: 1e-9)
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("caffeine_citrate_loading"), "weight_kg": R.n(1.2),
                                                   "route": R.s("oral")]).first?.field, "route")
    }

    /// QCG benzylpenicillin 60 mg/kg: PMA 37+0–44+6 every 12 h on days 0–7, every 8 h from day 8.
    func testBenzylpenicillinIntervalByDayOfLife() throws {
        XCTAssertEqual(try dose("benzylpenicillin", 3.5, age: 7, ga: 39).number("interval_hours"), 12)
        let day8 = try dose("benzylpenicillin", 3.5, age: 8, ga: 39)
        XCTAssertEqual(day8.number("interval_hours"), 8)
        XCTAssertEqual(day8.number("dose_mg")!, 210, accuracy: 1e-9)
    }

    /// CHEO cefotaxime: < 1.2 kg 75 mg/kg every 12 h; ≥ 1.2 kg after day 7, 50 mg/kg every 6 h.
    func testCefotaximeByWeightAndAge() throws {
        XCTAssertEqual(try dose("cefotaxime", 1.19, age: 10).number("interval_hours"), 12)
        XCTAssertEqual(try dose("cefotaxime", 1.2, age: 8).number("dose_mg")!, 60, accuracy: 1e-9)
    }

    /// BC Children's morphine IV: ≥ 6 months 0.05 mg/kg, usual max 4 mg under 7 years and 8 mg
    /// at 7–12 years: 90 kg at 5 years is capped at 4 mg.
    func testMorphineCapsByAgeAndNeedsAge() throws {
        let capped = try dose("morphine", 90, route: "iv", age: 5 * 365)
        XCTAssertEqual(capped.number("dose_mg"), 4)
        XCTAssertEqual(capped.bool("capped"), true)
        XCTAssertEqual(try dose("morphine", 4, route: "iv", age: 30).number("dose_mg")!, 0.1, accuracy: 1e-9)
        XCTAssertEqual(refErrors(DosageTool.self, ["drug": R.s("morphine"), "weight_kg": R.n(4)]).first?.field, "age_days")
    }

    /// CMBC vitamin K: 1 mg IM if birth weight ≥ 1500 g, 0.5 mg below; fixed, not per kg.
    func testVitaminKByBirthWeight() throws {
        XCTAssertEqual(try dose("phytomenadione", 1.499, route: "im").number("dose_mg"), 0.5)
        XCTAssertEqual(try dose("phytomenadione", 1.5, route: "im").number("dose_mg"), 1)
        XCTAssertEqual(try dose("phytomenadione", 3.2, route: "oral").number("dose_mg"), 2)
    }

    /// eTG croup: dexamethasone 0.15 mg/kg orally, up to 12 mg: 100 kg is capped.
    func testDexamethasoneCap() throws {
        XCTAssertEqual(try dose("dexamethasone", 12).number("dose_mg")!, 1.8, accuracy: 1e-9)
        XCTAssertEqual(try dose("dexamethasone", 100).number("dose_mg"), 12)
    }

    func testHelpListsEveryDrugWithItsRoutes() throws {
        let help = DosageTool.spec.applicability.joined(separator: "\n")
        for drug in try DrugFormulary.shared.get().drugs {
            XCTAssertTrue(help.contains("\(drug.id) (\(drug.routes.joined(separator: ", ")))"), drug.id)
        }
    }
}
