import Foundation
import XCTest
@testable import WardStore

/// The ward's second-check list: its syntax, what it matches, and the setting's validation.
final class SecondCheckRulesTests: WardStoreTestCase {
    func rules(_ text: String) throws -> SecondCheckRules { try SecondCheckRules.parse(text).get() }

    func problem(_ text: String) -> String? {
        if case .failure(let problem) = SecondCheckRules.parse(text) { return problem.description }
        return nil
    }

    func testTheListIsReadAndStoredNormalised() throws {
        XCTAssertEqual(try rules("").rules, [])
        XCTAssertEqual(try rules("  ").text, "")
        let list = try rules(" Gentamicin,INSULIN , category:Antibiotic, route:IV + category:antibiotic, drug:morphine ")
        XCTAssertEqual(list.text, "gentamicin, insulin, category:antibiotic, route:iv+category:antibiotic, morphine")
        XCTAssertEqual(try rules(list.text), list, "the stored text reads back the same")
    }

    func testBadListsSayWhatIsWrongAndWhatIsAllowed() {
        XCTAssertEqual(problem("gentamicin,,insulin"), "a rule between two commas is empty")
        XCTAssertEqual(problem("route:iv+"), "‘route:iv+’ has an empty condition around +")
        XCTAssertEqual(problem("category:antibiotics"),
                       "category:antibiotics is not a category; categories: antihypertensive, antidiabetic, antipyretic, antibiotic, other")
        XCTAssertEqual(problem("route:vein"), "route:vein is not a route; routes: oral, iv, im, sc, inhaled, topical, pr, ng")
        XCTAssertEqual(problem("class:opioid"), "‘class:opioid’: only category: and route: (or drug:) come before a colon")
        XCTAssertNotNil(problem("insulin; heparin"))
    }

    /// A misspelt name matches no dose, so it would silently switch the check off: the names no
    /// known drug answers to are found (known = the drug table's and the ward's prescriptions).
    func testNamesNoKnownDrugAnswersToAreFound() throws {
        let rules = try SecondCheckRules.parse("gentamicn, insulin, route:iv+category:antibiotic, morphine+route:iv").get()
        XCTAssertEqual(rules.unknownDrugNames(known: ["gentamicin", "Morphine sulfate", "insulin aspart"]), ["gentamicn"])
        XCTAssertEqual(rules.unknownDrugNames(known: []), ["gentamicn", "insulin", "morphine"])
    }

    func testARuleMatchesWholeWordsAndAllItsConditions() throws {
        let list = try rules("insulin, route:iv+category:antibiotic")
        func med(_ name: String, _ route: MedicationRoute = .oral, _ category: MedicationCategory = .other) -> Medication {
            var m = medicationValue(schedule: .everyHours(8), startsAt: noon, category: category)
            m.drugName = name
            m.route = route
            return m
        }
        XCTAssertEqual(list.rule(for: med("Insulin"))?.description, "insulin")
        XCTAssertEqual(list.rule(for: med("insulin aspart", .sc))?.description, "insulin")
        XCTAssertNil(list.rule(for: med("insulinoma drug")), "a whole word, not any prefix")
        XCTAssertEqual(list.rule(for: med("cefotaxime", .iv, .antibiotic))?.description, "route:iv+category:antibiotic")
        XCTAssertNil(list.rule(for: med("amoxicillin", .oral, .antibiotic)), "every condition must hold")
        XCTAssertNil(SecondCheckRules.none.rule(for: med("insulin")))
    }

    func testTheSettingIsValidatedByTheStoreAndReadBack() async throws {
        let admin = try await addNurse("WA")
        await assertValidationFails(field: "secondCheck", messageContains: "route:vein is not a route") {
            _ = try await self.store.updateSettings([.secondCheck: "gentamicin, route:vein"], by: admin.id)
        }
        await assertValidationFails(field: "secondCheck", messageContains: "at most 300 are allowed") {
            _ = try await self.store.updateSettings([.secondCheck: String(repeating: "insulin, ", count: 40)], by: admin.id)
        }
        let saved = try await store.updateSettings([.secondCheck: "Gentamicin,category:antibiotic"], by: admin.id)
        XCTAssertEqual(saved.secondCheck.text, "gentamicin, category:antibiotic")
        XCTAssertEqual(WardSettings.defaults.secondCheck, .none, "empty by default: no dose needs a second check")
        let cleared = try await store.updateSettings([.secondCheck: ""], by: admin.id)
        XCTAssertEqual(cleared.secondCheck, .none, "empty is allowed")
        XCTAssertEqual(WardSettingKey.secondCheck.commandName, "second_check")
    }
}
