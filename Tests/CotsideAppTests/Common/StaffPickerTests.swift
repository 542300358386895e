import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Who is at the keyboard: picker after the disclaimer, type to filter, add yourself,
/// remembered per workstation.
@MainActor
final class StaffPickerTests: WardTestCase {
    func testFirstRunShowsDisclaimerThenPicker() async throws {
        try await startShell(askForUser: true, disclaimerAccepted: false)
        XCTAssertTrue(shell.front is DisclaimerScreen)
        await press(.enter)
        XCTAssertTrue(shell.front is StaffPickerScreen)
        await press(.char("w"), .char("1"))
        XCTAssertTrue(shell.front is StaffPickerScreen, "nothing gets past the startup picker")
        await press(.backspace, .backspace)
        assertScreen(Golden.staffPickerFirstRun)
    }

    func testAddMyselfSignsInAndIsRemembered() async throws {
        try await startShell(askForUser: true)
        await press(.char("a"))
        XCTAssertTrue(shell.front is StaffFormScreen)
        await type("Nia Nurse")
        await press(.tab)
        await type("nn")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty, "form and picker close")
        let added = try await store.staff(initials: "NN")
        XCTAssertEqual(shell.context.staff, added)
        let ward = try await store.wardIdentity()
        XCTAssertEqual(shell.context.preferences.signedInUsers[try XCTUnwrap(ward)], added.map(RememberedUser.init))
        XCTAssertTrue(screen()[22].contains("User: Nia Nurse (NN)"), screen()[22])
    }

    func testTypingFiltersByNameOrInitials() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        let bob = try await addStaff("Robert Brown", "RB")
        try await startShell(askForUser: true)
        await type("rb")
        let picker = try XCTUnwrap(shell.front as? StaffPickerScreen)
        XCTAssertEqual(picker.matches.map(\.initials), ["RB"])
        await press(.enter)
        XCTAssertEqual(shell.context.staff, bob)
        XCTAssertTrue(shell.stack.isEmpty)
    }

    /// On a ward in use a ward admin adds people (their Staff screen): the picker offers no
    /// "Add myself" and says whom to ask, and `+` is only typed into the filter.
    func testAWardInUseOffersNoAddMyself() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        try await startShell(askForUser: true)
        await press(.char("+"))
        XCTAssertTrue(shell.front is StaffPickerScreen, "no form opens")
        await press(.backspace, .insert)
        XCTAssertTrue(shell.front is StaffPickerScreen, "no form opens")
        let text = screenText()
        XCTAssertFalse(text.contains("Add myself"), text)
        XCTAssertTrue(text.contains("Not on the list? Ask a ward admin to add you."), text)
    }

    /// The add form (the empty ward's first member, and the ward admin's) names a clash at its field.
    func testDuplicateInitialsAreNamedAtTheField() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        try await startShell(askForUser: true)
        shell.apply(.push(StaffFormScreen(suggestedName: "", shell.context)), from: shell.front)
        await type("Nadia North")
        await press(.tab)
        await type("NN")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffFormScreen, "not saved")
        let initialsRow = screen().first { $0.contains("Initials") } ?? ""
        XCTAssertTrue(initialsRow.contains("initials NN are already used by another active staff member"), initialsRow)
    }

    func testRememberedUserSkipsThePicker() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        var prefs = Preferences()
        prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        let ward = try await store.wardIdentity()
        prefs.signedInUsers[try XCTUnwrap(ward)] = RememberedUser(nurse)
        try PreferencesFile.standard(environment: environment).save(prefs)
        try await startShell(askForUser: true)
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(shell.context.staff, nurse)
    }

    /// The shift's defect: the user signed in on one ward was signed in on another database
    /// (the demo ward) as whoever had the same row id there, and `w` logged a nappy by them.
    func testAnotherWardDatabaseAsksWhoIsAtTheKeyboard() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell(askForUser: true)
        await signIn(nurse)
        let remembered = shell.context.preferences
        XCTAssertEqual(remembered.signedInUsers.count, 1)

        // A second ward file whose staff row 1 is somebody else.
        let otherPath = databasePath.replacingOccurrences(of: ".sqlite", with: "-other.sqlite")
        let now = Self.now
        let other = try SQLiteWardStore(path: otherPath, clock: { now }, timeZone: Self.utc)
        let stranger = try await other.addStaff(StaffDraft(name: "Nadia Agency", initials: "NA", role: .nurse), by: nil).record
        XCTAssertEqual(stranger.id, nurse.id, "the same row id in the other ward")
        await other.close()
        try PreferencesFile.standard(environment: environment).save(remembered)
        shell = try await AppBootstrap.makeWardShell(
            options: LaunchOptions(databasePath: otherPath, now: Self.now, environment: environment),
            terminalHasColour: false, persistPreferences: false, assumeDisclaimerAccepted: true, askForUser: true)
        await shell.settle()
        XCTAssertNil(shell.context.staff, "nobody is signed in on a ward the workstation has not seen")
        XCTAssertTrue(shell.front is StaffPickerScreen, "the picker asks")
    }

    /// Same ward, but the remembered row now holds someone else (initials reused after the
    /// first left): ask rather than sign in the wrong person.
    func testARememberedUserWhoseRowChangedIsAskedFor() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        var prefs = Preferences()
        prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
        let ward = try await store.wardIdentity()
        prefs.signedInUsers[try XCTUnwrap(ward)] = RememberedUser(staffId: nurse.id, initials: "NN", name: "Nina Night")
        try PreferencesFile.standard(environment: environment).save(prefs)
        try await startShell(askForUser: true)
        XCTAssertNil(shell.context.staff)
        XCTAssertTrue(shell.front is StaffPickerScreen)
    }

    func testSwitchUserFromThePalette() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let other = try await addStaff("Oli Other", "OO")
        try await startShell()
        await signIn(nurse)
        await press(.char(":"))
        await type("switch user")
        await press(.enter)
        XCTAssertTrue(shell.front is StaffPickerScreen)
        await type("oo")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, other)
    }

    /// A ward where one member's initials begin another's, and a name holds a third's initials.
    func addLookalikes() async throws -> (leo: Staff, luca: Staff, aisha: Staff, hana: Staff) {
        let leo = try await addStaff("Leo Nowak", "LNA")
        let luca = try await addStaff("Luca Novak", "LN")
        let aisha = try await addStaff("Aisha Ahmed", "AA")
        let hana = try await addStaff("Hana Ahmed", "HA")
        return (leo, luca, aisha, hana)
    }

    /// Typing someone's exact initials signs in that person: "LN" is Luca Novak, not Leo Nowak
    /// (LNA, listed first by name), and "HA" is Hana Ahmed, not Aisha Ahmed (whose name holds "ha").
    /// Charting under the wrong name was the result.
    func testExactInitialsRankFirstAtStartup() async throws {
        let ward = try await addLookalikes()
        try await startShell(askForUser: true)
        await type("LN")
        let picker = try XCTUnwrap(shell.front as? StaffPickerScreen)
        XCTAssertEqual(picker.matches.map(\.initials), ["LN", "LNA"])
        assertScreen(Self.pickerLN, width: 80, height: 24)
        await press(.enter)
        XCTAssertEqual(shell.context.staff, ward.luca)
        XCTAssertNotEqual(shell.context.staff, ward.leo)
    }

    func testExactInitialsRankFirstWhenSwitchingUser() async throws {
        let ward = try await addLookalikes()
        try await startShell()
        await signIn(ward.luca)
        await press(.char(":"))
        await type("switch user")
        await press(.enter)
        await type("ha")
        let picker = try XCTUnwrap(shell.front as? StaffPickerScreen)
        XCTAssertEqual(picker.matches.map(\.initials), ["HA", "AA"], "exact initials, then the name holding the letters")
        await press(.enter)
        XCTAssertEqual(shell.context.staff, ward.hana)
    }

    /// The ranking: exact initials, initials beginning with the text, a word of the name beginning
    /// with it, the name holding it; the store's order (by name) within each.
    func testTheRankingOfTypedText() async throws {
        _ = try await addLookalikes()
        _ = try await addStaff("Ahn Lee", "AL")
        let staff = try await store.activeStaff()
        XCTAssertEqual(staff.map(\.initials), ["AL", "AA", "HA", "LNA", "LN"], "the store lists by name")
        XCTAssertEqual(StaffSearch.ranked(staff, typed: " a ").map(\.initials), ["AL", "AA", "HA", "LNA", "LN"],
                       "A begins AL and AA (store order); Hana Ahmed's surname begins with it; Leo Nowak and Luca Novak hold an a inside a word")
        XCTAssertEqual(StaffSearch.ranked(staff, typed: "ah").map(\.initials), ["AL", "AA", "HA"], "word starts, in the store's order")
        XCTAssertEqual(StaffSearch.ranked(staff, typed: "ha").map(\.initials), ["HA", "AA"])
        XCTAssertEqual(StaffSearch.ranked(staff, typed: "ova").map(\.initials), ["LN"], "inside a word still matches")
        XCTAssertEqual(StaffSearch.ranked(staff, typed: "").count, 5, "nothing typed: everyone, in the store's order")
        XCTAssertEqual(StaffSearch.rank(staff[4], typed: "ln"), .exactInitials)
        XCTAssertEqual(StaffSearch.rank(staff[3], typed: "ln"), .initialsPrefix)
        XCTAssertEqual(StaffSearch.rank(staff[3], typed: "now"), .nameWordPrefix)
        XCTAssertEqual(StaffSearch.rank(staff[3], typed: "owa"), .nameContains)
        XCTAssertNil(StaffSearch.rank(staff[3], typed: "xyz"))
    }

    /// Golden: "LN" typed on the start-up picker; Luca Novak (LN) is the highlighted first row.
    static let pickerLN = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends

             ┌ Who is at the keyboard? ───────────────────────────────────────────┐
             │ Name or initials: LN_                                              │
             │                                                                    │
             │ LN    Luca Novak — nurse                                           │
             │ LNA   Leo Nowak — nurse                                            │
             │                                                                    │
             │ Not on the list? Ask a ward admin to add you.                      │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │                                                                    │
             │ Type to filter · ↑/↓ choose · Enter sign in · Esc                  │
             └────────────────────────────────────────────────────────────────────┘


         Ward                           no user selected               Sat 21 Nov 14:05
        Enter Select  Esc Quit
        """#
}
