import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The erased patient of the erasure tests, charted with every kind of record, and the search
/// of the ward file's raw bytes for them.
class ErasureTestCase: WardStoreTestCase {
    /// The patient erased in these tests: words found nowhere else in a demo ward.
    let given = "Zephyrine", family = "Quillfeather", number = "RX9Q77731", born = "2026-01-17"

    func distinctPatient(bed: String = "40") -> PatientDraft {
        PatientDraft(bedLabel: bed, givenName: given, familyName: family, hospitalNumber: number,
                     dateOfBirth: CalendarDay(born)!, sex: .female, gestationalAgeWeeks: 30, gestationalAgeDays: 1,
                     birthWeightGrams: 1400, admittedAt: noon.addingTimeInterval(-3600 * 30))
    }

    /// One record of every kind for `patient`, each note naming the family.
    @discardableResult
    func chartEverything(for patient: Patient, by staff: Int64?) async throws -> ErasureCounts {
        let at = noon.addingTimeInterval(-3600)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: at, kind: .wet,
                                                            notes: "\(patient.familyName) settled"), by: staff)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: at, kind: .formula, volumeML: 20,
                                              notes: "fed by \(patient.familyName) family"), by: staff)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: at, kind: .weight, value: 1450,
                                                            notes: "\(patient.familyName) weighed"), by: staff)
        _ = try await store.setGoalRange(patientId: patient.id, kind: .heartRate, GoalRange(low: 120, high: 170, source: "patient"),
                                         by: staff)
        let daily = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "caffeine citrate", doseAmount: 5,
                                                                  doseUnit: .mg, route: .oral, schedule: .fixedTimes([TimeOfDay("08:00")!]),
                                                                  startsAt: patient.admittedAt, category: .other), by: staff).record
        _ = try await store.recordDose(DoseRecordDraft(medicationId: daily.id, scheduledAt: date("2026-03-10T08:00:00Z"), status: .given,
                                                       recordedAt: date("2026-03-10T08:05:00Z"), notes: "\(patient.familyName) ok"), by: staff)
        _ = try await store.setMedicationPaused(id: daily.id, paused: true, by: staff)
        let prn = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "paracetamol", doseAmount: 15,
                                                                doseUnit: .mg, route: .oral,
                                                                schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4),
                                                                startsAt: patient.admittedAt, category: .antipyretic), by: staff).record
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: at, notes: "\(patient.familyName) febrile"),
                                            by: staff)
        _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: patient.id, toolId: "bsa",
                                                                       inputsJSON: #"{"height_cm":45,"weight_kg":1.4}"#,
                                                                       resultJSON: #"{"bsa_m2":0.13}"#, summary: "bsa_m2 0.13",
                                                                       reviewed: true), by: staff)
        _ = try await store.saveStrokeAssessment(StrokeAssessmentDraft(patientId: patient.id, module: "coma", inputsJSON: "{}",
                                                                       resultJSON: "{}", summary: "coma"), by: staff)
        var counts = ErasureCounts()
        counts.patients = 1; counts.nappyChanges = 1; counts.feeds = 1; counts.measurements = 1; counts.goalRanges = 1
        counts.medications = 2; counts.medicationPauses = 1; counts.doseRecords = 1; counts.asNeededDoses = 1
        counts.calculatorResults = 1; counts.strokeAssessments = 1
        return counts
    }

    /// Bytes of the ward file and its log, letters folded to lower case.
    func fileBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        for path in [dbPath, dbPath + "-wal"] where FileManager.default.fileExists(atPath: path) {
            bytes += try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    /// The patient's words found in the file (case-insensitive; FTS5 keeps words in lower case).
    func traces(in bytes: [UInt8]) -> [String] {
        [given, family, number, born].filter { word in
            let needle = Array(word.lowercased().utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                guard buffer.count >= needle.count else { return false }
                for start in 0...(buffer.count - needle.count) where buffer[start] == needle[0] {
                    if Array(buffer[start..<start + needle.count]) == needle { return true }
                }
                return false
            }
        }
    }
}

