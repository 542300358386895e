import Foundation
import GRDB
import WardSQL
import XCTest
@testable import WardStore

/// The records' hand-written `init(row:)` read back exactly what GRDB's Codable encoding stored,
/// with every optional column both set and empty (the decoders replaced Codable for speed).
final class RecordRowDecodingTests: WardStoreTestCase {
    let t0 = Date(timeIntervalSince1970: 1_773_000_000.123)

    /// Stored by GRDB, read back by GRDB and by the portable layer; and the portable layer would
    /// store exactly the columns GRDB stored.
    private func roundTrip<R: PersistableRecord & FetchableRecord & SQLRecord & Equatable>(
        _ record: R, id: Int64, file: StaticString = #filePath, line: UInt = #line) async throws {
        let read = try await filePool.write { db -> R? in
            try record.insert(db)
            return try R.fetchOne(db, key: id)
        }
        XCTAssertEqual(read, record, file: file, line: line)
        let portable = try await GRDBSQLDatabase(filePool.database).read { try $0.fetchRecord(R.self, id: id) }
        XCTAssertEqual(portable, record, "read through WardSQL", file: file, line: line)
        let grdbColumns = try record.databaseDictionary
        let portableColumns = Dictionary(uniqueKeysWithValues: try record.storedColumns().map { ($0.name, $0.value.databaseValue) })
        XCTAssertEqual(portableColumns, grdbColumns, "the columns WardSQL would store", file: file, line: line)
    }

    func testEveryColumnOfEachRecordReadsBackEqual() async throws {
        let nurse = try await addNurse()
        let full = Patient(id: 900, bedLabel: "B7", givenName: "Zoë", familyName: "O'Neil", hospitalNumber: "H9",
                           dateOfBirth: CalendarDay("2026-02-28")!, sex: .male, gestationalAgeWeeks: 29,
                           gestationalAgeDays: 6, birthWeightGrams: 1180, admittedAt: t0,
                           dischargedAt: t0.addingTimeInterval(86_400), createdAt: t0, updatedAt: t0.addingTimeInterval(5),
                           deletedAt: t0.addingTimeInterval(9), isDemo: true)
        try await roundTrip(full, id: 900)
        var bare = full
        (bare.id, bare.bedLabel, bare.dischargedAt, bare.deletedAt, bare.isDemo, bare.sex) = (901, "B8", nil, nil, false, .female)
        try await roundTrip(bare, id: 901)

        let nappy = NappyChange(id: 50, patientId: 901, occurredAt: t0, kind: .mixed, size: .large, stoolColour: .green,
                                nappyWeightGrams: 41, notes: "loose", recordedBy: nurse.id, createdAt: t0, updatedAt: t0,
                                deletedAt: t0, isDemo: true)
        try await roundTrip(nappy, id: 50)
        try await roundTrip(NappyChange(id: 51, patientId: 901, occurredAt: t0, kind: .wet, size: .small, stoolColour: nil,
                                        nappyWeightGrams: nil, notes: "", recordedBy: nil, createdAt: t0, updatedAt: t0,
                                        deletedAt: nil, isDemo: false), id: 51)

        try await roundTrip(Feed(id: 60, patientId: 901, occurredAt: t0, kind: .breast, volumeML: nil, durationMinutes: 15,
                                 notes: "", recordedBy: nil, createdAt: t0, updatedAt: t0, deletedAt: nil, isDemo: false), id: 60)
        try await roundTrip(Feed(id: 61, patientId: 901, occurredAt: t0, kind: .formula, volumeML: 45, durationMinutes: nil,
                                 notes: "warm", recordedBy: nurse.id, createdAt: t0, updatedAt: t0, deletedAt: t0, isDemo: true),
                            id: 61)

        try await roundTrip(MeasurementRecord(id: 70, patientId: 901, measuredAt: t0, kind: .bloodPressure, value: 72,
                                              diastolicMmHg: 41.5, notes: "cuff 4", recordedBy: nurse.id, createdAt: t0,
                                              updatedAt: t0, deletedAt: t0, isDemo: true), id: 70)
        try await roundTrip(MeasurementRecord(id: 71, patientId: 901, measuredAt: t0, kind: .weight, value: 1234.5,
                                              diastolicMmHg: nil, notes: "", recordedBy: nil, createdAt: t0, updatedAt: t0,
                                              deletedAt: nil, isDemo: false), id: 71)

        let medication = try await addMedication(patient: bare, schedule: .fixedTimes(times("08:00", "20:00")), startsAt: t0)
        var asNeeded = medication
        (asNeeded.id, asNeeded.schedule, asNeeded.endsAt, asNeeded.category) = (990, .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4),
                                                                                t0.addingTimeInterval(3600), .antibiotic)
        try await roundTrip(asNeeded, id: 990)
        var leaver = nurse
        (leaver.id, leaver.initials, leaver.active) = (991, "ZZ", false)
        try await roundTrip(leaver, id: 991)
        try await roundTrip(DoseRecord(id: 80, medicationId: medication.id, patientId: 901, scheduledAt: t0,
                                       slotDay: CalendarDay("2026-03-08")!, slotTime: TimeOfDay("20:00")!, status: .withheld,
                                       withheldReason: .nilByMouth, recordedAt: t0, recordedBy: nurse.id,
                                       snoozedUntil: t0.addingTimeInterval(600), notes: "NBM", createdAt: t0, updatedAt: t0,
                                       deletedAt: t0, isDemo: true), id: 80)
        try await roundTrip(DoseRecord(id: 81, medicationId: medication.id, patientId: 901, scheduledAt: t0.addingTimeInterval(60),
                                       slotDay: CalendarDay("2026-03-09")!, slotTime: TimeOfDay("08:00")!, status: nil,
                                       withheldReason: nil, recordedAt: nil, recordedBy: nil, snoozedUntil: nil, notes: "",
                                       createdAt: t0, updatedAt: t0, deletedAt: nil, isDemo: false), id: 81)
    }

    func testAnUnreadableValueIsAnErrorNotACrash() async throws {
        try await roundTrip(Patient(id: 5, bedLabel: "1", givenName: "A", familyName: "B", hospitalNumber: "H",
                                    dateOfBirth: CalendarDay("2026-03-01")!, sex: .female, gestationalAgeWeeks: 40,
                                    gestationalAgeDays: 0, birthWeightGrams: 3000, admittedAt: t0, dischargedAt: nil,
                                    createdAt: t0, updatedAt: t0, deletedAt: nil, isDemo: false), id: 5)
        try await filePool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON; UPDATE patient SET sex = 'neither' WHERE id = 5")
        }
        do {
            _ = try await filePool.read { db in try Patient.fetchOne(db, key: 5) }
            XCTFail("a sex outside the enumeration must not decode")
        } catch {
            XCTAssertTrue("\(error)".contains("sex"), "the error names the column: \(error)")
        }
    }
}
