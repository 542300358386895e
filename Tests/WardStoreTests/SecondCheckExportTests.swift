import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The second checker flows through export and import, and an export made before it (no
/// `checkedBy` key) still imports, its doses unchecked.
final class SecondCheckExportTests: WardStoreTestCase {
    var exports: URL { folder.appendingPathComponent("exports") }

    func exportJSON(_ name: String) async throws -> String {
        let out = exports.appendingPathComponent(name)
        _ = try await store.exportWard(WardExportRequest(folder: out.path, format: .json, cotsideVersion: "test", exportedAt: clock.now),
                                 progress: { _ in })
        return try String(contentsOf: out.appendingPathComponent(WardExportKind.jsonFileName), encoding: .utf8)
    }

    func imported(_ json: String, _ name: String) async throws -> SQLiteWardStore {
        let clock = self.clock!
        let copy = try SQLiteWardStore(path: folder.appendingPathComponent(name).path, clock: { clock.now }, timeZone: london)
        _ = try await copy.importWard(WardImportRequest(data: Data(json.utf8), byInitials: "AO", merge: false))
        return copy
    }

    func testTheCheckerIsExportedAndImportedAndAnOlderExportStillImports() async throws {
        let nurse = try await addNurse("AO")
        let checker = try await addNurse("BK")
        let patient = try await admit()
        let med = try await store.addMedication(MedicationDraft(
            patientId: patient.id, drugName: "gentamicin", doseAmount: 10, doseUnit: .mg, route: .iv,
            schedule: .fixedTimes(times("08:00")), startsAt: patient.admittedAt, category: .antibiotic), by: nil).record
        let prn = try await addMedication(patient: patient, name: "morphine", schedule: .asNeeded(minimumIntervalMinutes: 60, maxDosesPer24h: 6))
        _ = try await store.updateSettings([.secondCheck: "gentamicin, morphine"], by: nurse.id)
        let dose = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T08:00:00Z"),
                                                              status: .given, recordedAt: noon, checkedBy: checker.id), by: nurse.id)
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: noon, checkedBy: checker.id), by: nurse.id)

        let json = try await exportJSON("now")
        XCTAssertTrue(json.contains("\"checkedBy\": \(checker.id)"), "the checker is exported")
        XCTAssertTrue(json.contains("\"category\": \"antibiotic\""))
        let copy = try await imported(json, "copy.sqlite")
        let back = try await copy.doseRecord(id: dose.record.id)
        XCTAssertEqual(back?.checkedBy, checker.id)
        let settings = try await copy.settings()
        XCTAssertEqual(settings.secondCheck.text, "gentamicin, morphine")
        await copy.close()

        // An export from before the second check has no checkedBy key: it imports, nobody checked.
        let old = json.replacingOccurrences(of: #"(,\s*)?"checkedBy": (\d+|null)"#, with: "", options: .regularExpression)
        XCTAssertFalse(old.contains("\"checkedBy\": "))
        let older = try await imported(old, "older.sqlite")
        let unchecked = try await older.doseRecord(id: dose.record.id)
        XCTAssertEqual(unchecked?.status, .given)
        XCTAssertNil(unchecked?.checkedBy)
        await older.close()
    }
}
