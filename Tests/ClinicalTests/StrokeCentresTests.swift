import XCTest
@testable import Clinical

final class StrokeCentresTests: XCTestCase {
    // Rosetta Code, "Haversine formula": Nashville BNA (36.12, −86.67) to Los Angeles LAX
    // (33.94, −118.40) is 2887.2599506071106 km with R = 6372.8 km. Distance is linear in R,
    // so with the contract's R = 6371 km it is that figure × 6371 / 6372.8.
    func testHaversineMatchesTheRosettaCodeWorkedExampleScaledToR6371() {
        let d = StrokeCentreSearch.distanceKm(Coordinate(latitude: 36.12, longitude: -86.67),
                                              Coordinate(latitude: 33.94, longitude: -118.40))
        XCTAssertEqual(d, 2887.2599506071106 * 6371 / 6372.8, accuracy: 1e-6)
    }

    // Paris–London great-circle distance is commonly given as 344 km (city centres
    // 48.8566 N 2.3522 E, 51.5074 N 0.1278 W); symmetric, and zero to itself.
    func testParisLondonDistanceAndSymmetry() {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
        XCTAssertEqual(StrokeCentreSearch.distanceKm(paris, london), 344, accuracy: 1)
        XCTAssertEqual(StrokeCentreSearch.distanceKm(paris, london), StrokeCentreSearch.distanceKm(london, paris), accuracy: 1e-9)
        XCTAssertEqual(StrokeCentreSearch.distanceKm(paris, paris), 0, accuracy: 1e-9)
    }

    // PROVENANCE.md: the source's 54 entries list four hospitals twice; the shipped file keeps
    // the higher-capability entry of each ("50 entries remain") and files Limburg under Hessen.
    func testStarterListLoadsFiftyDistinctCentres() throws {
        let all = try StrokeCentreStarterList.shared.get()
        XCTAssertEqual(all.count, 50)
        XCTAssertEqual(StrokeCentreSearch.deduplicated(all).count, 50)
        XCTAssertEqual(Set(all.compactMap(\.region)), ["Bayern", "Baden-Württemberg", "Nordrhein-Westfalen", "Hessen"])
    }

    func testDeduplicationKeepsTheFirstOfTheSameNameIgnoringCase() {
        let a = StrokeCentre(name: "Klinikum Passau", type: .neurosurgicalCenter, city: "Passau", latitude: 48.5665, longitude: 13.4)
        let b = StrokeCentre(name: "klinikum passau", type: .regionalStrokeUnit, city: "Passau", latitude: 48.57, longitude: 13.41)
        XCTAssertEqual(StrokeCentreSearch.deduplicated([a, b]), [a])
        let rows = StrokeCentreSearch.nearest([b, a], to: b.coordinate)
        XCTAssertEqual(rows.count, 1)
    }

    func testNearestIsSortedFilteredAndDeduplicated() throws {
        let all = try StrokeCentreStarterList.shared.get()
        let point = Coordinate(latitude: 48.1372, longitude: 11.5756) // Marienplatz, München
        let rows = StrokeCentreSearch.nearest(all, to: point, capability: .thrombectomy)
        XCTAssertFalse(rows.isEmpty)
        XCTAssertEqual(rows.map(\.kilometres), rows.map(\.kilometres).sorted())
        XCTAssertTrue(rows.allSatisfy { $0.centre.thrombectomy })
        XCTAssertEqual(rows.first?.centre.city, "München")
        XCTAssertLessThan(rows.first!.kilometres, 10)
        XCTAssertEqual(Set(rows.map { $0.centre.name.lowercased() }).count, rows.count, "no hospital twice")
        let units = StrokeCentreSearch.nearest(all, to: point, types: [.regionalStrokeUnit])
        XCTAssertTrue(units.allSatisfy { $0.centre.type == .regionalStrokeUnit })
    }

