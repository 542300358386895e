import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Staff screen ("Staff" in the palette): the list as a ward admin and as anyone else sees
/// it, and the ward admin's changes (add with an optional PIN, deactivate, reset a PIN, make or
/// unmake a ward admin) and anyone's own PIN, each refused at the field that is wrong. Seed:
/// `seedMedications` (NN a nurse and the ward admin, DD a doctor). PINs are derived for real
/// (about a quarter of a second each), off the main actor.
@MainActor
final class StaffScreenTests: WardTestCase {
    var staffScreen: StaffScreen { shell.stack.compactMap { $0 as? StaffScreen }.last! }

    /// The Staff screen from the palette, `member` signed in.
    @discardableResult
    func openStaff(as member: (MedicationSeed) -> Staff) async throws -> MedicationSeed {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(member(seed))
        await press(.char(":"))
        await type("Staff")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffScreen, screenText(width: 80))
        return seed
    }

    /// Moves the selection to the member with `initials`.
    func select(_ initials: String, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in staffScreen.rows where staffScreen.selected?.staff.initials != initials { await press(.down) }
        XCTAssertEqual(staffScreen.selected?.staff.initials, initials, file: file, line: line)
    }

    var form: WardFormScreen { shell.front as! WardFormScreen }

    /// Moves the form's focus to field `id` and types `text` there (replacing what it held).
    func fill(_ id: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in form.state.fields where form.state.fields[form.state.focus].id != id { await press(.tab) }
        XCTAssertEqual(form.state.fields[form.state.focus].id, id, file: file, line: line)
        await press(.ctrl("u"))
        await type(text)
    }

    func refusals(_ member: Staff) async throws -> Int {
        try await store.auditEntries(entity: .staff, entityId: member.id).filter { $0.action == .refused }.count
    }

    // MARK: - The list

    /// DD has a PIN and is locked out after five wrong ones at 14:05 (until 14:10); SS, a
    /// student, was deactivated and shows on `i`.
    func testGoldenAsTheWardAdmin() async throws {
        let seed = try await openStaff(as: \.nurse)
        try await store.setPin(staffId: seed.doctor.id, newPin: "2468", currentPin: nil, by: seed.nurse.id)
        for _ in 0..<5 { _ = try await store.checkPin(staffId: seed.doctor.id, pin: "0000", purpose: .signIn) }
        let student = try await store.addStaff(StaffDraft(name: "Sam Student", initials: "SS", role: .student), by: seed.nurse.id)
        _ = try await store.deactivateStaff(id: student.record.id, by: seed.nurse.id)
        await press(.char("i"))
        assertScreen(StaffGolden.admin, width: 80, height: 24)
    }

    func testGoldenAsADoctorWithTheAdminKeysGreyed() async throws {
        try await openStaff(as: \.doctor)
        assertScreen(StaffGolden.doctor, width: 80, height: 24)
        let bar = shell.render(width: 80, height: 24)
        let greyed = staffScreen.keyMap(shell.context).bindings.filter { $0.disabledReason != nil }.map(\.action)
        XCTAssertEqual(greyed, ["staff.list.add", "staff.list.deactivate", "staff.list.reset_pin", "staff.list.admin"])
        XCTAssertEqual(bar[0, 23].role, .muted, "n New greyed")
        let mine = bar.lines[23].distance(from: bar.lines[23].startIndex, to: bar.lines[23].range(of: "c My PIN")!.lowerBound)
        XCTAssertEqual(bar[mine, 23].role, .functionKey, "changing your own PIN is anyone's")
    }

    func testADoctorPressingTheAdminKeysIsToldWhoMayAndEachRefusalIsRecorded() async throws {
        let seed = try await openStaff(as: \.doctor)
        for key in ["n", "d", "r", "A"] {
            await press(.char(Character(key)))
            XCTAssertTrue(shell.front is StaffScreen, "no form or question opens for \(key)")
            XCTAssertEqual(messageText, "only a ward admin may add and deactivate staff, reset PINs; DD is a doctor")
        }
        let refused = try await refusals(seed.doctor)
        XCTAssertEqual(refused, 4)
        let active = try await store.activeStaff()
        XCTAssertEqual(active.count, 2)
    }

    func testInactiveMembersShowOnTheToggle() async throws {
        let seed = try await openStaff(as: \.nurse)
        _ = try await store.deactivateStaff(id: seed.doctor.id, by: seed.nurse.id)
        shell.reloadAll()
        await shell.settle()
        XCTAssertEqual(staffScreen.rows.map(\.staff.initials), ["NN"])
        await press(.char("i"))
        XCTAssertEqual(staffScreen.rows.map(\.staff.initials), ["NN", "DD"], "active first")
        let text = screenText(width: 80)
        XCTAssertTrue(text.contains("1 inactive shown"), text)
        XCTAssertTrue(screen(width: 80).contains { $0.contains("DD") && $0.contains("inactive") }, text)
        await select("DD")
        await press(.char("r"))
        XCTAssertEqual(messageText, "Dan Doctor is inactive; only an active member can be changed")
    }

    // MARK: - Add

    func testTheWardAdminAddsAPharmacistWithAFirstPinThatIsNeverDrawn() async throws {
        let seed = try await openStaff(as: \.nurse)
        await press(.char("n"))
        XCTAssertTrue(shell.front is StaffMemberFormScreen)
        await fill("name", "Pia Pharmacist")
        await fill("initials", "pp")
        await press(.tab, .right, .right)  // nurse → doctor → pharmacist
        XCTAssertEqual(form.state.choice("role"), 2)
        await press(.tab, .char(" "))      // ward admin on
        await fill("pin", "7391")
        await fill("again", "7391")
        XCTAssertFalse(screenText(width: 80).contains("7391"), "a PIN is masked: " + screenText(width: 80))
        XCTAssertTrue(screenText(width: 80).contains("••••"))
        await press(.enter)
        XCTAssertTrue(shell.front is StaffScreen, messageText ?? "")
        XCTAssertEqual(messageText, "Added Pia Pharmacist (PP) with a first PIN")
        let added = try await store.staff(initials: "PP")
        XCTAssertEqual(added?.role, .pharmacist)
        XCTAssertEqual(added?.isWardAdmin, true)
        let status = try await store.pinStatus(staffId: added!.id)
        XCTAssertTrue(status.hasPin)
        let check = try await store.checkPin(staffId: added!.id, pin: "7391", purpose: .secondCheck)
        XCTAssertEqual(check, .accepted)
        let trail = try await store.auditEntries(entity: .staff, entityId: added!.id)
        XCTAssertEqual(trail.map(\.action), [.create, .pinReset])
        XCTAssertEqual(trail.map(\.staffId), [seed.nurse.id, seed.nurse.id], "both by the admin who typed them")
        XCTAssertFalse(trail.contains { ($0.afterJSON ?? "").contains("7391") })
        XCTAssertTrue(staffScreen.rows.contains { $0.staff.initials == "PP" && $0.pin.hasPin })
    }

    func testAddWithoutAPinLeavesTheMemberToSetOne() async throws {
        try await openStaff(as: \.nurse)
        await press(.char("n"))
        await fill("name", "Hana Helper")
        await fill("initials", "HH")
        await press(.enter)
        XCTAssertEqual(messageText, "Added Hana Helper (HH); they set a PIN when they first sign in")
        let added = try await store.staff(initials: "HH")
        let status = try await store.pinStatus(staffId: added!.id)
        XCTAssertFalse(status.hasPin)
    }

    func testAShortPinIsRefusedAtThePinFieldAndNothingIsStored() async throws {
        try await openStaff(as: \.nurse)
        await press(.char("n"))
        await fill("name", "Pia Pharmacist")
        await fill("initials", "PP")
        await fill("pin", "12")
        await fill("again", "12")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffMemberFormScreen)
        XCTAssertEqual(form.issues["pin"], "the PIN has 2 characters; it must be 4 to 64")
        XCTAssertEqual(form.state.fields[form.state.focus].id, "pin")
        XCTAssertEqual(messageText, "the PIN has 2 characters; it must be 4 to 64")
        let added = try await store.staff(initials: "PP")
        XCTAssertNil(added)
    }

    func testMismatchedPinsAreRefusedAtTheSecondField() async throws {
        try await openStaff(as: \.nurse)
        await press(.char("n"))
        await fill("name", "Pia Pharmacist")
        await fill("initials", "PP")
        await fill("pin", "7391")
        await fill("again", "7392")
        await press(.enter)
        XCTAssertEqual(form.issues["again"], "the two PINs differ; type the same PIN in both fields")
        XCTAssertEqual(form.state.fields[form.state.focus].id, "again")
        let added = try await store.staff(initials: "PP")
        XCTAssertNil(added)
    }

    func testUsedInitialsAreRefusedAtTheInitialsFieldWithTheStoresWords() async throws {
        try await openStaff(as: \.nurse)
        await press(.char("n"))
        await fill("name", "Dora Doctor")
        await fill("initials", "dd")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffMemberFormScreen)
        XCTAssertEqual(form.issues["initials"], "initials DD are already used by another active staff member")
        XCTAssertEqual(form.state.fields[form.state.focus].id, "initials")
        let active = try await store.activeStaff()
        XCTAssertEqual(active.count, 2)
    }

    // MARK: - Deactivate

    func testDeactivateAsksThenDeactivatesAndUUndoes() async throws {
        let seed = try await openStaff(as: \.nurse)
        await select("DD")
        await press(.char("d"))
        XCTAssertTrue(shell.front is ConfirmScreen)
        XCTAssertTrue(screenText(width: 80).contains("Deactivate Dan Doctor?"), screenText(width: 80))
        await press(.char("y"))
        XCTAssertEqual(messageText, "Deactivated Dan Doctor (DD)")
        var doctor = try await store.staff(id: seed.doctor.id)
        XCTAssertEqual(doctor?.active, false)
        XCTAssertEqual(staffScreen.rows.map(\.staff.initials), ["NN"])
        await press(.char("u"))
        doctor = try await store.staff(id: seed.doctor.id)
        XCTAssertEqual(doctor?.active, true)
        XCTAssertEqual(messageText, "Undone: deactivation of DD")
    }

    func testTheLastWardAdminIsNotDeactivatedAndTheStoreSaysWhy() async throws {
        let seed = try await openStaff(as: \.nurse)
        await select("NN")
        await press(.char("d"), .char("y"))
        XCTAssertEqual(messageText, "NN is the ward's only ward admin; make someone else a ward admin first")
        let nurse = try await store.staff(id: seed.nurse.id)
        XCTAssertEqual(nurse?.active, true)
        XCTAssertTrue(shell.front is StaffScreen)
    }

    // MARK: - Ward admin flag

    func testMakingAndUnmakingAWardAdmin() async throws {
        let seed = try await openStaff(as: \.nurse)
        await select("DD")
        await press(.char("A"))
        XCTAssertEqual(messageText, "Dan Doctor (DD) is now a ward admin")
        var doctor = try await store.staff(id: seed.doctor.id)
        XCTAssertEqual(doctor?.isWardAdmin, true)
        XCTAssertTrue(screenText(width: 80).contains("ward admins: Dan Doctor (DD), Nia Nurse (NN)"), screenText(width: 80))
        await press(.char("A"))
        doctor = try await store.staff(id: seed.doctor.id)
        XCTAssertEqual(doctor?.isWardAdmin, false)
        XCTAssertEqual(messageText, "Dan Doctor (DD) is no longer a ward admin")

        // The only ward admin stays one, in the store's words.
        await select("NN")
        await press(.char("A"))
        XCTAssertEqual(messageText, "NN is the ward's only ward admin; make someone else a ward admin first")
        XCTAssertEqual(shell.context.staff?.isWardAdmin, true)
    }

    func testUnmakingYourselfUpdatesWhatYouMayDoAtOnce() async throws {
        let seed = try await openStaff(as: \.nurse)
        _ = try await store.setWardAdmin(staffId: seed.doctor.id, isAdmin: true, by: seed.nurse.id)
        shell.reloadAll()
        await shell.settle()
        await select("NN")
        await press(.char("A"))
        XCTAssertEqual(messageText, "Nia Nurse (NN) is no longer a ward admin")
        XCTAssertEqual(shell.context.staff?.isWardAdmin, false)
        XCTAssertNotNil(staffScreen.keyMap(shell.context).bindings.first { $0.action == "staff.list.add" }?.disabledReason)
    }

    // MARK: - PINs

    func testTheWardAdminResetsAMembersPinWithoutTheOldOne() async throws {
        let seed = try await openStaff(as: \.nurse)
        try await store.setPin(staffId: seed.doctor.id, newPin: "2468", currentPin: nil, by: seed.doctor.id)
        await select("DD")
        await press(.char("r"))
        XCTAssertTrue(shell.front is PinFormScreen)
        XCTAssertEqual(form.state.fields.map(\.id), ["pin", "again"], "the old PIN is not asked for")
        await fill("pin", "1357")
        await fill("again", "1353")
        await press(.enter)
        XCTAssertEqual(form.issues["again"], "the two PINs differ; type the same PIN in both fields")
        await fill("again", "1357")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffScreen)
        XCTAssertEqual(messageText, "Dan Doctor (DD) has a new PIN; tell them in person")
        let check = try await store.checkPin(staffId: seed.doctor.id, pin: "1357", purpose: .secondCheck)
        XCTAssertEqual(check, .accepted)
        let reset = try await store.auditEntries(entity: .staff, entityId: seed.doctor.id).last
        XCTAssertEqual(reset?.action, .pinReset)
        XCTAssertEqual(reset?.staffId, seed.nurse.id)
    }

    func testAnyoneChangesTheirOwnPinGivingTheCurrentOne() async throws {
        let seed = try await openStaff(as: \.doctor)
        try await store.setPin(staffId: seed.doctor.id, newPin: "2468", currentPin: nil, by: seed.doctor.id)
        shell.reloadAll()
        await shell.settle()
        await press(.char("c"))
        XCTAssertEqual(form.state.fields.map(\.id), ["current", "pin", "again"])
        await fill("current", "9999")
        await fill("pin", "1357")
        await fill("again", "1357")
        await press(.enter)
        XCTAssertTrue(shell.front is PinFormScreen, "a wrong current PIN keeps the form")
        XCTAssertEqual(form.issues["current"], "the current PIN is wrong; 4 tries left before a 5-minute lock-out")
        await fill("current", "2468")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffScreen)
        XCTAssertEqual(messageText, "Your PIN is changed")
        let check = try await store.checkPin(staffId: seed.doctor.id, pin: "1357", purpose: .secondCheck)
        XCTAssertEqual(check, .accepted)
    }

    func testAnEmptyNewPinIsRefusedAtItsField() async throws {
        try await openStaff(as: \.doctor)
        await press(.char("c"))
        XCTAssertEqual(form.state.fields.map(\.id), ["pin", "again"], "no PIN yet: no current one to give")
        await press(.enter)
        XCTAssertEqual(form.issues["pin"], "the PIN is empty; it must be 4 to 64 characters")
    }
}