/// Erasure on request: every record of the patient goes in one transaction, the audit trail
/// keeps only that (and how much) was erased, earlier audit images are redacted, and nothing
/// of the patient's name, hospital number or date of birth is left anywhere in the file.
final class ErasureTests: ErasureTestCase {
    func testErasureRemovesEveryRecordOfThePatientAndKeepsOnlyCountsInTheAuditTrail() async throws {
        let doctor = try await addDoctor("AB")
        let kept = try await admit(bed: "3", given: "Ava", hospitalNumber: "H100", by: doctor.id)
        try await chartEverything(for: kept, by: doctor.id)
        let admitted = try await store.admit(distinctPatient(), by: doctor.id).record
        let expected = try await chartEverything(for: admitted, by: doctor.id)
        let erased = try await store.discharge(patientId: admitted.id, at: noon, by: doctor.id).record
        let unlinked = try await store.saveStrokeAssessment(StrokeAssessmentDraft(patientId: nil, module: "coma", inputsJSON: "{}",
                                                                                  resultJSON: "{}", summary: "walk-in"), by: doctor.id)
        let nappyAudit = try await sql { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM audit_entry WHERE entity = 'nappyChange' AND entityId = (SELECT id FROM nappy_change WHERE patientId = ?)",
                               arguments: [erased.id])!
        }
        let keptBefore = try await sql { db in try String.fetchAll(db, sql: "SELECT coalesce(afterJSON, '') FROM audit_entry ORDER BY id") }

        let plan = try await store.erasurePlan(hospitalNumber: " rx9q77731 ")
        XCTAssertEqual(plan.hospitalNumber, number)
        XCTAssertEqual(plan.patients.map(\.id), [erased.id])
        XCTAssertEqual(plan.counts, expected)
        let report = try await store.erasePatient(hospitalNumber: "rx9q77731", by: doctor.id)
        XCTAssertEqual(report.removed, expected)
        XCTAssertEqual(report.auditEntriesRedacted, plan.auditEntriesToRedact)
        XCTAssertGreaterThanOrEqual(report.auditEntriesRedacted, 12, "admission, discharge and every entry's audit")
        XCTAssertTrue(report.logEmptied)

        let patientAfter = try await store.patient(id: erased.id)
        XCTAssertNil(patientAfter)
        let left = try await sql { db in
            try ["nappy_change", "feed", "measurement", "measurement_goal", "medication", "dose_record", "as_needed_dose",
                 "calculator_result", "stroke_assessment"].map { table in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE patientId = ?", arguments: [erased.id])!
            } + [try Int.fetchOne(db, sql: "SELECT count(*) FROM medication_pause")!]
        }
        XCTAssertEqual(left, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "the kept patient's pause stays")
        let keptCounts = try await sql { db in try SQLiteWardStore.counts(patientIds: [kept.id], db: db) }
        var keptExpected = expected
        keptExpected.medicationPauses = 1
        XCTAssertEqual(keptCounts, keptExpected, "the other patient keeps every record")
        let assessments = try await store.strokeAssessments()
        XCTAssertEqual(Set(assessments.map(\.patientId)), [kept.id, nil], "the kept patient's and one linked to nobody stay")
        XCTAssertTrue(assessments.contains { $0.id == unlinked.record.id })

