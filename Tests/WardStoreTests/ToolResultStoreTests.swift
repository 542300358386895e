import XCTest
@testable import WardStore

final class ToolResultStoreTests: WardStoreTestCase {
    func draft(_ patientId: Int64, reviewed: Bool = true) -> CalculatorResultDraft {
        CalculatorResultDraft(patientId: patientId, toolId: "bsa", inputsJSON: #"{"height_cm":110,"weight_kg":19}"#,
                              resultJSON: #"{"bsa_m2":0.76,"warnings":[]}"#, summary: "bsa_m2 0.76", reviewed: reviewed)
    }

    func testUnreviewedResultIsRefused() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "reviewed", messageContains: "I have reviewed this result") {
            _ = try await self.store.saveCalculatorResult(self.draft(patient.id, reviewed: false), by: nil)
        }
        let saved = try await store.calculatorResults(patientId: patient.id)
        XCTAssertEqual(saved, [])
    }

    func testSavedResultIsAuditedAndAppearsInThePatientsHistoryWithWhoSavedIt() async throws {
        let nurse = try await addNurse("JK")
        let patient = try await admit()
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-600), kind: .wet), by: nurse.id)
        let saved = try await store.saveCalculatorResult(draft(patient.id), by: nurse.id)
        XCTAssertEqual(saved.record.savedBy, nurse.id)
        let audit = try await store.auditEntries(entity: .calculatorResult, entityId: saved.record.id)
        XCTAssertEqual(audit.map(\.action), [.create])
        XCTAssertEqual(audit.first?.staffId, nurse.id)

        let page = try await store.historyPage(HistoryFilter(patientId: patient.id), after: nil, limit: 10)
        XCTAssertEqual(page.events.map(\.kind), [.calculatorResult, .nappyChange], "newest first")
        XCTAssertEqual(page.events[0].title, "Calculator bsa")
        XCTAssertEqual(page.events[0].details, "bsa_m2 0.76")
        XCTAssertEqual(page.events[0].staffInitials, "JK")
        // A nappy-kind filter shows nappies only.
        let wetOnly = try await store.historyPage(HistoryFilter(patientId: patient.id, nappyKinds: [.wet]), after: nil, limit: 10)
        XCTAssertEqual(wetOnly.events.map(\.kind), [.nappyChange])

        // Undo soft-deletes it and History no longer shows it.
        _ = try await store.undo(auditEntryIds: [saved.auditEntryId], by: nurse.id)
        let after = try await store.historyPage(HistoryFilter(patientId: patient.id), after: nil, limit: 10)
        XCTAssertEqual(after.events.map(\.kind), [.nappyChange])
    }

    /// Saving a result to a chart is a write like any other: the permission table is checked for
    /// the named member inside the write, and a refusal is audited with nothing stored.
    func testAnInactiveMembersSaveIsRefusedAndTheRefusalAudited() async throws {
        let nurse = try await addNurse("JK")
        let patient = try await admit()
        let leaver = try await addNurse("LV")
        _ = try await store.deactivateStaff(id: leaver.id, by: nurse.id)
        do {
            _ = try await store.saveCalculatorResult(draft(patient.id), by: leaver.id)
            XCTFail("a member who has left saved a result to the chart")
        } catch {
            XCTAssertTrue("\(error)".contains("not an active staff member"), "\(error)")
        }
        let saved = try await store.calculatorResults(patientId: patient.id)
        XCTAssertEqual(saved, [])
        let refusals = try await store.auditTrail(AuditFilter(actions: [.refused]), olderThan: nil, limit: 10)
        XCTAssertEqual(refusals.count, 1)
    }

    func testHistoryPagesAcrossKindsWithoutGapsOrRepeats() async throws {
        let patient = try await admit()
        for i in 0..<3 {
            clock.now = noon.addingTimeInterval(Double(i) * 60)
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nil)
            _ = try await store.saveCalculatorResult(draft(patient.id), by: nil)
        }
        var seen: [String] = []
        var cursor: HistoryCursor?
        repeat {
            let page = try await store.historyPage(HistoryFilter(patientId: patient.id), after: cursor, limit: 4)
            seen += page.events.map { "\($0.kind.rawValue)#\($0.id)" }
            cursor = page.hasMore ? page.events.last?.cursor : nil
        } while cursor != nil
        XCTAssertEqual(seen.count, 6)
        XCTAssertEqual(Set(seen).count, 6)
    }

    func testStrokeAssessmentIsStoredAuditedAndListed() async throws {
        let saved = try await store.saveStrokeAssessment(
            StrokeAssessmentDraft(patientId: nil, module: "coma", inputsJSON: #"{"gfap_pg_ml":1000}"#,
                                  resultJSON: #"{"volume_ml":23.9}"#, summary: "ICH 23.9 mL large"), by: nil)
        let all = try await store.strokeAssessments()
        XCTAssertEqual(all.map(\.id), [saved.record.id])
        let audit = try await store.auditEntries(entity: .strokeAssessment, entityId: saved.record.id)
        XCTAssertEqual(audit.count, 1)
        await assertValidationFails(field: "module", messageContains: "coma, limited, full") {
            _ = try await self.store.saveStrokeAssessment(
                StrokeAssessmentDraft(patientId: nil, module: "partial", inputsJSON: "{}", resultJSON: "{}", summary: ""), by: nil)
        }
    }

    func centre(_ name: String, city: String = "Ulm") -> StoredStrokeCentre {
        StoredStrokeCentre(name: name, type: "regional_stroke_unit", address: nil, city: city, postcode: nil, region: nil,
                           country: nil, latitude: 48.4, longitude: 10.0, phone: "+49 1", emergencyPhone: nil,
                           neurosurgery: false, thrombectomy: false, thrombolysis: true, beds: nil, network: nil, sourceId: nil)
    }

    func testAnImportedCentreKeepsEveryFieldAndGetsTheStoresId() async throws {
        let full = StoredStrokeCentre(id: 99, name: "Kinderklinik Nord", type: "comprehensive_stroke_center", address: "Weg 1",
                                      city: "Hamburg", postcode: "20000", region: "HH", country: "DE", latitude: 53.6,
                                      longitude: 10.05, phone: "040 1", emergencyPhone: "040 2", neurosurgery: true,
                                      thrombectomy: false, thrombolysis: true, beds: 12, network: "Nord", sourceId: "x-1")
        _ = try await store.importStrokeCentres([full, centre("Plain")], mode: .replace, by: nil)
        let stored = try await store.strokeCentres().centres
        XCTAssertEqual(stored.count, 2)
        XCTAssertNotNil(stored[0].id)
        XCTAssertNotEqual(stored[0].id, 99, "the file's id is not the row's")
        var expected = full
        expected.id = stored[0].id
        XCTAssertEqual(stored[0], expected)
        XCTAssertNil(stored[1].address)
        XCTAssertNil(stored[1].beds)
        XCTAssertFalse(stored[1].neurosurgery)
    }

    func testCentresImportExtendsReplacesAndIsAllOrNothing() async throws {
        var list = try await store.strokeCentres()
        XCTAssertEqual(list.mode, .extend)
        XCTAssertEqual(list.centres, [])
        _ = try await store.importStrokeCentres([centre("A"), centre("B")], mode: .extend, by: nil)
        _ = try await store.importStrokeCentres([centre("b", city: "Neu-Ulm"), centre("C")], mode: .extend, by: nil)
        list = try await store.strokeCentres()
        XCTAssertEqual(list.centres.map(\.name).sorted(), ["A", "C", "b"], "same name (any case) replaced")
        XCTAssertEqual(list.centres.first { $0.name == "b" }?.city, "Neu-Ulm")

        await assertValidationFails(field: "centres[2]", messageContains: "more than once") {
            _ = try await self.store.importStrokeCentres([self.centre("D"), self.centre("D")], mode: .replace, by: nil)
        }
        list = try await store.strokeCentres()
        XCTAssertEqual(list.centres.count, 3, "nothing half-imported")

        _ = try await store.importStrokeCentres([centre("Z")], mode: .replace, by: nil)
        list = try await store.strokeCentres()
        XCTAssertEqual(list.mode, .replace)
        XCTAssertEqual(list.centres.map(\.name), ["Z"])
        let audit = try await store.auditEntries(entity: .strokeCentreList, entityId: 0)
        XCTAssertEqual(audit.count, 3)
        XCTAssertTrue(audit.last?.beforeJSON?.contains("Neu-Ulm") == true, "the replaced list is kept in the audit trail")
    }
}
