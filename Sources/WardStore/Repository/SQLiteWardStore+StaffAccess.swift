import Foundation
import WardSQL

/// PINs and sessions (`StaffAccessStore`). The checks are `nonisolated`: the key derivation
/// runs on the caller's task, not on the store's actor, so a sign-in on one screen does not hold
/// up another screen's reads; each check's counters and audit row are one write transaction.
extension SQLiteWardStore {
    struct Credential: Sendable {
        var pinHash: PinHash
        var failures: Int
        var lockedUntil: Date?
    }

    static func credential(staffId: Int64, _ db: some SQLConnection) throws -> Credential? {
        guard let row = try db.fetchOne("SELECT * FROM staff_credential WHERE staffId = \(staffId)") else {
            return nil
        }
        let locked = try row.column("lockedUntil", as: Int64?.self)
        let hash = PinHash(kdf: try row.column("kdf"), iterations: try row.column("iterations"), salt: try row.column("salt"),
                           hash: try row.column("hash"))
        return Credential(pinHash: hash, failures: try row.column("failedAttempts"),
                          lockedUntil: locked.map { StoredTime.date(milliseconds: $0) })
    }

    public nonisolated func pinStatus(staffId: Int64) async throws -> PinStatus {
        let now = self.now
        return try await database.read { db in
            guard let credential = try Self.credential(staffId: staffId, db) else {
                return PinStatus(hasPin: false, failures: 0, lockedUntil: nil)
            }
            let locked = credential.lockedUntil.flatMap { $0 > now ? $0 : nil }
            return PinStatus(hasPin: true, failures: credential.failures, lockedUntil: locked)
        }
    }

    public nonisolated func checkPin(staffId: Int64, pin: String, purpose: PinPurpose,
                                     replacing previous: Int64?) async throws -> PinCheck {
        let now = self.now
        let (member, stored) = try await database.read { db in
            (try db.fetchRecord(Staff.self, id: staffId), try Self.credential(staffId: staffId, db))
        }
        guard let member, member.active else { throw WardStoreError("no active staff member with id \(staffId)") }
        guard let stored else { return .noPinSet }
        if let until = stored.lockedUntil, until > now {
            try await recordAttempt(staffId: staffId, outcome: .lockedOut(until: until), purpose: purpose, now: now, duringLockOut: true)
            return .lockedOut(until: until)
        }
        let right = try stored.pinHash.matches(pin)
        let rehash = right && stored.pinHash.isWeakerThanToday ? try PinHash.make(pin: pin) : nil
        let outcome: PinCheck = try await database.write { db in
            // Counted against the credential as it is now: another process may have counted too.
            guard var current = try Self.credential(staffId: staffId, db), current.pinHash == stored.pinHash else {
                return .wrong(remaining: PinLockout.attempts)
            }
            if right {
                try db.execute("UPDATE staff_credential SET failedAttempts = 0, lockedUntil = NULL WHERE staffId = \(staffId)")
                if let rehash { try Self.storeCredential(rehash, staffId: staffId, now: now, db) }
                if let previous, previous != staffId, purpose == .signIn || purpose == .unlock {
                    try AuditTrail.record(db, action: .signOut, entity: .staff, entityId: previous, beforeJSON: nil,
                                          afterJSON: nil, by: previous, at: now)
                }
                if purpose == .signIn || purpose == .unlock {
                    try AuditTrail.record(db, action: purpose == .signIn ? .signIn : .unlock, entity: .staff, entityId: staffId,
                                          beforeJSON: nil, afterJSON: nil, by: staffId, at: now)
                }
                return .accepted
            }
            let next = PinLockout.afterFailure(previousFailures: current.failures, now: now)
            current.failures = next.failures
            current.lockedUntil = next.lockedUntil
            try db.execute("""
                UPDATE staff_credential SET failedAttempts = \(next.failures), lockedUntil = \(next.lockedUntil)
                WHERE staffId = \(staffId)
                """)
            let result: PinCheck = next.lockedUntil.map { .lockedOut(until: $0) }
                ?? .wrong(remaining: PinLockout.attempts - next.failures)
            try Self.auditAttempt(staffId: staffId, outcome: result, purpose: purpose, now: now, db)
            return result
        }
        publish([.staff])
        return outcome
    }

    /// The audit row of a refused attempt: `pinFailed` (how many in a row), or `lockedOut`: the
    /// lock-out itself, or (`duringLockOut`, noted as such) a try while it lasts, which neither
    /// counts nor extends it, so the trail tells the lock-outs from the tries refused by one.
    static func auditAttempt(staffId: Int64, outcome: PinCheck, purpose: PinPurpose, now: Date,
                             duringLockOut: Bool = false, _ db: some SQLConnection) throws {
        var note: [String: String] = ["purpose": purpose.rawValue]
        if duringLockOut { note["attempt"] = "during the lock-out" }
        let action: AuditAction
        switch outcome {
        case .wrong(let remaining):
            action = .pinFailed
            note["failures"] = String(PinLockout.attempts - remaining)
        case .lockedOut(let until):
            action = .lockedOut
            note["until"] = String(StoredTime.milliseconds(until))
        case .accepted, .noPinSet:
            return
        }
        try AuditTrail.record(db, action: action, entity: .staff, entityId: staffId, beforeJSON: nil,
                              afterJSON: try AuditJSON.encode(note), by: staffId, at: now)
    }

