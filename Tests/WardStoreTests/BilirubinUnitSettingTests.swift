import XCTest
@testable import WardStore

/// The ward's bilirubin unit (`bilirubin_unit`): mg/dL by default (the AAP 2022 tables' unit),
/// µmol/L where the ward reports bilirubin in SI units. A unit is typed however a keyboard
/// allows (`umol/L`, `µmol/l`) and stored as written in the declaration.
final class BilirubinUnitSettingTests: XCTestCase {
    let declaration = WardSettings.declaration(.bilirubinUnit)

    func testDefaultIsMilligramsAndTheStoredValueReadsBack() {
        XCTAssertEqual(WardSettings.defaults.bilirubinUnit, .mgPerDl)
        XCTAssertEqual(declaration.defaultValue, "mg/dL")
        XCTAssertEqual(WardSettings(values: ["bilirubinUnit": "µmol/L"]).bilirubinUnit, .umolPerL)
        XCTAssertEqual(WardSettings(values: ["bilirubinUnit": "nonsense"]).bilirubinUnit, .mgPerDl)
        XCTAssertEqual(declaration.key.commandName, "bilirubin_unit")
    }

    func testAUnitIsAcceptedAsAKeyboardTypesIt() {
        for typed in ["µmol/L", "umol/L", "UMOL/L", "μmol/l", " umol/l "] {
            XCTAssertEqual(declaration.check(typed), .valid("µmol/L"), typed)
        }
        XCTAssertEqual(declaration.check("MG/DL"), .valid("mg/dL"))
        guard case .invalid(let issue) = declaration.check("mmol/L") else { return XCTFail("mmol/L is not a bilirubin unit") }
        XCTAssertEqual(issue.message, "the bilirubin unit ‘mmol/L’ must be mg/dL or µmol/L")
        // The glucose unit reads the same way: mmol/l is mmol/L.
        XCTAssertEqual(WardSettings.declaration(.glucoseUnit).check("mmol/l"), .valid("mmol/L"))
    }
}
