import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Signing in on a ward that requires PINs: the PIN is asked, never drawn, checked off the main
/// actor; wrong tries are counted and end in a lock-out that says until when; a member without
/// a PIN chooses one; every step is in the audit trail. A ward without PINs signs in by name.
@MainActor
final class PinSignInTests: WardTestCase {
    func testChoosingANameAsksForThePinWhichIsMaskedAndSignsIn() async throws {
        try await requirePins(true)
        let nurse = try await addStaff("Nia Nurse", "NN")
        _ = try await addStaff("Oli Other", "OO")
        try await givePin(nurse, "2468")
        try await startShell(askForUser: true)
        await type("nn")
        await press(.enter)
        XCTAssertEqual(picker?.step, .pin(nurse))
        XCTAssertNil(shell.context.staff, "not signed in by choosing the name")
        await type("2468")
        let typed = screenText()
        XCTAssertTrue(typed.contains("Sign in as Nia Nurse (NN)"), typed)
        XCTAssertTrue(typed.contains("PIN: ••••_"), typed)
        XCTAssertFalse(typed.contains("2468"), "the PIN is never drawn:\n\(typed)")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, nurse)
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(messageText, "Signed in as Nia Nurse (NN)")
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet NN", "signIn NN"])
    }

    func testWrongPinsSayHowManyTriesAreLeftAndTheLockOutSaysUntilWhen() async throws {
        try await requirePins(true)
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await givePin(nurse, "2468")
        // Three wrong tries already made (another workstation, say): two more are checked here.
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE staff_credential SET failedAttempts = 3 WHERE staffId = ?", arguments: [nurse.id])
        }
        try await startShell(askForUser: true)
        await press(.enter)
        await type("1111")
        await press(.enter)
        XCTAssertTrue(screenText().contains("Wrong PIN: 1 try left before a 5-minute lock-out"), screenText())
        XCTAssertNil(shell.context.staff)
        await type("2222")
        await press(.enter)
        XCTAssertTrue(screenText().contains("NN is locked out after 5 wrong PINs until 14:10"), screenText())
        // Locked out: even the right PIN is refused until then (and nothing is derived).
        await type("2468")
        await press(.enter)
        XCTAssertNil(shell.context.staff)
        XCTAssertTrue(screenText().contains("NN is locked out after 5 wrong PINs until 14:10; try again then,"), screenText())
        XCTAssertTrue(screenText().contains("or ask a ward admin to reset the PIN"), screenText())
        XCTAssertFalse(screenText().contains("2468"))
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet NN", "pinFailed NN", "lockedOut NN", "lockedOut NN"])
    }

    func testAMemberWithoutAPinChoosesOneTwiceWithPinRulesWordsThenIsSignedIn() async throws {
        try await requirePins(true)
        _ = try await addStaff("Nia Nurse", "NN")
        let doctor = try await addStaff("Dan Doctor", "DD")
        try await startShell(askForUser: true)
        await type("dd")
        await press(.enter)
        XCTAssertEqual(picker?.step, .newPin(doctor, first: nil))
        XCTAssertTrue(screenText().contains("Dan Doctor (DD) has no PIN yet: choose one, 4 to 64 characters"), screenText())
        XCTAssertTrue(screenText().contains("(digits only is fine)"), "the rules are wrapped, not cut off:\n" + screenText())
        await press(.enter)
        XCTAssertTrue(screenText().contains("the PIN is empty; it must be 4 to 64 characters"), screenText())
        await type("12")
        await press(.enter)
        XCTAssertTrue(screenText().contains("the PIN has 2 characters; it must be 4 to 64"), screenText())
        await type("1357")
        await press(.enter)
        XCTAssertTrue(screenText().contains("Type the same PIN again to confirm it"), screenText())
        await type("1358")
        await press(.enter)
        XCTAssertTrue(screenText().contains("The two PINs differ; choose the PIN again"), screenText())
        XCTAssertEqual(picker?.step, .newPin(doctor, first: nil))
        await type("1357")
        await press(.enter)
        await type("1357")
        XCTAssertFalse(screenText().contains("1357"), "the PIN is never drawn")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, doctor)
        XCTAssertEqual(messageText, "PIN set. Signed in as Dan Doctor (DD)")
        let status = try await store.pinStatus(staffId: doctor.id)
        XCTAssertTrue(status.hasPin)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet DD", "signIn DD"])
    }

    func testTheFirstMemberOfANewPinWardIsItsWardAdminAndSetsAPinRightAway() async throws {
        try await requirePins(true)
        try await startShell(askForUser: true)
        XCTAssertTrue(screenText().contains("Add myself (press a)"))
        await press(.char("a"))
        await type("Nia Nurse")
        await press(.tab)
        await type("nn")
        await press(.enter)
        let added = try await store.staff(initials: "NN")
        let nurse = try XCTUnwrap(added)
        XCTAssertTrue(nurse.isWardAdmin)
        XCTAssertEqual(picker?.step, .newPin(nurse, first: nil), "the PIN comes before anything else")
        XCTAssertTrue(shell.front.isBlocking)
        await type("9753")
        await press(.enter)
        await type("9753")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(shell.context.staff, nurse)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet NN", "signIn NN"])
    }

    /// Another workstation (or `cotside settings`) turned PINs on after this one read the
    /// settings: the sign-in goes by what the ward holds now, not by what was last seen.
    func testPinsTurnedOnElsewhereAreAskedForAtOnce() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell(askForUser: true)
        XCTAssertFalse(shell.context.wardSettings.requirePin)
        try await requirePins(true)
        await press(.enter)
        XCTAssertNil(shell.context.staff, "not signed in without a PIN")
        XCTAssertEqual(picker?.step, .newPin(nurse, first: nil), "she has none yet: she chooses one")
        XCTAssertTrue(shell.context.wardSettings.requirePin)
    }

    /// The first member walks away while choosing her PIN: the lock asks her to choose it, and
    /// once unlocked nothing asks again.
    func testTheFirstMemberLockedWhileChoosingHerPinChoosesItAtTheLockOnce() async throws {
        try await requirePins(true)
        try await startShell(askForUser: true)
        await press(.char("a"))
        await type("Nia Nurse")
        await press(.tab)
        await type("nn")
        await press(.enter)
        XCTAssertTrue(picker?.isStartup ?? false)
        await press(AppShell.lockKey)
        XCTAssertNotNil(shell.lockScreen)
        XCTAssertEqual(shell.lockScreen?.step, .newPin(try XCTUnwrap(shell.context.staff), first: nil), "no PIN yet: she chooses it")
        await type("9753")
        await press(.enter)
        XCTAssertTrue(screenText().contains("Type the same PIN again to confirm it"), screenText())
        await type("9753")
        await press(.enter)
        XCTAssertNil(shell.lockScreen)
        XCTAssertTrue(shell.stack.isEmpty, "the start-up picker has its answer")
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["lock NN", "pinSet NN", "unlock NN"])
    }

    func testAWardWithoutPinsSignsInByNameAndAuditsTheSwitch() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let other = try await addStaff("Oli Other", "OO")
        try await startShell(askForUser: true)
        await type("nn")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, nurse)
        shell.perform(.switchUser)
        await shell.settle()
        await type("oo")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, other)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["signIn NN", "signOut NN", "signIn OO"])
    }

    func testSwitchingUserAsksTheNewMembersPinAndSignsThePreviousOut() async throws {
        try await requirePins(true)
        let nurse = try await addStaff("Nia Nurse", "NN")
        let doctor = try await addStaff("Dan Doctor", "DD")
        try await givePin(doctor, "8642")
        try await startShell()
        await signIn(nurse)
        await press(.char(":"))
        await type("switch user")
        await press(.enter)
        await type("dd")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, nurse, "still the nurse until the doctor's PIN is right")
        await type("8642")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, doctor)
        XCTAssertTrue(shell.stack.isEmpty)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet DD", "signOut NN", "signIn DD"], "the nurse leaves before the doctor arrives")
    }

    /// Start-up with a member remembered on a ward with PINs: locked for that member, whose PIN
    /// signs in (audited as a sign-in); nothing of the ward shows meanwhile.
    func testARememberedMemberOnAPinWardStartsLocked() async throws {
        try await requirePins(true)
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await givePin(nurse, "2468")
        try await remember(nurse)
        try await startShell(askForUser: true)
        XCTAssertNotNil(shell.lockScreen)
        let locked = screenText()
        XCTAssertTrue(locked.contains("Signed in: Nia Nurse (NN)"), locked)
        XCTAssertFalse(locked.contains("Lovelace"), locked)
        await type("2468")
        await press(.enter)
        XCTAssertNil(shell.lockScreen)
        XCTAssertTrue(screenText().contains("Ada Lovelace"))
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["pinSet NN", "signIn NN"])
    }

    /// A ward made before PINs: its ward admin is asked once, at sign-in. "Require" turns PINs on
    /// (and an admin without a PIN chooses one); the question is then answered for good.
    func testAWardAdminIsAskedOnceWhetherAnOldWardRequiresPins() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        _ = try await addStaff("Dan Doctor", "DD")
        try await store.pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('requirePinQuestion', 'pending')")
        }
        try await startShell(askForUser: true)
        await type("dd")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty, "only a ward admin is asked")
        shell.perform(.switchUser)
        await shell.settle()
        await type("nn")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, nurse)
        XCTAssertTrue(shell.front is PinQuestionScreen, "the ward admin is asked")
        XCTAssertTrue(screenText().contains("PINs on this ward?"), screenText())
        await press(.char("y"))
        XCTAssertTrue(shell.context.wardSettings.requirePin)
        let pending = try await store.pinQuestionPending()
        XCTAssertFalse(pending)
        XCTAssertEqual(picker?.mode, .ownPin(nurse), "the ward admin has no PIN yet: she chooses one")
        await type("2468")
        await press(.enter)
        await type("2468")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(messageText, "Your PIN is set")
        let status = try await store.pinStatus(staffId: nurse.id)
        XCTAssertTrue(status.hasPin)
    }

    func testAWardAdminWhoKeepsPinsOffIsNotAskedAgain() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        try await store.pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('requirePinQuestion', 'pending')")
        }
        try await startShell(askForUser: true)
        await press(.enter)
        XCTAssertTrue(shell.front is PinQuestionScreen)
        await press(.char("n"))
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertFalse(shell.context.wardSettings.requirePin)
        let pending = try await store.pinQuestionPending()
        XCTAssertFalse(pending)
        XCTAssertEqual(messageText, "This ward keeps signing in without PINs")
    }
}
