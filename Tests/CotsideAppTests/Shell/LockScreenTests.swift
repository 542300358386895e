import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The lock screen: only the ward's name, the clock, who is signed in and a PIN field, drawn
/// over the whole terminal (nothing of the seeded ward shows through, at either size); the
/// signed-in member's PIN unlocks and keeps an open form's input; anyone else signing in
/// instead signs her out and discards her form, saying so. Locks and unlocks are audited.
@MainActor
final class LockScreenTests: WardTestCase {
    private var seed: MedicationSeed!

    /// The medication seed's ward with PINs on, the nurse signed in on the Dashboard, an
    /// overdue dose on the status line and a message naming a patient on the message line.
    private func seedSignedIn(pins: Bool = true) async throws {
        try await requirePins(pins)
        seed = try await seedMedications()
        if pins { try await givePin(seed.nurse, "2468") }
        try await startShell()
        await signIn(seed.nurse)
        shell.show(.success("Logged wet nappy for bed 3 (Ada Lovelace)"))
        XCTAssertTrue(screenText().contains("Lovelace"), "the ward shows before the lock")
    }

    /// A nappy form open for Ada with a time typed: unsaved input.
    private func openNappyForm() async {
        await press(.char("n"))
        await press(.enter)
        await press(.ctrl("u"))
        await type("-20m")
        XCTAssertTrue(shell.front.hasUnsavedInput)
    }

    private func assertNoPatientText(width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) {
        let text = screenText(width: width, height: height)
        for secret in seededPatientTexts {
            XCTAssertFalse(text.contains(secret), "“\(secret)” shows on the lock screen:\n\(text)", file: file, line: line)
        }
    }

    func testTheLockScreenShowsOnlyTheWardClockMemberAndPinAtBothSizes() async throws {
        try await seedSignedIn()
        await press(Self.lockKey)
        XCTAssertNotNil(shell.lockScreen)
        assertScreen(LockGolden.locked80x24, width: 80, height: 24)
        assertScreen(LockGolden.locked120x40, width: 120, height: 40)
        assertNoPatientText(width: 80, height: 24)
        assertNoPatientText(width: 120, height: 40)
        await type("13")
        XCTAssertTrue(screenText(width: 80, height: 24).contains("PIN: ••_"))
        assertNoPatientText(width: 80, height: 24)
    }

    func testTheLockKeyLocksFromInsideAFormAndThePinUnlocksKeepingTheInput() async throws {
        try await seedSignedIn()
        await openNappyForm()
        let form = shell.front
        await press(Self.lockKey)
        XCTAssertNotNil(shell.lockScreen, "Ctrl-X locks even while a form takes text")
        assertNoPatientText(width: 100, height: 24)
        await type("1111")
        await press(.enter)
        XCTAssertTrue(screenText().contains("Wrong PIN: 4 tries left before a 5-minute lock-out"), screenText())
        XCTAssertNotNil(shell.lockScreen)
        await type("2468")
        await press(.enter)
        XCTAssertNil(shell.lockScreen)
        XCTAssertTrue(shell.front === form, "the open form is still there")
        XCTAssertTrue(form.hasUnsavedInput)
        XCTAssertTrue(screenText().contains("-20m"), screenText())
        XCTAssertEqual(messageText, "Unlocked: welcome back, Nia Nurse")
        let trail = try await sessionTrail()
        XCTAssertEqual(trail.suffix(3), ["lock NN", "pinFailed NN", "unlock NN"])
    }