    private nonisolated func recordAttempt(staffId: Int64, outcome: PinCheck, purpose: PinPurpose, now: Date,
                                           duringLockOut: Bool) async throws {
        try await database.write { db in
            try Self.auditAttempt(staffId: staffId, outcome: outcome, purpose: purpose, now: now, duringLockOut: duringLockOut, db)
        }
        publish([.staff])
    }

    static func storeCredential(_ hash: PinHash, staffId: Int64, now: Date, _ db: some SQLConnection) throws {
        try db.execute("""
            INSERT INTO staff_credential (staffId, kdf, iterations, salt, hash, setAt, failedAttempts, lockedUntil)
            VALUES (\(staffId), \(hash.kdf), \(hash.iterations), \(hash.salt), \(hash.hash), \(now), 0, NULL)
            ON CONFLICT (staffId) DO UPDATE SET kdf = excluded.kdf, iterations = excluded.iterations, salt = excluded.salt,
                hash = excluded.hash, setAt = excluded.setAt, failedAttempts = 0, lockedUntil = NULL
            """)
    }

    @discardableResult
    public nonisolated func setPin(staffId: Int64, newPin: String, currentPin: String?, by: Int64) async throws -> Int64 {
        let issues = PinRules.issues(newPin)
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let now = self.now
        let (member, asker, stored) = try await database.read { db in
            (try db.fetchRecord(Staff.self, id: staffId), try db.fetchRecord(Staff.self, id: by), try Self.credential(staffId: staffId, db))
        }
        guard let member, member.active else { throw WardStoreError("no active staff member with id \(staffId)") }
        guard let asker, asker.active else { throw WardStoreError("no active staff member with id \(by)") }
        let isReset = by != staffId
        if isReset {
            // Only a ward admin sets someone else's PIN; the refusal is audited like any other.
            try await requirePermission(.manageStaff, by: by)
        } else if stored != nil {
            guard let currentPin else {
                throw WardValidationError([ValidationIssue(field: "currentPin", message: "give your current PIN to change it (or ask a ward admin to reset it)")])
            }
            switch try await checkPin(staffId: staffId, pin: currentPin, purpose: .commandLine) {
            case .accepted, .noPinSet: break
            case .wrong(let remaining):
                throw WardValidationError([ValidationIssue(field: "currentPin", message: "the current PIN is wrong; \(remaining) tries left before a 5-minute lock-out")])
            case .lockedOut(let until):
                throw PinLockedOutError(initials: member.initials, until: until, timeZone: timeZone)
            }
        }
        let hash = try PinHash.make(pin: newPin)
        let auditId = try await database.write { db -> Int64 in
            try Self.storeCredential(hash, staffId: staffId, now: now, db)
            return try AuditTrail.record(db, action: isReset ? .pinReset : .pinSet, entity: .staff, entityId: staffId,
                                         beforeJSON: nil, afterJSON: nil, by: by, at: now)
        }
        publish([.staff])
        return auditId
    }

    public nonisolated func recordSession(_ action: AuditAction, staffId: Int64) async throws {
        guard [.signIn, .signOut, .lock, .unlock].contains(action) else {
            throw WardStoreError("\(action.rawValue) is not a session event")
        }
        let now = self.now
        try await database.write { db in
            _ = try AuditTrail.record(db, action: action, entity: .staff, entityId: staffId, beforeJSON: nil,
                                      afterJSON: nil, by: staffId, at: now)
        }
        publish([.staff])
    }

    public nonisolated func recordRefusal(_ permission: WardPermission, staffId: Int64) async throws {
        let now = self.now
        try await database.write { db in
            try Self.auditRefusal(permission, staffId: staffId, now: now, db)
        }
        publish([.staff])
    }

    public func setWardAdmin(staffId: Int64, isAdmin: Bool, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by) { db -> Audited<Staff> in
            guard let before = try db.fetchRecord(Staff.self, id: staffId), before.active else {
                throw WardStoreError("no active staff member with id \(staffId)")
            }
            if !isAdmin, before.isWardAdmin { try Self.keepOneAdmin(besides: before, db) }
            var after = before
            after.isWardAdmin = isAdmin
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    public nonisolated func pinQuestionPending() async throws -> Bool {
        try await database.read { db in
            try db.fetchValue("SELECT value FROM ward_setting WHERE key = 'requirePinQuestion'", as: String.self) == "pending"
        }
    }
}

/// Five wrong PINs: the member may not sign in (or write from the command line) until `until`.
public struct PinLockedOutError: Error, Sendable, CustomStringConvertible {
    public let initials: String
    public let until: Date
    let timeZone: TimeZone

    public init(initials: String, until: Date, timeZone: TimeZone) {
        self.initials = initials
        self.until = until
        self.timeZone = timeZone
    }

    public var description: String {
        let time = WardLocalTime.timeOfDay(until, in: timeZone).description
        return "\(initials) is locked out after \(PinLockout.attempts) wrong PINs until \(time); try again then, or ask a ward admin to reset the PIN"
    }
}
