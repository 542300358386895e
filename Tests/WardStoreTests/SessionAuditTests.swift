import Foundation
import XCTest
@testable import WardStore

/// Who was at the keyboard reads in order: when someone signs in over another member (the lock
/// screen's "someone else", switch user), the other's sign-out comes first, in the same
/// transaction as the sign-in; a wrong PIN signs nobody out.
final class SessionAuditTests: WardStoreTestCase {
    func testSigningInOverAnotherMemberAuditsTheirSignOutFirst() async throws {
        let first = try await addNurse("AO")
        let second = try await addDoctor("BC")
        try await store.setPin(staffId: second.id, newPin: "2468", currentPin: nil, by: second.id)
        let wrong = try await store.checkPin(staffId: second.id, pin: "1111", purpose: .signIn, replacing: first.id)
        XCTAssertEqual(wrong, .wrong(remaining: 4))
        let right = try await store.checkPin(staffId: second.id, pin: "2468", purpose: .signIn, replacing: first.id)
        XCTAssertEqual(right, .accepted)
        let trail = try await store.auditTrail(AuditFilter(actions: [.signIn, .signOut, .pinFailed]), olderThan: nil, limit: 10)
        let read = trail.reversed().map { "\($0.entry.action.rawValue) \($0.staffInitials ?? "-")" }
        XCTAssertEqual(read, ["pinFailed BC", "signOut AO", "signIn BC"])
    }
}
