import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// PINs and session events for the sign-in and lock tests. Each PIN set or checked costs one
/// key derivation (about a quarter of a second in a debug build), so tests set few.
extension WardTestCase {
    /// Gives `member` a PIN as they would set their own first one.
    func givePin(_ member: Staff, _ pin: String) async throws {
        try await store.setPin(staffId: member.id, newPin: pin, currentPin: nil, by: member.id)
    }

    /// Sign-ins, sign-outs, locks, unlocks and PIN events, oldest first, with who they were about.
    func sessionTrail() async throws -> [String] {
        let actions: Set<AuditAction> = [.signIn, .signOut, .lock, .unlock, .pinFailed, .lockedOut, .pinSet]
        let rows = try await store.auditTrail(AuditFilter(actions: actions), olderThan: nil, limit: 100)
        return rows.reversed().map { "\($0.entry.action.rawValue) \($0.staffInitials ?? "-")" }
    }

    /// Remembers `member` on this workstation as signed in on the test ward.
    func remember(_ member: Staff) async throws {
        var prefs = Preferences()
        prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        let ward = try await store.wardIdentity()
        prefs.signedInUsers[try XCTUnwrap(ward)] = RememberedUser(member)
        try PreferencesFile.standard(environment: environment).save(prefs)
    }

    var picker: StaffPickerScreen? { shell.front as? StaffPickerScreen }

    /// Every text a screen could show of the medication seed's patients: names, beds, hospital
    /// numbers, drugs. None of it may be on the lock screen.
    var seededPatientTexts: [String] {
        ["Ada", "Lovelace", "Bo Preterm", "Preterm", "Bed 3", "bed 3", "Bed 10", "bed 10", "H300", "H1000",
         "paracetamol", "caffeine", "vitamin D", "gentamicin", "ibuprofen", "mg", "overdue", "Occupied"]
    }
}
