import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A set of observations (issue 17): one row and one audit entry per value, all in one
/// transaction; an impossible value or an empty set refuses the whole set; the oxygen an SpO2
/// was read on is stored beside it (and only beside an SpO2), and shown wherever it is.
final class ObservationSetTests: WardStoreTestCase {
    func fullSet(_ patient: Patient, oxygen: OxygenSupport? = OxygenSupport(mode: .litres, amount: 0.5)) -> ObservationSet {
        ObservationSet(patientId: patient.id, measuredAt: clock.now.addingTimeInterval(-600), readings: [
            .init(.pain, 3), .init(.temperature, 37.2), .init(.heartRate, 140), .init(.respiratoryRate, 42),
            .init(.spo2, 97, oxygen: oxygen), .init(.bloodPressure, 70, diastolicMmHg: 40), .init(.glucose, 4.2),
        ], notes: "settled after feed")
    }

    func measurementCount() async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM measurement") ?? -1 }
    }

    func auditCount() async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE entity = 'measurement'") ?? -1 }
    }

    func testASetIsOneRowAndOneAuditEntryPerValueAtOneTime() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let saved = try await store.logObservations(fullSet(patient), by: nurse.id)
        XCTAssertEqual(saved.map(\.record.kind), ObservationSet.kinds, "every value, in the set's order")
        XCTAssertEqual(Set(saved.map(\.record.measuredAt)), [clock.now.addingTimeInterval(-600)], "one time for every value")
        XCTAssertEqual(Set(saved.map(\.auditEntryId)).count, 7, "one audit entry per value")
        XCTAssertTrue(saved.allSatisfy { $0.record.recordedBy == nurse.id && $0.record.notes == "settled after feed" })
        let bp = try XCTUnwrap(saved.first { $0.record.kind == .bloodPressure }?.record)
        XCTAssertEqual(bp.diastolicMmHg, 40)
        for entry in saved {
            let trail = try await store.auditEntries(entity: .measurement, entityId: entry.record.id)
            XCTAssertEqual(trail.map(\.id), [entry.auditEntryId])
            XCTAssertEqual(trail.first?.action, .create)
            XCTAssertEqual(trail.first?.staffId, nurse.id)
        }
        let count = try await measurementCount()
        XCTAssertEqual(count, 7)
    }

    /// The rows are written in one transaction: a failure at the fifth insert (a trigger the
    /// test adds) leaves neither the first four rows nor their audit entries.
    func testAFailureHalfWayThroughStoresNothing() async throws {
        let patient = try await admit()
        try await filePool.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_bp BEFORE INSERT ON measurement WHEN NEW.kind = 'bloodPressure'
                BEGIN SELECT RAISE(ABORT, 'test: the disk is full'); END;
                """)
        }
        do {
            _ = try await store.logObservations(fullSet(patient), by: nil)
            XCTFail("the set should fail")
        } catch {
            XCTAssertTrue("\(error)".contains("the disk is full"), "\(error)")
        }
        let (rows, audits) = (try await measurementCount(), try await auditCount())
        XCTAssertEqual(rows, 0, "no value of a failed set is kept")
        XCTAssertEqual(audits, 0, "nor its audit entries")
    }

    func testAnImpossibleValueRefusesTheWholeSetNamingItsField() async throws {
        let patient = try await admit()
        var set = fullSet(patient)
        set.readings[1] = .init(.temperature, 70)
        await assertValidationFails(field: "temperature", messageContains: "temperature 70 °C is outside 25–45 °C") {
            _ = try await self.store.logObservations(set, by: nil)
        }
        let count = try await measurementCount()
        XCTAssertEqual(count, 0, "the good values of a refused set are not stored either")
    }

    func testAnEmptySetIsRefused() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "readings", messageContains: "at least one value") {
            _ = try await self.store.logObservations(ObservationSet(patientId: patient.id, measuredAt: self.clock.now,
                                                                    readings: []), by: nil)
        }
    }

    func testASetRefusesWeightAndAKindTwice() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "weight", messageContains: "not an observation") {
            _ = try await self.store.logObservations(ObservationSet(patientId: patient.id, measuredAt: self.clock.now,
                                                                    readings: [.init(.weight, 3200)]), by: nil)
        }
        await assertValidationFails(field: "heartRate", messageContains: "given twice") {
            _ = try await self.store.logObservations(ObservationSet(patientId: patient.id, measuredAt: self.clock.now,
                                                                    readings: [.init(.heartRate, 140), .init(.heartRate, 150)]), by: nil)
        }
    }

    func testOxygenOutsideItsRangeOrOffAnSpO2IsRefusedByName() async throws {
        let patient = try await admit()
        for (oxygen, text) in [(OxygenSupport(mode: .litres, amount: 16), "oxygen flow 16 L/min is outside 0.01–15 L/min"),
                               (OxygenSupport(mode: .fio2, amount: 15), "FiO2 15 % is outside 21–100 %"),
                               (OxygenSupport(mode: .fio2), "FiO2 needs an amount"),
                               (OxygenSupport(mode: .air, amount: 2), "room air takes no amount")] {
            await assertValidationFails(field: "oxygen", messageContains: text) {
                _ = try await self.store.logObservations(self.fullSet(patient, oxygen: oxygen), by: nil)
            }
        }
        await assertValidationFails(field: "oxygen", messageContains: "only recorded with an SpO2") {
            _ = try await self.store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: self.clock.now,
                                                                     kind: .heartRate, value: 140, oxygen: .air), by: nil)
        }
        let count = try await measurementCount()
        XCTAssertEqual(count, 0)
    }

    /// The database itself holds the oxygen rules, whoever writes (an import, a script).
    func testTheDatabaseRefusesOxygenOffAnSpO2RowOrOutOfRange() async throws {
        let patient = try await admit()
        func insert(_ kind: String, _ mode: String?, _ amount: Double?) async throws {
            try await filePool.write { db in
                try db.execute(sql: """
                    INSERT INTO measurement (patientId, measuredAt, kind, value, oxygenMode, oxygenAmount, createdAt, updatedAt)
                    VALUES (?, 1, ?, 95, ?, ?, 1, 1)
                    """, arguments: [patient.id, kind, mode, amount])
            }
        }
        for (kind, mode, amount) in [("heartRate", "air", nil), ("heartRate", nil, 2.0), ("spo2", "litres", 20.0),
                                     ("spo2", "litres", nil), ("spo2", "fio2", 20.0), ("spo2", "air", 1.0),
                                     ("spo2", "mask", nil), ("spo2", nil, 40.0)] as [(String, String?, Double?)] {
            do {
                try await insert(kind, mode, amount)
                XCTFail("stored \(kind) \(mode ?? "nil") \(amount.map { "\($0)" } ?? "nil")")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT, "\(kind) \(String(describing: mode))")
            }
        }
        for (mode, amount) in [("air", nil), ("litres", 0.01), ("litres", 15.0), ("fio2", 21.0), ("fio2", 100.0)] as [(String, Double?)] {
            try await insert("spo2", mode, amount)
        }
        try await insert("pain", nil, nil)
    }

    func testOxygenIsShownWithTheSpO2InHistoryAndTheLatest() async throws {
        let patient = try await admit()
        _ = try await store.logObservations(fullSet(patient), by: nil)
        let latest = try await store.latestMeasurements(patientId: patient.id)
        let spo2 = try XCTUnwrap(latest.first { $0.measurement.kind == .spo2 }?.measurement)
        XCTAssertEqual(spo2.oxygen, OxygenSupport(mode: .litres, amount: 0.5))
        XCTAssertEqual(spo2.valueText, "97 % on 0.5 L/min")
        let page = try await store.historyPage(HistoryFilter(patientId: patient.id, kinds: [.measurement]), after: nil, limit: 20)
        XCTAssertTrue(page.events.contains { $0.details == "97 % on 0.5 L/min" }, page.events.map(\.details).description)
        XCTAssertTrue(page.events.contains { $0.details == "3/10" }, "the pain score out of 10")
        var fio2 = fullSet(patient, oxygen: OxygenSupport(mode: .fio2, amount: 40))
        fio2.readings = fio2.readings.filter { $0.kind == .spo2 }
        let saved = try await store.logObservations(fio2, by: nil)
        XCTAssertEqual(saved.first?.record.valueText, "97 % on FiO2 40%")
    }

    func testPainIsAWholeScoreJudgedAgainstItsGoal() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "pain", messageContains: "whole number 0–10") {
            _ = try await self.store.logObservations(ObservationSet(patientId: patient.id, measuredAt: self.clock.now,
                                                                    readings: [.init(.pain, 3.5)]), by: nil)
        }
        await assertValidationFails(field: "pain", messageContains: "outside 0–10") {
            _ = try await self.store.logObservations(ObservationSet(patientId: patient.id, measuredAt: self.clock.now,
                                                                    readings: [.init(.pain, 11)]), by: nil)
        }
        let goals = try await store.goalRanges(patientId: patient.id)
        XCTAssertEqual(goals[.pain]?.mark(3), nil)
        XCTAssertEqual(goals[.pain]?.mark(4), .high, "4 or more calls for treatment")
    }

    func testUndoTakesBackTheWholeSet() async throws {
        let patient = try await admit()
        let saved = try await store.logObservations(fullSet(patient), by: nil)
        _ = try await store.undo(auditEntryIds: saved.map(\.auditEntryId), by: nil)
        let latest = try await store.latestMeasurements(patientId: patient.id)
        XCTAssertTrue(latest.isEmpty, "\(latest)")
    }
}
