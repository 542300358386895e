import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Ward settings form shows and edits every ward setting (one field per declaration), says
/// the allowed range of a refused value, and saves only what was changed: a setting the user did
/// not touch keeps its stored value, whatever the form or another workstation holds.
@MainActor
final class WardSettingsScreenTests: WardTestCase {
    /// A ward with every setting away from its default, the form open.
    func openForm() async throws -> WardSettings {
        let nurse = try await addStaff("Nia Nurse", "NN")
        var settings = WardSettings.defaults
        settings.wardName = "Puffin"
        settings.dayStartMinutes = 7 * 60
        settings.noWetAlertThresholdMinutes = 6 * 60
        settings.dryNappyWeightGrams = 12
        settings.glucoseUnit = .mgPerDl
        settings.doseWindowMinutes = 45
        settings.doseGraceMinutes = 15
        settings.effectivenessMode = .conservative
        settings.adherenceGatePercent = 80
        settings.neonatalFluidTable = NeonatalFluidTable(text: "1-3:60-90; 4-28:120-160")!
        settings.backupEveryHours = 6
        settings.backupKeep = 30
        let stored = try await store.updateSettings(settings, by: nil)
        try await startShell()
        await signIn(nurse)
        await press(.char("s"), .down, .down, .enter)
        XCTAssertTrue(shell.front is WardSettingsScreen)
        return stored
    }

    var form: WardSettingsScreen { shell.front as! WardSettingsScreen }

    /// Moves the focus to the field for `key`.
    func focus(_ key: WardSettingKey, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in form.state.fields where form.state.fields[form.state.focus].id != key.rawValue { await press(.tab) }
        XCTAssertEqual(form.state.fields[form.state.focus].id, key.rawValue, "no field for \(key)", file: file, line: line)
    }

    func testChangingOnlyTheDryNappyWeightKeepsEveryOtherSetting() async throws {
        let before = try await openForm()
        await focus(.dryNappyWeightGrams)
        await press(.ctrl("u"))
        await type("14")
        await press(.enter)
        XCTAssertFalse(shell.front is WardSettingsScreen, "saved and closed")
        var expected = before
        expected.dryNappyWeightGrams = 14
        let after = try await store.settings()
        XCTAssertEqual(after, expected, "glucose unit, dose window, grace and adherence gate are unchanged")
        let audit = try await store.auditEntries(entity: .setting, entityId: 0).last
        XCTAssertEqual(audit?.afterJSON, #"{"dryNappyWeightGrams":"14"}"#, "the audit row holds only what changed")
    }

    func testEveryWardSettingIsOnTheFormAndEditable() async throws {
        _ = try await openForm()
        XCTAssertEqual(form.state.fields.map(\.id), WardSettings.declarations.map(\.key.rawValue))
        XCTAssertEqual(form.state.text("doseWindowMinutes"), "45")
        XCTAssertEqual(form.state.text("adherenceGatePercent"), "80")
        XCTAssertEqual(form.state.text("backupEveryHours"), "6")
        XCTAssertEqual(form.state.text("backupKeep"), "30")
        XCTAssertEqual(form.state.text("dayStartMinutes"), "07:00")
        XCTAssertEqual(form.state.text("noWetAlertThresholdMinutes"), "6")
        XCTAssertEqual(form.state.text("neonatalFluidTable"), "1-3:60-90; 4-28:120-160")
        XCTAssertTrue(screenText(height: 30).contains("mg/dL"), screenText(height: 30))
        await focus(.glucoseUnit)
        await press(.char("1"))                    // mmol/L
        await focus(.doseWindowMinutes)
        await press(.ctrl("u"))
        await type("60")
        await focus(.doseGraceMinutes)
        await press(.ctrl("u"))
        await type("20")
        await focus(.adherenceGatePercent)
        await press(.ctrl("u"))
        await type("70")
        await press(.enter)
        let saved = try await store.settings()
        XCTAssertEqual(saved.glucoseUnit, .mmolPerL)
        XCTAssertEqual(saved.doseWindowMinutes, 60)
        XCTAssertEqual(saved.doseGraceMinutes, 20)
        XCTAssertEqual(saved.adherenceGatePercent, 70)
        XCTAssertEqual(saved.dryNappyWeightGrams, 12)
        XCTAssertEqual(shell.context.wardSettings, saved, "every screen reads the new settings at once")
    }

    func testTheBackupScheduleIsEditableOnTheForm() async throws {
        _ = try await openForm()
        await focus(.backupEveryHours)
        await press(.ctrl("u"))
        await type("0")
        await focus(.backupKeep)
        await press(.ctrl("u"))
        await type("7")
        await press(.enter)
        let saved = try await store.settings()
        XCTAssertEqual(saved.backupEveryHours, 0, "0 turns automatic backups off")
        XCTAssertEqual(saved.backupKeep, 7)
        XCTAssertEqual(saved.wardName, "Puffin", "nothing else changed")
    }

    func testTheLineUnderTheFieldsSaysWhatTheFocusedSettingDoesAndAllows() async throws {
        _ = try await openForm()
        await focus(.backupEveryHours)
        let text = screenText(height: 30)
        let declaration = WardSettings.declaration(.backupEveryHours)
        XCTAssertTrue(text.contains(String(declaration.meaning.prefix(40))), text)
        await focus(.backupKeep)
        XCTAssertTrue(screenText(width: 200, height: 30).contains("Allowed: 1 to 365 files."), screenText(width: 200, height: 30))
        XCTAssertTrue(text.contains("shared by every workstation"), "the form says the settings are the ward's: \(text)")
    }

    func testAValueOutsideItsRangeSaysWhatIsAllowed() async throws {
        _ = try await openForm()
        await focus(.doseWindowMinutes)
        await press(.ctrl("u"))
        await type("200")
        await press(.enter)
        XCTAssertTrue(shell.front is WardSettingsScreen, "refused: the form stays")
        XCTAssertTrue(screenText(height: 30).contains("between 5 and 120 min"), screenText(height: 30))
        let stored = try await store.settings()
        XCTAssertEqual(stored.doseWindowMinutes, 45, "nothing stored")
    }
}
