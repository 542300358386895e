import Foundation
import WardSQL
import WardStore
import WardStorePostgres
import XCTest

/// Two workstations — two stores, each on its own connections to one ward on the server — run
/// the same check-then-write rule at the same moment, many times over: exactly one wins every
/// time, and the other is refused by the rule (never by a bare serialization error), so no
/// dose is given twice, no bed or initials are taken twice, and nothing is undone or discharged
/// twice. (SERIALIZABLE writes, retried when they lose a race: `PostgresSQLDatabase`.)
final class StoreRaceTests: XCTestCase {
    static let rounds = 12
    static let clockTime = ISO8601DateFormatter().date(from: "2026-03-10T12:00:00Z")!

    /// Two stores on one fresh ward schema, PINs not required; nil (skipped) without a server.
    func twoWorkstations() async throws -> (SQLiteWardStore, SQLiteWardStore, drop: @Sendable () async throws -> Void)? {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return nil }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let (first, drop) = try await PostgresTestServer.freshSchema(at: location)
        let second = try await PostgresSQLDatabase.open(first.location, applicationName: "cotside-test-second")
        let now = Self.clockTime
        let zone = TimeZone(identifier: "Europe/London")!
        let a = try await SQLiteWardStore.open(server: WardServer(database: first, location: "first", wardSchema: nil),
                                              clock: { now }, timeZone: zone)
        let b = try await SQLiteWardStore.open(server: WardServer(database: second, location: "second", wardSchema: nil),
                                              clock: { now }, timeZone: zone)
        _ = try await a.database.write { db in
            try db.execute("""
                INSERT INTO ward_setting (key, value) VALUES ('requirePin', '0')
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        }
        return (a, b, { await second.close(); try await drop() })
    }

    /// Runs `attempt` on both stores at once; how many succeeded, and what the losers threw.
    func race(_ a: SQLiteWardStore, _ b: SQLiteWardStore,
              _ attempt: @escaping @Sendable (SQLiteWardStore) async throws -> Void) async -> (wins: Int, refusals: [Error]) {
        await withTaskGroup(of: Error?.self) { group in
            for store in [a, b] {
                group.addTask {
                    do { try await attempt(store); return nil } catch { return error }
                }
            }
            var wins = 0
            var refusals: [Error] = []
            for await outcome in group {
                if let outcome { refusals.append(outcome) } else { wins += 1 }
            }
            return (wins, refusals)
        }
    }

    func assertOneWinner(_ outcome: (wins: Int, refusals: [Error]), _ what: String, refusedBy rule: (Error) -> Bool,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome.wins, 1, "\(what): exactly one workstation wins (refusals: \(outcome.refusals))", file: file, line: line)
        for error in outcome.refusals {
            XCTAssertFalse(error is SQLEngineError, "\(what): refused by the rule, not a raw engine error: \(error)", file: file, line: line)
            XCTAssertTrue(rule(error), "\(what): the loser is refused by the rule: \(error)", file: file, line: line)
        }
    }

    static func patient(bed: String, number: String, hoursAgo: Double = 1) -> PatientDraft {
        PatientDraft(bedLabel: bed, givenName: "Ava", familyName: "Race", hospitalNumber: number,
                     dateOfBirth: CalendarDay("2026-03-01")!, sex: .female, gestationalAgeWeeks: 34, gestationalAgeDays: 2,
                     birthWeightGrams: 2100, admittedAt: Self.clockTime.addingTimeInterval(-3600 * hoursAgo))
    }

    func testTwoWorkstationsAdmittingToOneBedFillItOnce() async throws {
        guard let (a, b, drop) = try await twoWorkstations() else { return }
        for round in 0..<Self.rounds {
            let counter = Tally()
            let outcome = await race(a, b) { store in
                _ = try await store.admit(Self.patient(bed: "R\(round)", number: "H\(round)-\(counter.next())"), by: nil)
            }
            assertOneWinner(outcome, "bed R\(round)") { "\($0)".contains("bed") }
        }
        let admitted = try await a.admittedPatients().count
        XCTAssertEqual(admitted, Self.rounds)
        try await drop()
    }

    func testTwoWorkstationsAddingTheSameInitialsAddOneMember() async throws {
        guard let (a, b, drop) = try await twoWorkstations() else { return }
        _ = try await a.addStaff(StaffDraft(name: "Ward Admin", initials: "WA", role: .nurse), by: nil)
        for round in 0..<Self.rounds {
            let initials = "Q" + String(UnicodeScalar(UInt8(ascii: "A") + UInt8(round)))
            let outcome = await race(a, b) { store in
                _ = try await store.addStaff(StaffDraft(name: "Nurse \(initials)", initials: initials, role: .nurse), by: nil)
            }
            assertOneWinner(outcome, "initials \(initials)") { "\($0)".lowercased().contains("initials") }
        }
        try await drop()
    }

    func testTwoWorkstationsDischargingOnePatientDischargeOnce() async throws {
        guard let (a, b, drop) = try await twoWorkstations() else { return }
        for round in 0..<Self.rounds {
            let patient = try await a.admit(Self.patient(bed: "D\(round)", number: "HD\(round)"), by: nil).record
            let outcome = await race(a, b) { store in
                _ = try await store.discharge(patientId: patient.id, at: Self.clockTime, by: nil)
            }
            assertOneWinner(outcome, "discharge \(round)") { "\($0)".contains("discharged") }
        }
        try await drop()
    }

    func testTwoWorkstationsUndoingOneEntryUndoItOnce() async throws {
        guard let (a, b, drop) = try await twoWorkstations() else { return }
        let patient = try await a.admit(Self.patient(bed: "U1", number: "HU1"), by: nil).record
        for round in 0..<Self.rounds {
            let logged = try await a.logNappyChange(
                NappyChangeDraft(patientId: patient.id, occurredAt: Self.clockTime.addingTimeInterval(Double(-60 * (round + 1))),
                                 kind: .wet), by: nil)
            let outcome = await race(a, b) { store in
                _ = try await store.undo(auditEntryIds: [logged.auditEntryId], by: nil)
            }
            assertOneWinner(outcome, "undo \(round)") { _ in true }
        }
        let left = try await a.database.read { db in
            try db.fetchValue("SELECT count(*) FROM nappy_change WHERE deletedAt IS NULL", as: Int.self) ?? -1
        }
        XCTAssertEqual(left, 0, "every nappy undone once")
        try await drop()
    }

    func testTwoWorkstationsGivingOneAsNeededDoseGiveItOnce() async throws {
        guard let (a, b, drop) = try await twoWorkstations() else { return }
        let patient = try await a.admit(Self.patient(bed: "P1", number: "HP1", hoursAgo: 70), by: nil).record
        let prn = try await a.addMedication(MedicationDraft(
            patientId: patient.id, drugName: "paracetamol", doseAmount: 15, doseUnit: .mg, route: .oral,
            schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4), startsAt: patient.admittedAt,
            category: .antipyretic), by: nil).record
        // Rounds 5 h apart: the 4-hour interval decides inside a round, the 24-hour maximum (4) across them.
        for round in 0..<Self.rounds {
            let at = Self.clockTime.addingTimeInterval(Double(-5 * 3600 * (Self.rounds - round)))
            let outcome = await race(a, b) { store in
                _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: at), by: nil)
            }
            let given = try await a.asNeededDoses(medicationId: prn.id, from: .distantPast, to: .distantFuture).count
            XCTAssertLessThanOrEqual(outcome.wins, 1, "round \(round): never two doses at once (\(outcome.refusals))")
            for error in outcome.refusals {
                XCTAssertTrue(error is AsNeededRefusalError, "round \(round): refused by the rule: \(error)")
            }
            // Within any 24 h at most 4: with doses every 5 h the fifth is refused by the maximum.
            XCTAssertLessThanOrEqual(given, round + 1)
        }
        let doses = try await a.asNeededDoses(medicationId: prn.id, from: .distantPast, to: .distantFuture)
            .map(\.givenAt).sorted()
        XCTAssertGreaterThanOrEqual(doses.count, 8, "doses 5 h apart are given, up to 4 in any 24 h")
        for (index, dose) in doses.enumerated() {
            let window = doses[index...].prefix { $0.timeIntervalSince(dose) < 24 * 3600 }
            XCTAssertLessThanOrEqual(window.count, 4, "at most 4 in any 24 h from \(dose)")
        }
        for (earlier, later) in zip(doses, doses.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.timeIntervalSince(earlier), 4 * 3600, "never within 4 h")
        }
        try await drop()
    }
}

/// A counter shared by concurrent tasks.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
