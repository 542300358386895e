import Foundation
import WardStore

/// What one step of signing in found, brought back from the store to the screen that asked.
enum SignInResult: Sendable {
    /// The member proved who they are (or needs no PIN on this ward): sign them in. A ward
    /// admin of a ward made before PINs is asked first whether it requires them.
    case signedIn(Staff, asksPinQuestion: Bool, hasPin: Bool, pinSet: Bool)
    case wrong(remaining: Int)
    case lockedOut(until: Date)
    /// The member has no PIN yet: they choose one now.
    case needsPin
    /// Before asking for a PIN: whether the member has one and is locked out, and the ward's
    /// settings as stored now (whether it requires PINs).
    case pinAsked(PinStatus, WardSettings)
}

/// The store work of signing in, run as commands off the main actor (a PIN's derivation takes
/// about a quarter of a second). Every success is audited by the store: `checkPin` audits the
/// sign-in or unlock itself, `recordSession` the others; the member leaving the keyboard to
/// someone else is audited as that member's sign-out.
enum SignInWork {
    typealias Work = @Sendable (any WardRepository) async throws -> SignInResult

    /// A name was chosen: on a ward that requires PINs (read from the store, not from what this
    /// workstation last saw: another may have just turned them on), the member's PIN status; on
    /// one that does not, signed in at once (`action` .signIn or .unlock).
    static func begin(_ member: Staff, action: AuditAction, previous: Staff?) -> Work {
        { repository in
            let settings = try await repository.settings()
            guard settings.requirePin else { return try await withoutPin(member, action: action, previous: previous)(repository) }
            return .pinAsked(try await repository.pinStatus(staffId: member.id), settings)
        }
    }

    /// The lock screen opened: whether its member has a PIN (one who has none chooses it
    /// there) and whether the ward requires PINs now. Nothing is signed in or audited.
    static func status(of member: Staff) -> Work {
        { repository in
            .pinAsked(try await repository.pinStatus(staffId: member.id), try await repository.settings())
        }
    }

    /// Checks `pin` for `member`; `previous` (who was at the keyboard) is signed out on success.
    static func check(_ member: Staff, pin: String, purpose: PinPurpose, previous: Staff?) -> Work {
        { repository in
            // The previous member's sign-out is audited with the sign-in, just before it.
            switch try await repository.checkPin(staffId: member.id, pin: pin, purpose: purpose, replacing: previous?.id) {
            case .accepted:
                return .signedIn(member, asksPinQuestion: try await asks(member, repository), hasPin: true, pinSet: false)
            case .wrong(let remaining): return .wrong(remaining: remaining)
            case .lockedOut(let until): return .lockedOut(until: until)
            case .noPinSet: return .needsPin
            }
        }
    }

    /// A ward that does not require PINs: choosing a name signs in (`action` .signIn or .unlock).
    private static func withoutPin(_ member: Staff, action: AuditAction, previous: Staff?) -> Work {
        { repository in
            try await signOut(previous, for: member, repository)
            try await repository.recordSession(action, staffId: member.id)
            let hasPin = try await repository.pinStatus(staffId: member.id).hasPin
            return .signedIn(member, asksPinQuestion: try await asks(member, repository), hasPin: hasPin, pinSet: false)
        }
    }

    /// The member's first PIN (checked by `PinRules` in the store), then the sign-in or unlock
    /// it completes (`action`; nil when the member is signed in already).
    static func setFirstPin(_ member: Staff, pin: String, action: AuditAction?, previous: Staff?) -> Work {
        { repository in
            try await repository.setPin(staffId: member.id, newPin: pin, currentPin: nil, by: member.id)
            if let action {
                try await signOut(previous, for: member, repository)
                try await repository.recordSession(action, staffId: member.id)
            }
            return .signedIn(member, asksPinQuestion: false, hasPin: true, pinSet: true)
        }
    }

    private static func signOut(_ previous: Staff?, for member: Staff, _ repository: any WardRepository) async throws {
        guard let previous, previous.id != member.id else { return }
        try await repository.recordSession(.signOut, staffId: previous.id)
    }

    /// Only a ward admin answers whether a ward made before PINs requires them.
    private static func asks(_ member: Staff, _ repository: any WardRepository) async throws -> Bool {
        member.isWardAdmin ? try await repository.pinQuestionPending() : false
    }
}
