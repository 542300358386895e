import Clinical
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Triage and centres against the real store: each completed assessment is kept, and the
/// centres screen uses the ward's imported list.
final class StrokeStoreScreenTests: WardTestCase {
    func testCompletedAssessmentIsStoredWithItsInputsAndResults() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await press(.char("3"))
        await type("stroke")
        await press(.enter, .char("y"))
        await type("1000")
        await press(.enter)
        XCTAssertEqual(messageText, "Assessment stored (cotside stroke export lists it).")
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.map(\.module), ["coma"])
        XCTAssertEqual(stored.first?.assessedBy, nurse.id)
        XCTAssertEqual(stored.first?.inputsJSON, #"{"gfap_pg_ml":1000}"#)
        XCTAssertTrue(stored.first?.resultJSON.contains(#""ich_probability":"not_available_offline""#) == true)
        let export = StrokeAssessmentRecord.export(stored, json: true)
        XCTAssertTrue(export.hasPrefix(#"{"id":1,"assessed_at":"2026-11-21T14:05:00Z","module":"coma""#), export)
    }

    func testAnAssessmentTheStoreRefusesSaysItWasNotStoredAndStillShowsTheResults() async throws {
        try await startShell()
        try await store.pool.write { db in try db.execute(sql: "DROP TABLE stroke_assessment") }
        await press(.char("3"))
        await type("stroke")
        await press(.enter, .char("y"))
        await type("1000")
        await press(.enter)
        XCTAssertTrue(messageText?.hasPrefix("The assessment was not stored: ") == true, messageText ?? "")
        XCTAssertEqual(shell.message?.kind, .error)
        XCTAssertTrue(shell.front is StrokeResultsScreen)
    }

    func testCentresScreenUsesTheImportedListWhenItReplacesTheStarterList() async throws {
        let own = StoredStrokeCentre(name: "Kinderklinik Nord", type: "comprehensive_stroke_center", address: nil, city: "Hamburg",
                                     postcode: nil, region: nil, country: nil, latitude: 53.6, longitude: 10.0, phone: "+49 40 1",
                                     emergencyPhone: nil, neurosurgery: false, thrombectomy: true, thrombolysis: true, beds: nil,
                                     network: nil, sourceId: nil)
        _ = try await store.importStrokeCentres([own], mode: .replace, by: nil)
        try await startShell()
        await press(.char("3"))
        await type("centres")
        await press(.enter)
        let text = screenText()
        XCTAssertTrue(text.contains("Kinderklinik Nord · Hamburg"), text)
        XCTAssertFalse(text.contains("München"), text)
    }

    func testEffectiveListExtendsTheStarterListAndOwnEntriesWin() throws {
        let starter = try StrokeCentreStarterList.shared.get()
        var renamed = StrokeCentreDirectory.stored(starter[0])
        renamed.phone = "+49 000"
        let list = StrokeCentreDirectory.effective(starter: starter, imported: [renamed], mode: .extend)
        XCTAssertEqual(list.count, starter.count)
        XCTAssertEqual(list.first { $0.name == starter[0].name }?.phone, "+49 000")
        XCTAssertEqual(StrokeCentreDirectory.effective(starter: starter, imported: [renamed], mode: .replace).count, 1)
    }
}