        let audit = try await store.auditEntries(entity: .patient, entityId: erased.id)
        let erasure = try XCTUnwrap(audit.last)
        XCTAssertEqual(erasure.action, .erase)
        XCTAssertEqual(erasure.staffId, doctor.id)
        XCTAssertEqual(erasure.at, noon)
        XCTAssertNil(erasure.beforeJSON)
        XCTAssertEqual(try AuditJSON.decode(ErasureCounts.self, from: try XCTUnwrap(erasure.afterJSON)), expected)
        for entry in audit.dropLast() {
            XCTAssertTrue([entry.beforeJSON, entry.afterJSON].allSatisfy { $0 == nil || $0 == AuditRedaction.marker }, "\(entry)")
        }
        let keptAfter = try await sql { db in try String.fetchAll(db, sql: "SELECT coalesce(afterJSON, '') FROM audit_entry ORDER BY id") }
        XCTAssertEqual(keptAfter.filter { $0.contains(self.family) || $0.contains(self.number) }, [], "no audit image names the patient")
        XCTAssertEqual(keptAfter.filter { $0.contains("Ava") }.count, keptBefore.filter { $0.contains("Ava") }.count,
                       "the kept patient's audit is untouched")
        do {
            _ = try await store.undo(auditEntryIds: [nappyAudit], by: doctor.id)
            XCTFail("an erased record's audit entry cannot be undone")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("was erased"), error.description)
        }
    }

    func testAnUnknownNumberAnAdmittedPatientOrAnInactiveEraserIsRefusedAndNothingChanges() async throws {
        let doctor = try await addDoctor("AB")
        let leaver = try await addDoctor("CD")
        _ = try await store.deactivateStaff(id: leaver.id, by: doctor.id)
        let patient = try await store.admit(distinctPatient(), by: doctor.id).record
        try await chartEverything(for: patient, by: doctor.id)
        let snapshot = { try await self.sql { db in try String.fetchAll(db, sql: "SELECT coalesce(afterJSON, '') FROM audit_entry ORDER BY id") } }
        let auditBefore = try await snapshot()

        await assertValidationFails(field: "hospitalNumber", messageContains: "no patient has hospital number H999") {
            _ = try await self.store.erasePatient(hospitalNumber: "H999", by: doctor.id)
        }
        await assertValidationFails(field: "hospitalNumber", messageContains: "still admitted in bed 40; discharge the patient first") {
            _ = try await self.store.erasePatient(hospitalNumber: self.number, by: doctor.id)
        }
        await assertValidationFails(field: "hospitalNumber", messageContains: "still admitted") {
            _ = try await self.store.erasurePlan(hospitalNumber: self.number)
        }
        _ = try await store.discharge(patientId: patient.id, at: noon, by: doctor.id)
        let auditDischarged = try await snapshot()
        do {
            _ = try await store.erasePatient(hospitalNumber: number, by: leaver.id)
            XCTFail("an inactive staff member cannot erase")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("not an active staff member"), error.description)
        }
        XCTAssertEqual(auditDischarged.count, auditBefore.count + 1)
        let auditAfter = try await snapshot()
        XCTAssertEqual(Array(auditAfter.dropLast()), auditDischarged, "nothing redacted")
        XCTAssertEqual(auditAfter.count, auditDischarged.count + 1, "only the refusal written")
        XCTAssertTrue(auditAfter.last?.contains(#""permission":"eraseOrImport""#) ?? false, "the inactive eraser's refusal: \(auditAfter.last ?? "")")
        let stillThere = try await store.patient(id: patient.id)
        XCTAssertNotNil(stillThere)
    }

    /// Every admission with the number goes, including a record deleted earlier (soft delete
    /// keeps the row).
    func testEveryRecordWithTheNumberIsErasedTogether() async throws {
        let doctor = try await addDoctor("AB")
        let first = try await store.admit(distinctPatient(bed: "40"), by: doctor.id).record
        _ = try await store.discharge(patientId: first.id, at: noon.addingTimeInterval(-3600 * 2), by: doctor.id)
        let second = try await store.admit(distinctPatient(bed: "41"), by: doctor.id).record
        _ = try await store.discharge(patientId: second.id, at: noon, by: doctor.id)
        let report = try await store.erasePatient(hospitalNumber: number, by: doctor.id)
        XCTAssertEqual(report.removed.patients, 2)
        XCTAssertEqual(report.auditEntryIds.count, 2, "one erase entry per patient record")
        let all = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM patient")! }
        XCTAssertEqual(all, 0)
    }

    /// The redaction is one UPDATE that keeps every column but the images and writes only the
    /// marker into them, so issue 15's append-only trigger can allow exactly it. The trigger
    /// below is that rule; with it in place the erasure still runs and any other change fails.
    func testTheRedactionIsTheOneChangeAnAppendOnlyAuditTriggerNeedsToAllow() async throws {
        let doctor = try await addDoctor("AB")
        let patient = try await store.admit(distinctPatient(), by: doctor.id).record
        try await chartEverything(for: patient, by: doctor.id)
        _ = try await store.discharge(patientId: patient.id, at: noon, by: doctor.id)
        let marker = AuditRedaction.marker
        try await filePool.write { db in
            try db.execute(sql: """
                CREATE TRIGGER audit_entry_append_only BEFORE UPDATE ON audit_entry
                WHEN NOT (NEW.id IS OLD.id AND NEW.at IS OLD.at AND NEW.staffId IS OLD.staffId AND NEW.action IS OLD.action
                    AND NEW.entity IS OLD.entity AND NEW.entityId IS OLD.entityId
                    AND NEW.beforeJSON IS (CASE WHEN OLD.beforeJSON IS NULL THEN NULL ELSE '\(marker)' END)
                    AND NEW.afterJSON IS (CASE WHEN OLD.afterJSON IS NULL THEN NULL ELSE '\(marker)' END))
                BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
                CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
                BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
                """)
        }
        let report = try await store.erasePatient(hospitalNumber: number, by: doctor.id)
        XCTAssertGreaterThan(report.auditEntriesRedacted, 0)
        do {
            try await filePool.write { db in try db.execute(sql: "UPDATE audit_entry SET afterJSON = '{}' WHERE id = 1") }
            XCTFail("any other change of the audit trail is refused")
        } catch let error as DatabaseError {
            XCTAssertTrue(error.description.contains("append-only"), error.description)
        }
    }

    /// The issue's test: erase a patient of a small demo ward, then search the raw bytes of the
    /// file and its log. The patient was edited and a long note of theirs shortened with
    /// `secure_delete` off (as a SQLite built without it would leave them): the old versions sit
    /// in free space, which only the VACUUM after the erasure wipes.
    func testNoNameNumberOrDateOfBirthOfAnErasedPatientIsLeftInTheFile() async throws {
        let doctor = try await addDoctor("ZZ")  // the ward's first member: its ward admin, who may erase
        try await DemoWard.generate(into: try storeToSeed, cots: 3, days: 3, seed: 7, now: noon, timeZone: london)
        var draft = distinctPatient()
        draft.givenName = "Zephyrine Anne"
        let patient = try await store.admit(draft, by: doctor.id).record
        try await chartEverything(for: patient, by: doctor.id)
        _ = try await store.updatePatient(id: patient.id, distinctPatient(), by: doctor.id)
        let long = String(repeating: "\(family) \(given) \(number) \(born) ", count: 200)
        try await filePool.database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA secure_delete = OFF")
            try db.execute(sql: "UPDATE nappy_change SET notes = ? WHERE patientId = ?", arguments: [long, patient.id])
            try db.execute(sql: "UPDATE nappy_change SET notes = 'short' WHERE patientId = ?", arguments: [patient.id])
        }
        _ = try await store.discharge(patientId: patient.id, at: noon, by: doctor.id)
        try filePool.checkpoint()
        XCTAssertEqual(traces(in: try fileBytes()), [given, family, number, born], "the search finds the patient before")

        let report = try await store.erasePatient(hospitalNumber: number, by: doctor.id)
        XCTAssertTrue(report.logEmptied)
        XCTAssertEqual(traces(in: try fileBytes()), [])
        let others = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE isDemo = 1")! }
        XCTAssertGreaterThan(others, 0, "the demo ward's patients stay")
        let check = try await sql { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        XCTAssertEqual(check, ["ok"])
    }

    /// The backups in the default folder taken before: each says whether it holds the patient.
    func testEarlierBackupsAreListedWithWhetherTheyHoldThePatient() async throws {
        let doctor = try await addDoctor("AB")
        let backups = folder.appendingPathComponent("state/cotside/backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        _ = try store.backup(to: backups.appendingPathComponent("ward-1-before-admission.sqlite").path)
        let patient = try await store.admit(distinctPatient(), by: doctor.id).record
        _ = try await store.discharge(patientId: patient.id, at: noon, by: doctor.id)
        _ = try store.backup(to: backups.appendingPathComponent("ward-2-with-patient.sqlite").path)
        try Data("not a ward".utf8).write(to: backups.appendingPathComponent("ward-3-unreadable.sqlite"))
        try Data().write(to: backups.appendingPathComponent("notes.txt"))
        _ = try await store.erasePatient(hospitalNumber: number, by: doctor.id)

        let folderPath = WardDatabaseLocation.backupsFolder(environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        XCTAssertEqual(folderPath, backups.path)
        let listed = EarlierBackups.list(in: backups.path, before: Date(), hospitalNumber: number.lowercased())
        XCTAssertEqual(listed.map { ($0.path as NSString).lastPathComponent },
                       ["ward-1-before-admission.sqlite", "ward-2-with-patient.sqlite", "ward-3-unreadable.sqlite"])
        XCTAssertEqual(listed.map(\.holdsPatient), [false, true, nil])
        XCTAssertEqual(EarlierBackups.list(in: backups.path, before: Date().addingTimeInterval(-3600), hospitalNumber: number), [],
                       "only backups taken before the erasure")
    }
}
