import ChildProcess
import Foundation
import XCTest
@testable import WardStore

/// The drug table's sign-off: only a pharmacist records it (others refused and audited), it is
/// one audited write naming the table's version and checksum, a changed table is not covered,
/// and `cotside drugs sign-off --by` does the same from the command line.
final class DrugTableSignOffTests: WardStoreTestCase {
    static let checksum = String(repeating: "ab", count: 32)

    @discardableResult
    func addPharmacist(_ initials: String = "PH") async throws -> Staff {
        try await store.addStaff(StaffDraft(name: "Pharmacist \(initials)", initials: initials, role: .pharmacist), by: nil).record
    }

    func testAPharmacistSignsOffOnceAndItIsAudited() async throws {
        try await addDoctor()
        let pharmacist = try await addPharmacist()
        let none = try await store.drugTableSignOff()
        XCTAssertNil(none)
        let signed = try await store.signOffDrugTable(version: "v1", checksum: Self.checksum, by: pharmacist.id)
        XCTAssertEqual(signed.staffName, "Pharmacist PH")
        XCTAssertEqual(signed.signedAt, noon)
        let stored = try await store.drugTableSignOff()
        XCTAssertEqual(stored, signed)
        XCTAssertTrue(signed.covers(version: "v1", checksum: Self.checksum))
        XCTAssertFalse(signed.covers(version: "v1", checksum: String(repeating: "cd", count: 32)), "an edited table lapses it")
        XCTAssertFalse(signed.covers(version: "v2", checksum: Self.checksum), "a new version lapses it")
        let audits = try await store.auditEntries(entity: .setting, entityId: 0)
        XCTAssertEqual(audits.count, 1)
        XCTAssertEqual(audits.first?.staffId, pharmacist.id)
        XCTAssertTrue(audits.first?.afterJSON?.contains("drugTableSignOff") ?? false)
        // Not a declared setting: `cotside settings set` cannot name it.
        XCTAssertNil(WardSettingKey(commandName: "drug_table_sign_off"))
    }

    func testOnlyAPharmacistMaySignOffAndTheRefusalIsAudited() async throws {
        let doctor = try await addDoctor()
        do {
            _ = try await store.signOffDrugTable(version: "v1", checksum: Self.checksum, by: doctor.id)
            XCTFail("a doctor signed the drug table off")
        } catch let error as WardPermissionError {
            XCTAssertEqual(error.permission, .signOffDrugTable)
            XCTAssertTrue(error.description.contains("only a pharmacist may sign off the ward's drug table"), error.description)
        }
        let stored = try await store.drugTableSignOff()
        XCTAssertNil(stored)
        let refusals = try await store.auditEntries(entity: .staff, entityId: doctor.id).filter { $0.action == .refused }
        XCTAssertEqual(refusals.count, 1)
    }

    func testASignOffNamesItsPharmacistAndAChecksum() async throws {
        do {
            _ = try await store.signOffDrugTable(version: "v1", checksum: "nothex", by: nil)
            XCTFail("accepted")
        } catch let error as WardValidationError {
            XCTAssertEqual(Set(error.issues.map(\.field)), ["by", "checksum"])
        }
    }

    func testTheCommandLineSignsOffAndShowsTheReview() async throws {
        try await addDoctor()
        try await addPharmacist()
        let before = try runCotside(["drugs"])
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertTrue(before.stdout.contains("needs local pharmacist review"), before.stdout)
        XCTAssertTrue(before.stdout.contains("gentamicin  iv"), before.stdout)
        let refused = try runCotside(["drugs", "sign-off", "--by", "DR"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("only a pharmacist may sign off the ward's drug table"), refused.stderr)
        let signed = try runCotside(["drugs", "sign-off", "--by", "PH"])
        XCTAssertEqual(signed.status, 0, signed.stderr)
        XCTAssertTrue(signed.stdout.contains("reviewed by Pharmacist PH on "), signed.stdout)
        let json = try runCotside(["drugs", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let review = object["review"] as! [String: Any]
        XCTAssertEqual(review["signed"] as? Bool, true)
        XCTAssertEqual(review["by"] as? String, "Pharmacist PH")
        XCTAssertEqual((object["checksum"] as? String)?.count, 64)
    }

    /// An export made after a sign-off imports into a new ward with the sign-off intact (the
    /// reserved row is not refused as an unknown ward setting).
    func testAnExportWithASignOffImportsWithIt() async throws {
        try await addDoctor()
        let pharmacist = try await addPharmacist()
        let signed = try await store.signOffDrugTable(version: "v1", checksum: Self.checksum, by: pharmacist.id)
        let out = folder.appendingPathComponent("out").path
        let exported = try runCotside(["export", "--out", out])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let target = folder.appendingPathComponent("target.sqlite").path
        let imported = try ChildProcess.run(cotsideBinary.path, ["import", out + "/" + WardExportKind.jsonFileName, "--by", "DR",
                                                                 "--db", target, "--now", "2026-03-10T12:00:00Z"],
                                            environment: Self.englishEnvironment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let copy = try SQLiteWardStore(path: target)
        let carried = try await copy.drugTableSignOff()
        XCTAssertEqual(carried, signed)
    }

    /// The same for the other reserved row beside the settings: the stroke centre list's mode
    /// (`cotside centres import`) travels with an export instead of failing the import.
    func testAnExportWithAnImportedCentreListImports() async throws {
        try await addDoctor()
        let centre = StoredStrokeCentre(name: "Nord", type: "comprehensive_stroke_center", address: nil, city: "Hamburg",
                                        postcode: nil, region: nil, country: nil, latitude: 53.6, longitude: 10.0, phone: nil,
                                        emergencyPhone: nil, neurosurgery: true, thrombectomy: true, thrombolysis: true, beds: nil,
                                        network: nil, sourceId: nil)
        _ = try await store.importStrokeCentres([centre], mode: .replace, by: nil)
        let out = folder.appendingPathComponent("out").path
        XCTAssertEqual(try runCotside(["export", "--out", out]).status, 0)
        let target = folder.appendingPathComponent("target.sqlite").path
        let imported = try ChildProcess.run(cotsideBinary.path, ["import", out + "/" + WardExportKind.jsonFileName, "--by", "DR",
                                                                 "--db", target, "--now", "2026-03-10T12:00:00Z"],
                                            environment: Self.englishEnvironment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let copy = try SQLiteWardStore(path: target)
        let centres = try await copy.strokeCentres()
        XCTAssertEqual(centres.mode, .replace)
    }

    /// And the PIN question a ward made before PINs still has pending (migration v10).
    func testAnExportWithThePinQuestionPendingImports() async throws {
        try await addDoctor()
        try await filePool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('requirePinQuestion', 'pending')")
        }
        let out = folder.appendingPathComponent("out").path
        XCTAssertEqual(try runCotside(["export", "--out", out]).status, 0)
        let target = folder.appendingPathComponent("target.sqlite").path
        let imported = try ChildProcess.run(cotsideBinary.path, ["import", out + "/" + WardExportKind.jsonFileName, "--by", "DR",
                                                                 "--db", target, "--now", "2026-03-10T12:00:00Z"],
                                            environment: Self.englishEnvironment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }
}
