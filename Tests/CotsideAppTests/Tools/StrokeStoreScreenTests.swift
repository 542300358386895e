import Clinical
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Triage and centres against the real store: nothing is stored until the results are
/// reviewed and saved with `S`, under the selected patient (else unattached), as the signed-in
/// member; saved assessments show in the patient's History. The centres screen uses the
/// ward's imported list.
final class StrokeStoreScreenTests: WardTestCase {
    /// Coma module, GFAP 1000: the results screen.
    func openComaResults() async {
        await press(.char("3"))
        await type("stroke")
        await press(.enter, .char("y"))
        await type("1000")
        await press(.enter)
    }

    func testNothingIsStoredUntilSavedThenItIsUnderTheSelectedPatientAndInHistory() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        // An adult (the stroke tools are for adults): born 2006, 20 years old.
        let patient = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2006-05-01", ga: (40, 0))
        try await startShell()
        await signIn(nurse)
        await openComaResults()
        XCTAssertTrue(shell.front is StrokeResultsScreen)
        XCTAssertFalse(screenText().contains("Does not apply"), screenText())
        XCTAssertTrue(screenText().contains("Not saved yet: S saves it under bed 3 (Ada Lovelace) once you have reviewed it."), screenText())
        var stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.count, 0, "showing the results stores nothing")

        await press(.char("S"))
        XCTAssertTrue(screenText().contains("Save it under bed 3 (Ada"), screenText())
        stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.count, 0, "asking stores nothing")
        await press(.char("y"))
        XCTAssertEqual(messageText, "Stroke assessment saved under bed 3 (Ada Lovelace). u undoes it.")
        stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.map(\.patientId), [patient.id])
        XCTAssertEqual(stored.first?.assessedBy, nurse.id)
        XCTAssertEqual(stored.first?.module, "coma")
        XCTAssertEqual(stored.first?.inputsJSON, #"{"gfap_pg_ml":1000}"#)
        XCTAssertTrue(stored.first?.resultJSON.contains(#""ich_probability":"not_available_offline""#) == true)
        XCTAssertTrue(screenText().contains("✔ Saved under bed 3 (Ada Lovelace)."), screenText())

        // Saved: Esc leaves without asking, and the module form no longer holds unsaved input.
        await press(.escape, .escape)
        XCTAssertTrue(shell.stack.isEmpty, "back on the Tools tab")
        let history = try await store.historyPage(HistoryFilter(patientId: patient.id), after: nil, limit: 50).events
        XCTAssertEqual(history.filter { $0.kind == .strokeAssessment }.count, 1)
        await press(.char("2"))
        let text = screenText()
        XCTAssertTrue(text.contains("Stroke triage coma"), text)
        XCTAssertTrue(text.contains("ICH 23.9 mL large · destination: thromb"), text)
        XCTAssertEqual(stored.first?.summary, "ICH 23.9 mL large · destination: thrombolysis-capable unit (research use only)")
    }

    func testSavingUnderAChildSaysTheToolIsForAdultsBeforeAsking() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        _ = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await signIn(nurse)
        await openComaResults()
        await press(.char("S"))
        let text = screenText()
        XCTAssertTrue(text.contains("Save it under bed 3 (Ada"), text)
        XCTAssertTrue(text.contains("Does not"), text)
        XCTAssertTrue(text.contains("for children under 18"), text)
        await press(.char("n"))
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.count, 0, "No saves nothing")
    }

    func testWithoutAPatientItSaysSoAndSavesUnattached() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await openComaResults()
        await press(.char("S"))
        XCTAssertTrue(screenText().contains("No patient is selected:"), screenText())
        XCTAssertTrue(screenText().contains("save it unattached (cotside stroke export lists it)?"), screenText())
        await press(.char("y"))
        XCTAssertEqual(messageText, "Stroke assessment saved under no patient (unattached). u undoes it.")
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.map(\.patientId), [nil])
        XCTAssertEqual(stored.first?.assessedBy, nurse.id)
    }

    func testSavingNeedsSomeoneSignedInAndStoresNothingWithoutThem() async throws {
        _ = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await openComaResults()
        await press(.char("S"), .char("y"))
        XCTAssertNotNil(messageText)
        XCTAssertFalse(messageText?.contains("saved under") == true, messageText ?? "")
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.count, 0)
        XCTAssertTrue(shell.front is StrokeResultsScreen, "the results stay to be saved once someone signs in")
    }

    func testAnInactiveMemberIsRefusedByTheStoreAndTheRefusalAudited() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let other = try await addStaff("Olu Other", "OO")
        _ = try await store.deactivateStaff(id: other.id, by: nurse.id)
        let draft = StrokeAssessmentDraft(patientId: nil, module: "coma", inputsJSON: "{}", resultJSON: "{}", summary: "ICH")
        do {
            _ = try await store.saveStrokeAssessment(draft, by: other.id)
            XCTFail("an inactive member saved an assessment")
        } catch {}
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.count, 0)
        let trail = try await store.auditTrail(AuditFilter(actions: [.refused]), olderThan: nil, limit: 10)
        XCTAssertEqual(trail.count, 1)
    }

    func testAnAssessmentTheStoreRefusesSaysItWasNotStoredAndStillShowsTheResults() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        try await store.pool.write { db in try db.execute(sql: "DROP TABLE stroke_assessment") }
        await openComaResults()
        await press(.char("S"), .char("y"))
        XCTAssertTrue(messageText?.hasPrefix("The assessment was not stored: ") == true, messageText ?? "")
        XCTAssertEqual(shell.message?.kind, .error)
        XCTAssertTrue(shell.front is StrokeResultsScreen)
        XCTAssertTrue(shell.front.hasUnsavedInput, "still unsaved: Esc will ask")
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
        XCTAssertTrue(text.contains("Kinderklinik Nord — comprehensive stroke centre"), text)
        XCTAssertTrue(text.contains("   Hamburg\n   tel +49 40 1"), text)
        XCTAssertTrue(text.contains(" · thrombectomy, thrombolysis"), text)
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