    func testLocationsResolveFromCoordinatesCityOrCentreName() throws {
        let all = try StrokeCentreStarterList.shared.get()
        XCTAssertEqual(try StrokeCentreSearch.resolve("48.14, 11.58", in: all).get(), Coordinate(latitude: 48.14, longitude: 11.58))
        // Accents and case are ignored: "munchen" finds München's centres.
        let munich = try StrokeCentreSearch.resolve("munchen", in: all).get()
        XCTAssertEqual(munich.latitude, 48.1, accuracy: 0.2)
        XCTAssertNoThrow(try StrokeCentreSearch.resolve("Großhadern", in: all).get())
        guard case .failure(let issue) = StrokeCentreSearch.resolve("Atlantis", in: all) else { return XCTFail("Atlantis resolved") }
        XCTAssertTrue(issue.message.contains("neither coordinates"), issue.message)
        guard case .failure(let far) = StrokeCentreSearch.resolve("95,11", in: all) else { return XCTFail("latitude 95 accepted") }
        XCTAssertTrue(far.message.contains("outside"), far.message)
    }

    func testSearchByNameOrCity() throws {
        let all = try StrokeCentreStarterList.shared.get()
        XCTAssertTrue(StrokeCentreSearch.search(all, text: "rechts der isar").contains { $0.city == "München" })
        XCTAssertTrue(StrokeCentreSearch.search(all, text: "münchen").allSatisfy { $0.city == "München" || $0.name.contains("München") })
    }

    func testCSVWithQuotedCellsParses() throws {
        let csv = """
            name,type,city,latitude,longitude,phone,thrombectomy,neurosurgery
            "Klinik ""Nord"", Haus A",comprehensive_stroke_center,Hamburg,53.6,10.0,+49 40 1,yes,false
            """
        let centres = try StrokeCentreParser.parse(csv).get()
        XCTAssertEqual(centres.count, 1)
        XCTAssertEqual(centres[0].name, "Klinik \"Nord\", Haus A")
        XCTAssertTrue(centres[0].thrombectomy)
        XCTAssertFalse(centres[0].neurosurgery)
    }

    func testCSVErrorsNameTheLineFieldAndWhatIsAllowed() {
        let csv = """
            name,type,city,latitude,longitude
            Good,regional_stroke_unit,Ulm,48.4,10.0
            ,hospital,Ulm,91,10.0
            Short,regional_stroke_unit
            """
        guard case .failure(let issues) = StrokeCentreParser.parse(csv) else { return XCTFail("bad CSV accepted") }
        let text = issues.description
        XCTAssertTrue(text.contains("line 3 (name): is missing"), text)
        XCTAssertTrue(text.contains("line 3 (type): ‘hospital’ is not a centre type"), text)
        XCTAssertTrue(text.contains("line 3 (latitude): 91 is outside -90…90"), text)
        XCTAssertTrue(text.contains("line 4: has 2 cells; the header has 5"), text)
        XCTAssertFalse(text.contains("line 2"), text)
    }

    func testCSVHeaderMustNameTheRequiredKeys() {
        guard case .failure(let issues) = StrokeCentreParser.parse("name,city\nA,B\n") else { return XCTFail("accepted") }
        XCTAssertTrue(issues.description.contains("the header has no column ‘latitude’"), issues.description)
    }

    func testJSONIsTypedStrictly() {
        let json = #"[{"name":"A","type":"thrombolysis_hospital","city":"X","latitude":"48","longitude":11,"thrombolysis":"yes"}]"#
        guard case .failure(let issues) = StrokeCentreParser.parse(json) else { return XCTFail("accepted") }
        XCTAssertTrue(issues.description.contains("entry 1 (latitude): must be a number"), issues.description)
        XCTAssertTrue(issues.description.contains("entry 1 (thrombolysis): must be true or false"), issues.description)
        guard case .failure(let notJSON) = StrokeCentreParser.parse("[{") else { return XCTFail("accepted") }
        XCTAssertTrue(notJSON.description.contains("not a JSON array"), notJSON.description)
    }
}
