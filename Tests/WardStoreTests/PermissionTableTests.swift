import Foundation
import XCTest
@testable import WardStore

/// The permission table, checked cell by cell against a table written out here by hand (not
/// computed from `WardPermission`): every permission × every role × the ward admin flag ×
/// `nurses_prescribe`, and an inactive member may do nothing.
final class PermissionTableTests: XCTestCase {
    /// Columns: nurse, doctor, pharmacist, healthcare assistant, student, other. "Y" allowed.
    /// Per permission: (not admin, prescribe off), (admin, off), (not admin, on), (admin, on).
    static let expected: [WardPermission: [String]] = [
        .logCare:        ["YYYYYY", "YYYYYY", "YYYYYY", "YYYYYY"],
        .recordDose:     ["YYYYYY", "YYYYYY", "YYYYYY", "YYYYYY"],
        .useCalculators: ["YYYYYY", "YYYYYY", "YYYYYY", "YYYYYY"],
        .setGoalRanges:  ["YY....", "YY....", "YY....", "YY...."],
        .prescribe:      [".YY...", ".YY...", "YYY...", "YYY..."],
        .manageStaff:    ["......", "YYYYYY", "......", "YYYYYY"],
        .changeSettings: ["......", "YYYYYY", "......", "YYYYYY"],
        .restoreBackup:  ["......", "YYYYYY", "......", "YYYYYY"],
        .eraseOrImport:  ["......", "YYYYYY", "......", "YYYYYY"],
        .signOffDrugTable: ["..Y...", "..Y...", "..Y...", "..Y..."],
    ]
    static let roles: [StaffRole] = [.nurse, .doctor, .pharmacist, .healthcareAssistant, .student, .other]

    func member(_ role: StaffRole, admin: Bool, active: Bool = true) -> Staff {
        let at = Date(timeIntervalSince1970: 1_773_000_000)
        return Staff(id: 1, name: "Member", initials: "MB", role: role, active: active, isWardAdmin: admin,
                     autoLockMinutes: nil, isDemo: false, createdAt: at, updatedAt: at)
    }

    func testEveryCellMatchesTheWrittenTable() {
        XCTAssertEqual(Set(Self.expected.keys), Set(WardPermission.allCases), "a row for every permission")
        XCTAssertEqual(Set(Self.roles), Set(StaffRole.allCases), "a column for every role")
        for permission in WardPermission.allCases {
            var column = 0
            for prescribe in [false, true] {
                for admin in [false, true] {
                    var settings = WardSettings.defaults
                    settings.nursesPrescribe = prescribe
                    let row = Array(Self.expected[permission]![column])
                    for (index, role) in Self.roles.enumerated() {
                        let want = row[index] == "Y"
                        XCTAssertEqual(permission.allows(member(role, admin: admin), settings: settings), want,
                                       "\(permission) \(role) admin \(admin) nursesPrescribe \(prescribe)")
                        XCTAssertFalse(permission.allows(member(role, admin: admin, active: false), settings: settings),
                                       "inactive \(role) may not \(permission)")
                    }
                    column += 1
                }
            }
        }
    }

    func testNursesPrescribeIsOffByDefault() {
        XCTAssertFalse(WardSettings.defaults.nursesPrescribe)
        XCTAssertFalse(WardPermission.prescribe.allows(member(.nurse, admin: true), settings: .defaults),
                       "a nurse who is ward admin still does not prescribe")
    }

    func testTheMarkdownTableRendersEveryRowAndColumn() {
        let off = WardPermission.markdownTable(.defaults)
        let lines = off.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2 + WardPermission.allCases.count)
        XCTAssertEqual(lines[0], "| may … | nurse | doctor | pharmacist | healthcare assistant | student | other staff | ward admin |")
        XCTAssertEqual(lines[1], "|---|---|---|---|---|---|---|---|")
        XCTAssertTrue(lines.contains("| add, change, pause and stop medications | if `nurses_prescribe` | yes | yes |  |  |  | as role |"), off)
        XCTAssertTrue(lines.contains("| change ward settings |  |  |  |  |  |  | yes |"), off)
        XCTAssertTrue(lines.contains("| log care (nappies, feeds, observations), admit and discharge | yes | yes | yes | yes | yes | yes | as role |"), off)
        XCTAssertTrue(lines.allSatisfy { $0.filter { $0 == "|" }.count == 9 }, "eight columns on every line")
        var on = WardSettings.defaults
        on.nursesPrescribe = true
        XCTAssertTrue(WardPermission.markdownTable(on).contains("| add, change, pause and stop medications | yes | yes | yes |  |  |  | as role |"))
    }

    func testRefusalsSayWhoMay() {
        let nurse = member(.nurse, admin: false)
        XCTAssertEqual(WardPermission.changeSettings.refusal(for: nurse, settings: .defaults),
                       "only a ward admin may change ward settings; MB is a nurse")
        XCTAssertEqual(WardPermission.prescribe.refusal(for: nurse, settings: .defaults),
                       "only a doctor or a pharmacist may add, change, pause and stop medications; MB is a nurse")
        XCTAssertEqual(WardPermission.logCare.whoMay(.defaults), "anyone signed in")
        XCTAssertEqual(WardPermission.prescribe.refusal(for: member(.healthcareAssistant, admin: true), settings: .defaults),
                       "only a doctor or a pharmacist may add, change, pause and stop medications; "
                       + "MB is a healthcare assistant (and a ward admin)")
        XCTAssertEqual(WardPermission.changeSettings.refusal(for: member(.other, admin: false), settings: .defaults),
                       "only a ward admin may change ward settings; MB is other staff", "no \"an other staff\"")
    }
}
