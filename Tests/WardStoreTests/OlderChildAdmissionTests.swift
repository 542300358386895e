import Foundation
import XCTest
@testable import WardStore

/// A child older than 28 days may be admitted without gestational age or birth weight (parents
/// of a 4-year-old seldom know them); a neonate may not, and the refusal says why. The age then
/// has no corrected age, and nothing downstream guesses one.
final class OlderChildAdmissionTests: WardStoreTestCase {
    /// Born 2022-01-15: 4 years old at noon 2026-03-10.
    func olderChild(bed: String = "4") -> PatientDraft {
        var draft = patientDraft(bed: bed, given: "Tom", family: "Four")
        draft.dateOfBirth = CalendarDay("2022-01-15")!
        draft.gestationalAgeWeeks = nil
        draft.gestationalAgeDays = nil
        draft.birthWeightGrams = nil
        return draft
    }

    func testAnOlderChildIsAdmittedWithoutGestationOrBirthWeight() async throws {
        let saved = try await store.admit(olderChild(), by: nil).record
        let stored = try await store.patient(id: saved.id)
        XCTAssertNil(stored?.gestationalAgeWeeks)
        XCTAssertNil(stored?.gestationalAgeDays)
        XCTAssertNil(stored?.birthWeightGrams)
        let age = PatientAge(patient: saved, now: noon, timeZone: london)
        XCTAssertEqual(age.wording.text, "4 y 1 mo")
        XCTAssertFalse(age.isPreterm, "no corrected age without a recorded gestation")
        let dashboard = try await store.dashboard(now: noon, timeZone: london)
        XCTAssertEqual(dashboard.rows.map(\.patient.id), [saved.id], "the Dashboard reads a patient without birth facts")
    }

