import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The handover preview: `H` on the Dashboard opens every cot's shift as the report says it,
/// `]` / `[` jump between cots, `w` saves it to a file (0600, never over another); without
/// anyone signed in it says to sign in first.
final class HandoverScreenTests: WardTestCase {
    func testHOnTheDashboardShowsEveryCotsShiftJumpsBetweenCotsAndSavesIt() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await admit(bed: "10", given: "Bo", family: "Brown")
        try await startShell()
        await press(.char("H"))
        XCTAssertTrue(screenText().contains("Sign in first: the handover names who made it."), screenText())
        await signIn(nurse)
        await press(.char("H"))
        var text = screenText(height: 30)
        XCTAssertTrue(text.contains("Shift handover"), text)
        XCTAssertTrue(text.contains("Period: 2026-11-21 07:30 to 2026-11-21 14:05"), text)
        XCTAssertTrue(text.contains("by Ada Okafor (AO), nurse"), text)

        await press(.char("]"))
        text = screenText(height: 30)
        XCTAssertTrue(text.contains("Patient: Bed 3 · Mia Jones · H300 · DOB 2026-11-18"), text)
        await press(.char("]"))
        text = screenText(height: 30)
        XCTAssertTrue(text.contains("Patient: Bed 10 · Bo Brown · H1000 · DOB 2026-11-18"), text)
        XCTAssertFalse(text.contains("Patient: Bed 3 "), "the next cot is at the top: \(text)")
        await press(.char("["))
        XCTAssertTrue(screenText(height: 30).contains("Patient: Bed 3 · Mia Jones"))
        // The cot picker: a list of the cots, Enter goes to the chosen one.
        await press(.char("c"))
        XCTAssertTrue(screenText(height: 30).contains("1  Bed 3: Mia Jones"), screenText(height: 30))
        await press(.down, .enter)
        text = screenText(height: 30)
        XCTAssertTrue(text.contains("Patient: Bed 10 · Bo Brown"), text)
        XCTAssertFalse(text.contains("Patient: Bed 3 "), text)

        let file = folder.appendingPathComponent("handover.txt").path
        await press(.char("w"))
        await type(file)
        await press(.enter)
        XCTAssertTrue(screenText().contains("Handover saved to \(file)"), screenText())
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("Bed 10: Bo Brown"))

        // Saving again under the same name is refused at the field, and the file is kept.
        await press(.char("w"))
        await type(file)
        await press(.enter)
        XCTAssertTrue(screenText().contains("already exists"), screenText())
    }
}
