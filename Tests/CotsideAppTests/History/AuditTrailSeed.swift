import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// A clock the seeding store moves on, so audit entries get the times a ward's would.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    /// The test's fixed now (14:05): times are set as minutes before it.
    let reference: Date

    init(_ reference: Date) {
        self.reference = reference
        current = reference
    }

    var now: Date { lock.withLock { current } }

    func set(minutesBeforeNow minutes: Double) { lock.withLock { current = reference.addingTimeInterval(-minutes * 60) } }
}

/// What the audit-trail tests seed: a nurse (the ward admin, added first), a doctor and a
/// student, one patient, and one nappy charted and corrected twice.
struct AuditSeed {
    let nurse: Staff
    let doctor: Staff
    let student: Staff
    let ada: Patient
    let nappy: NappyChange
}

extension WardTestCase {
    /// A second store on the test's file whose clock can be moved (the shell's stays at 14:05).
    func withSteppingStore<T>(_ body: (SQLiteWardStore, SteppingClock) async throws -> T) async throws -> T {
        let clock = SteppingClock(Self.now)
        let seeding = try SQLiteWardStore(path: databasePath, clock: { clock.now }, timeZone: Self.utc)
        do {
            let result = try await body(seeding, clock)
            await seeding.close()
            return result
        } catch {
            await seeding.close()
            throw error
        }
    }

    /// 12:00 staff added and Ada admitted to bed 3; 13:00 NN signs in; 13:30 NN charts a wet
    /// nappy (40 g); 13:50 DD corrects it to mixed, yellow, 44 g; 13:55 SS is refused
    /// prescribing; 14:00 NN adds a note to the nappy; 14:01 DD types a wrong PIN three times.
    func seedAuditedWard(wrongPins: Bool = true) async throws -> AuditSeed {
        try await withSteppingStore { store, clock in
            clock.set(minutesBeforeNow: 125)
            let nurse = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil).record
            let doctor = try await store.addStaff(StaffDraft(name: "Dee Doctor", initials: "DD", role: .doctor), by: nurse.id).record
            let student = try await store.addStaff(StaffDraft(name: "Sam Student", initials: "SS", role: .student), by: nurse.id).record
            let ada = try await store.admit(PatientDraft(
                bedLabel: "3", givenName: "Ada", familyName: "Lovelace", hospitalNumber: "H300",
                dateOfBirth: CalendarDay("2026-11-18")!, sex: .female, gestationalAgeWeeks: 38, gestationalAgeDays: 2,
                birthWeightGrams: 3200, admittedAt: Self.now.addingTimeInterval(-48 * 3600)), by: nurse.id).record
            clock.set(minutesBeforeNow: 65)
            try await store.recordSession(.signIn, staffId: nurse.id)
            clock.set(minutesBeforeNow: 35)
            var draft = NappyChangeDraft(patientId: ada.id, occurredAt: clock.now, kind: .wet, size: .medium,
                                         nappyWeightGrams: 40)
            let nappy = try await store.logNappyChange(draft, by: nurse.id).record
            clock.set(minutesBeforeNow: 15)
            draft.kind = .mixed
            draft.stoolColour = .yellow
            draft.nappyWeightGrams = 44
            _ = try await store.updateNappyChange(id: nappy.id, draft, by: doctor.id)
            clock.set(minutesBeforeNow: 10)
            try await store.recordRefusal(.prescribe, staffId: student.id)
            clock.set(minutesBeforeNow: 5)
            draft.notes = "nappy rash starting, barrier cream applied"
            _ = try await store.updateNappyChange(id: nappy.id, draft, by: nurse.id)
            if wrongPins {
                clock.set(minutesBeforeNow: 4)
                try await store.setPin(staffId: doctor.id, newPin: "2468", currentPin: nil, by: doctor.id)
                for _ in 0..<3 { _ = try await store.checkPin(staffId: doctor.id, pin: "1111", purpose: .signIn) }
            }
            return AuditSeed(nurse: nurse, doctor: doctor, student: student, ada: ada, nappy: nappy)
        }
    }

    /// Every audit entry id in the file matching `filter`, newest first, in one unpaged read.
    func allAuditIds(_ filter: AuditFilter = AuditFilter()) async throws -> [Int64] {
        try await store.auditTrail(filter, olderThan: nil, limit: 1_000_000).map(\.entry.id)
    }
}