    func testSomeoneElseSigningInAtTheLockSignsTheFirstOutAndDiscardsHerForm() async throws {
        try await seedSignedIn()
        try await givePin(seed.doctor, "8642")
        await openNappyForm()
        shell.apply(.session(.undoable(UndoRecord(auditEntryIds: [1], summary: "wet nappy for bed 3"))), from: shell.front)
        shell.perform(.lock)
        await shell.settle()
        await press(.tab)
        let choosing = screenText()
        XCTAssertTrue(choosing.contains("Sign in instead as: _"), choosing)
        XCTAssertTrue(choosing.contains("Dan Doctor"), choosing)
        assertNoPatientText(width: 100, height: 24)
        await type("dd")
        await press(.enter)
        await type("8642")
        await press(.enter)
        XCTAssertNil(shell.lockScreen)
        XCTAssertEqual(shell.context.staff, seed.doctor)
        XCTAssertTrue(shell.stack.isEmpty, "the nurse's form is gone")
        XCTAssertNil(shell.context.undoable, "the doctor cannot undo the nurse's entry")
        XCTAssertEqual(messageText, "Signed in as Dan Doctor (DD). Nia Nurse's unsaved form was discarded")
        XCTAssertEqual(shell.message?.kind, .warning)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail.suffix(3), ["lock NN", "signOut NN", "signIn DD"])
    }

    /// Locked, the app still redraws at a new size and keeps its clock; a dose reminder that
    /// fires meanwhile rings the bell but its words (cot and drug) wait for the unlock.
    func testLockedTheAppRedrawsOnResizeTicksAndHidesTheReminder() async throws {
        try await seedSignedIn()
        shell.perform(.lock)
        await shell.settle()
        shell.handle(.resize(width: 120, height: 40))
        XCTAssertTrue(shell.needsFullRedraw)
        XCTAssertTrue(screenText(width: 120, height: 40).contains("Cotside is locked"))
        // A new overdue dose on the ward while locked: the reminder's bell, not its words.
        let bells = shell.pendingBells
        _ = try await store.addMedication(MedicationDraft(
            patientId: seed.bo.id, drugName: "phenobarbital", doseAmount: 20, doseUnit: .mg, route: .iv,
            schedule: .fixedTimes([TimeOfDay("12:00")!]), startsAt: Self.now.addingTimeInterval(-86_400)), by: seed.doctor.id)
        shell.reloadAll()
        await shell.settle()
        shell.receive(.tick)
        await shell.settle()
        XCTAssertEqual(shell.pendingBells, bells + 1, "the overdue bell still rings")
        XCTAssertTrue(messageText?.contains("phenobarbital") ?? false, "the reminder is waiting: \(messageText ?? "none")")
        let locked = screenText()
        XCTAssertFalse(locked.contains("phenobarbital"), locked)
        XCTAssertTrue(locked.contains(shell.context.timeText.dayAndTime(Self.now)), "the clock shows")
        assertNoPatientText(width: 100, height: 24)
        await type("2468")
        await press(.enter)
        XCTAssertTrue(messageText?.contains("phenobarbital") ?? false, "the warning is still there after the unlock")
    }

    func testClicksUnderTheLockDoNothingAndCtrlCKeepsAnUnsavedForm() async throws {
        try await seedSignedIn()
        await openNappyForm()
        await press(Self.lockKey)
        shell.handle(.mouse(MouseEvent(x: 20, y: 0, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertNotNil(shell.lockScreen)
        XCTAssertTrue(shell.stack.last is NappyFormScreen)
        await press(.ctrl("c"))
        XCTAssertFalse(shell.wantsQuit, "a passer-by cannot throw away the nurse's form")
        XCTAssertTrue(screenText().contains("A form holds unsaved input: unlock before quitting"), screenText())
        assertNoPatientText(width: 100, height: 24)
    }

    func testCtrlCOnTheLockQuitsWhenNothingIsUnsaved() async throws {
        try await seedSignedIn()
        await press(Self.lockKey)
        await press(.ctrl("c"))
        XCTAssertTrue(shell.wantsQuit)
    }

    /// A ward without PINs still hides the screen when left; Enter goes back (audited as an
    /// unlock), and the lock is in the palette and the help as `:lock` / Ctrl-X.
    func testOnAWardWithoutPinsEnterContinuesAndTheLockIsInThePaletteAndHelp() async throws {
        try await seedSignedIn(pins: false)
        await press(.char("?"))
        await type("lock")
        let help = screenText()
        XCTAssertTrue(help.contains("C-x") && help.contains("Lock the screen"), help)
        shell.perform(.forceBack)
        await press(.char(":"))
        await type("lock")
        await press(.enter)
        XCTAssertNotNil(shell.lockScreen, ":lock locks")
        XCTAssertTrue(screenText().contains("Press Enter to continue as Nia Nurse (NN)"), screenText())
        assertNoPatientText(width: 100, height: 24)
        await press(.enter)
        XCTAssertNil(shell.lockScreen)
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["lock NN", "unlock NN"])
    }

    func testNobodySignedInHasNothingToLock() async throws {
        try await startShell()
        await press(Self.lockKey)
        XCTAssertNil(shell.lockScreen)
        XCTAssertEqual(messageText, "Nobody is signed in: there is nothing to lock")
    }

    private static let lockKey = AppShell.lockKey
}

/// The lock screen over the medication seed's ward (MedicationSeed) at 14:05 on Saturday:
/// the ward's default name, the clock, the nurse, an empty PIN field, nothing else.
enum LockGolden {
    static let locked80x24 = #"""






            ┌ Cotside is locked ───────────────────────────────────────────────────┐
            │ Ward                                                Sat 21 Nov 14:05 │
            │                                                                      │
            │ Signed in: Nia Nurse (NN)                                            │
            │                                                                      │
            │ PIN: _                                                               │
            │                                                                      │
            │                                                                      │
            │                                                                      │
            │                                                                      │
            │ Type your PIN · Enter unlock · Tab someone else signs in             │
            └──────────────────────────────────────────────────────────────────────┘






        """#
    static let locked120x40 = #"""














                                ┌ Cotside is locked ───────────────────────────────────────────────────┐
                                │ Ward                                                Sat 21 Nov 14:05 │
                                │                                                                      │
                                │ Signed in: Nia Nurse (NN)                                            │
                                │                                                                      │
                                │ PIN: _                                                               │
                                │                                                                      │
                                │                                                                      │
                                │                                                                      │
                                │                                                                      │
                                │ Type your PIN · Enter unlock · Tab someone else signs in             │
                                └──────────────────────────────────────────────────────────────────────┘














        """#
}