/// The Staff screen at 80×24 (seed: NN Nia Nurse, nurse and ward admin, no PIN; DD Dan Doctor),
/// each checked by eye against its test's seed.
enum StaffGolden {
    /// As NN with inactive members shown: DD locked out until 14:10, SS inactive.
    static let admin = #"""
     1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
     Staff · 2 active · ward admins: Nia Nurse (NN) · 1 inactive shown

     Init  Name                Role                  Admin  PIN  Status
     DD    Dan Doctor          doctor                       yes  locked until 14:10
     NN    Nia Nurse           nurse                 yes    no
     SS    Sam Student         student                      no   inactive















     Ward · Doses 2 due · 1 overdue  User: Nia Nurse (NN)          Sat 21 Nov 14:05
    n New  d Deactivate  r Reset PIN  A Admin  c My PIN  i Inactive  Esc Back
    """#

    /// As DD: the same list; the admin keys are greyed on the bar (roles, not text).
    static let doctor = #"""
     1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
     Staff · 2 active · ward admins: Nia Nurse (NN) · i shows inactive members

     Init  Name                Role                  Admin  PIN  Status
     DD    Dan Doctor          doctor                       no
     NN    Nia Nurse           nurse                 yes    no
















     Ward · Doses 2 due · 1 overdue  User: Dan Doctor (DD)         Sat 21 Nov 14:05
    n New  d Deactivate  r Reset PIN  A Admin  c My PIN  i Inactive  Esc Back
    """#
}
