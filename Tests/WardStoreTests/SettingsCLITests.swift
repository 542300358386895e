import Foundation
import XCTest
@testable import WardStore

/// `cotside settings` lists every declared ward setting, and `cotside settings set` changes them
/// all in one audited transaction, or, given one bad key or value, refuses with exit 2 saying
/// what is allowed and changes nothing.
final class SettingsCLITests: WardStoreTestCase {
    /// A value for every setting that is not its default, as typed on the command line.
    static let nonDefault: [WardSettingKey: String] = [
        .wardName: "Puffin", .dayStartMinutes: "07:30", .noWetAlertThresholdMinutes: "360", .dryNappyWeightGrams: "12",
        .glucoseUnit: "mg/dL", .doseWindowMinutes: "45", .doseGraceMinutes: "15", .effectivenessMode: "conservative",
        .adherenceGatePercent: "80", .neonatalFluidTable: "1-3:60-90; 4-28:120-160",
        .backupEveryHours: "6", .backupKeep: "30", .requirePin: "off", .idleLockMinutes: "10", .nursesPrescribe: "on",
        .bilirubinUnit: "µmol/L",
        .secondCheck: "gentamicin, route:iv+category:antibiotic",
        .shiftChanges: "07:00,19:00",
    ]

    func testSettingEveryWardSettingFromTheCommandLineStoresItOnce() async throws {
        _ = try await addNurse("ZZ")
        XCTAssertEqual(Set(Self.nonDefault.keys), Set(WardSettingKey.allCases), "a value for every setting")
        let words = WardSettings.declarations.map { "\($0.key.commandName)=\(Self.nonDefault[$0.key]!)" }
        let outcome = try runCotside(["settings", "set"] + words + ["--by", "zz"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("backup_every_hours = 6 (was 24)"), outcome.stdout)

        let stored = try await store.settings()
        for declaration in WardSettings.declarations {
            XCTAssertNotEqual(stored.storedValues[declaration.key], declaration.defaultValue, "\(declaration.key) changed")
        }
        XCTAssertEqual(stored.dayStartMinutes, 7 * 60 + 30, "HH:MM is taken for the day start")
        XCTAssertEqual(stored.backupEveryHours, 6)
        XCTAssertEqual(stored.backupKeep, 30)
        let audits = try await store.auditEntries(entity: .setting, entityId: 0)
        XCTAssertEqual(audits.count, 1, "one transaction, one audit row")
        XCTAssertNotNil(audits.first?.staffId, "audited as the staff member")

        let listed = try runCotside(["settings", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: String]]
        XCTAssertEqual(lines.map { $0["key"]! }, WardSettings.declarations.map(\.key.commandName))
        XCTAssertEqual(lines.first { $0["key"] == "backup_keep" }?["value"], "30")
        XCTAssertEqual(lines.first { $0["key"] == "backup_keep" }?["default"], "14")
        XCTAssertEqual(lines.first { $0["key"] == "backup_every_hours" }?["allowed"], "0 (off) to 168 h")
        XCTAssertTrue(lines.allSatisfy { !($0["meaning"] ?? "").isEmpty }, "every setting says what it does")
    }

    func testTheListShowsEverySettingWithWhatItDoes() throws {
        let listed = try runCotside(["settings"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        for declaration in WardSettings.declarations {
            XCTAssertTrue(listed.stdout.contains(declaration.key.commandName), declaration.key.commandName)
            XCTAssertTrue(listed.stdout.contains(declaration.meaning), declaration.meaning)
        }
    }

    func testABadKeyOrValueExits2AndChangesNothing() async throws {
        _ = try await addNurse("ZZ")
        let before = try await store.settings()
        let cases: [([String], String)] = [
            (["settings", "set", "backup_keep=0", "ward_name=Puffin", "--by", "ZZ"], "backup_keep=0: must be 1 to 365 files; nothing changed"),
            (["settings", "set", "backup_every_hours=169", "--by", "ZZ"], "backup_every_hours=169: must be 0 (off) to 168 h"),
            (["settings", "set", "bell=on", "ward_name=Puffin", "--by", "ZZ"], "‘bell’ is not a ward setting; the keys are: ward_name, day_start_minutes"),
            (["settings", "set", "glucose_unit=mg", "--by", "ZZ"], "glucose_unit=mg: must be mmol/L or mg/dL"),
            (["settings", "set", "ward_name", "--by", "ZZ"], "‘ward_name’ is not KEY=VALUE"),
            (["settings", "set", "ward_name=Puffin"], "--by: name the staff member"),
            (["settings", "set", "ward_name=Puffin", "--by", "QQ"], "--by QQ: no active staff member"),
            (["settings", "set", "--by", "ZZ"], "give at least one KEY=VALUE"),
        ]
        for (arguments, message) in cases {
            let outcome = try runCotside(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
        let stored = try await store.settings()
        XCTAssertEqual(stored, before, "nothing changed")
        let audits = try await store.auditEntries(entity: .setting, entityId: 0)
        XCTAssertEqual(audits.count, 0)
    }
}