    func testANeonateWithoutThemIsRefusedNamingTheNeonatalPeriod() async throws {
        var neonate = olderChild()
        neonate.dateOfBirth = CalendarDay("2026-02-09")!  // 27 days old at admission (2026-03-08 20:00)
        await assertValidationFails(field: "gestationalAgeWeeks",
                                    messageContains: "the gestational age is needed for a neonate (27 days old at admission; optional after 28 days)") {
            _ = try await self.store.admit(neonate, by: nil)
        }
        await assertValidationFails(field: "birthWeightGrams", messageContains: "the birth weight is needed for a neonate") {
            _ = try await self.store.admit(neonate, by: nil)
        }
        let patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty, "nothing stored")
    }

    func testTheNeonatalPeriodEndsAfterDay28AtAdmission() {
        var draft = olderChild()
        let admittedDay = CalendarDay(draft.admittedAt, in: london)
        draft.dateOfBirth = admittedDay.adding(days: -28)
        XCTAssertEqual(Set(WardValidation.patient(draft, now: noon, timeZone: london).map(\.field)),
                       ["gestationalAgeWeeks", "birthWeightGrams"], "28 days old is still a neonate")
        draft.dateOfBirth = admittedDay.adding(days: -29)
        XCTAssertEqual(WardValidation.patient(draft, now: noon, timeZone: london), [], "29 days old is not")
    }

    func testGivenBirthFactsAreStillChecked() {
        var draft = olderChild()
        draft.birthWeightGrams = 70_000
        draft.gestationalAgeWeeks = 38
        XCTAssertEqual(WardValidation.patient(draft, now: noon, timeZone: london).map(\.message), [
            "the gestational age needs both weeks and days (e.g. 38+2), or neither when not known",
            "birth weight 70000 g is outside 300–7000 g",
        ])
    }

    func testAnEditCanRecordTheGestationLater() async throws {
        let saved = try await store.admit(olderChild(), by: nil).record
        var draft = saved.draft
        draft.gestationalAgeWeeks = 32
        draft.gestationalAgeDays = 4
        draft.birthWeightGrams = 1650
        let updated = try await store.updatePatient(id: saved.id, draft, by: nil).record
        XCTAssertEqual(updated.gestationDays, 228)
        XCTAssertEqual(updated.birthWeightGrams, 1650)
    }

    func testAnExportWithoutBirthFactsImportsWithThemStillMissing() async throws {
        _ = try await addNurse("AB")
        _ = try await store.admit(olderChild(), by: nil)
        _ = try await store.admit(patientDraft(bed: "5", hospitalNumber: "H5"), by: nil)
        let folder = self.folder.appendingPathComponent("export").path
        _ = try await store.exportWard(WardExportRequest(folder: folder, format: .json, patientId: nil, since: nil, cotsideVersion: "test",
                                                   exportedAt: clock.now), progress: { _ in })
        let text = try String(contentsOfFile: folder + "/" + WardExportKind.jsonFileName, encoding: .utf8)
        XCTAssertTrue(text.contains(#""birthWeightGrams": null"#), "null when not recorded")
        XCTAssertTrue(text.contains(#""birthWeightGrams": 2100"#), "a number when recorded, as an export before this change has")
        let clock = self.clock!
        let copy = try SQLiteWardStore(path: self.folder.appendingPathComponent("copy.sqlite").path, clock: { clock.now }, timeZone: london)
        _ = try await copy.importWard(WardImportRequest(data: Data(text.utf8), byInitials: "AB", merge: false))
        let patients = try await copy.allPatients().sorted { $0.bedLabel < $1.bedLabel }
        XCTAssertEqual(patients.map(\.birthWeightGrams), [nil, 2100])
        XCTAssertEqual(patients.map(\.gestationalAgeWeeks), [nil, 34])
        await copy.close()
    }
}

/// `cotside admit` without --ga and --birth-weight for an older child; exit 2 for a neonate;
/// weights with their unit (`--birth-weight 3.4kg`), `--birth-weight-g` as before.
final class OlderChildAdmitCommandLineTests: WardStoreTestCase {
    func admit(_ extra: [String], bed: String = "4", dob: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCotside(["admit", "--bed", bed, "--given", "Tom", "--family", "Four", "--hospital-number", "H4-\(bed)",
                        "--dob", dob, "--sex", "male", "--admitted-at", "2026-03-10 11:00", "--by", "AB"] + extra)
    }

    func testAnOlderChildIsAdmittedWithoutGaOrBirthWeight() async throws {
        _ = try await addNurse("AB")
        let result = try admit([], dob: "2022-01-15")
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try runCotside(["patients", "--json"])
        XCTAssertTrue(list.stdout.contains(#""gestationalAge" : null"#), list.stdout)
        XCTAssertTrue(list.stdout.contains(#""birthWeightGrams" : null"#), list.stdout)
        let table = try runCotside(["patients"])
        XCTAssertTrue(table.stdout.contains("4 y 1 mo"), table.stdout)
    }

    func testANeonateWithoutThemExitsTwoSayingWhy() async throws {
        _ = try await addNurse("AB")
        let result = try admit([], dob: "2026-03-01")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--ga: the gestational age is needed for a neonate (9 days old at admission; optional after 28 days)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--birth-weight: the birth weight is needed for a neonate"), result.stderr)
        let patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty)
    }

    func testBirthWeightTakesKgOrGAndTheOldOptionStillWorks() async throws {
        _ = try await addNurse("AB")
        XCTAssertEqual(try admit(["--ga", "38+2", "--birth-weight", "3.4kg"], bed: "1", dob: "2026-03-09").status, 0)
        XCTAssertEqual(try admit(["--ga", "38+2", "--birth-weight", "3,25 kg"], bed: "2", dob: "2026-03-09").status, 0)
        XCTAssertEqual(try admit(["--ga", "38+2", "--birth-weight-g", "3100"], bed: "3", dob: "2026-03-09").status, 0)
        let weights = try await store.allPatients().sorted { $0.bedLabel < $1.bedLabel }.map(\.birthWeightGrams)
        XCTAssertEqual(weights, [3400, 3250, 3100])
        let kgInGrams = try admit(["--ga", "38+2", "--birth-weight", "3.4"], bed: "5", dob: "2026-03-09")
        XCTAssertEqual(kgInGrams.status, 2)
        XCTAssertTrue(kgInGrams.stderr.contains("‘3.4’ is not a plausible weight in g; for kg, type 3.4 kg"),
                      kgInGrams.stderr)
        let both = try admit(["--ga", "38+2", "--birth-weight", "3.4kg", "--birth-weight-g", "3400"], bed: "6", dob: "2026-03-09")
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("give one"), both.stderr)
    }

    func testLogMeasurementTakesAWeightWithItsUnit() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let kg = try runCotside(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "3.42kg", "--by", "AB", "--json"])
        XCTAssertEqual(kg.status, 0, kg.stderr)
        XCTAssertTrue(kg.stdout.contains(#""value":3420"#), kg.stdout)
        let bare = try runCotside(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "3400", "--unit", "kg", "--by", "AB"])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.contains("‘3400’ is not a plausible weight in kg; for g, type 3400 g"), bare.stderr)
        let clash = try runCotside(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "3400 g", "--unit", "kg", "--by", "AB"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("--value 3400 g is in g but --unit says kg"), clash.stderr)
    }
}
