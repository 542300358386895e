import XCTest
@testable import WardStore

/// The one weight parser: kg or g with or without a space, a decimal comma, a bare number in
/// the field's unit; a bare number that only fits the other unit is refused with the unit
/// suggested (never converted), and nonsense is refused saying what is allowed.
final class WeightTextTests: XCTestCase {
    let birth: ClosedRange<Double> = 300...7000
    let weighing = MeasurementKind.weight.plausibleRange

    func testAcceptedFormsGiveGrams() {
        let cases: [(String, WeightUnit, Double)] = [
            ("3.4 kg", .grams, 3400), ("3.4kg", .grams, 3400), ("3400 g", .grams, 3400), ("3400g", .grams, 3400),
            ("3400", .grams, 3400), ("3.4", .kilograms, 3400), ("3,4 kg", .grams, 3400), ("3,4", .kilograms, 3400),
            (" 3.4 KG ", .grams, 3400), ("3400 G", .grams, 3400), ("3.4 kgs", .grams, 3400), ("3400 grams", .grams, 3400),
            ("0.45 kg", .grams, 450), (".5 kg", .grams, 500), ("3412.5 g", .grams, 3412.5), ("3.4125kg", .grams, 3412.5),
            ("+3.4 kg", .grams, 3400),
        ]
        for (text, unit, grams) in cases {
            XCTAssertEqual(try WeightText.grams(text, stated: unit, plausible: birth).get(), grams, "\(text) in a \(unit.rawValue) field")
        }
        XCTAssertEqual(try WeightText.grams("16 kg", stated: .grams, plausible: weighing).get(), 16_000, "a 4-year-old's weight")
        XCTAssertEqual(try WeightText.grams("0.1 kg", stated: .grams, plausible: 100...1000).get(), 100,
                       "kg to g without binary noise (0.1 × 1000 is not 100.00000000000001)")
    }

    func testABareNumberInTheWrongUnitIsRefusedWithTheUnitSuggested() {
        XCTAssertEqual(WeightText.grams("3400", stated: .kilograms, plausible: birth).failure,
                       .unitLikelyOther(text: "3400", stated: .kilograms, suggested: .grams))
        XCTAssertEqual(WeightText.grams("3.4", stated: .grams, plausible: birth).failure,
                       .unitLikelyOther(text: "3.4", stated: .grams, suggested: .kilograms))
        XCTAssertEqual(WeightText.grams("3,4", stated: .grams, plausible: birth).failure?.message,
                       "‘3,4’ is not a plausible weight in g; for kg, type 3,4 kg")
        XCTAssertEqual(WeightText.grams("3400", stated: .kilograms, plausible: birth).failure?.message,
                       "‘3400’ is not a plausible weight in kg; for g, type 3400 g")
        XCTAssertEqual(WeightText.grams("50", stated: .grams, plausible: weighing).failure,
                       .unitLikelyOther(text: "50", stated: .grams, suggested: .kilograms), "50 g is no child; 50 kg may be")
    }

    func testAWeightWithItsUnitOutsideTheRangeIsRefusedNotSwapped() {
        XCTAssertEqual(WeightText.grams("3.4 g", stated: .grams, plausible: birth).failure?.message,
                       "‘3.4 g’ is outside 300–7000 g (0.3–7 kg)")
        XCTAssertEqual(WeightText.grams("3400 kg", stated: .grams, plausible: birth).failure,
                       .outOfRange(text: "3400 kg", unit: .kilograms, plausible: birth))
        XCTAssertEqual(WeightText.grams("99999999", stated: .grams, plausible: birth).failure,
                       .outOfRange(text: "99999999", unit: .grams, plausible: birth), "absurd in both units")
        XCTAssertEqual(WeightText.grams("1e9", stated: .grams, plausible: birth).failure, .unknownUnit(text: "1e9", unit: "e9"))
    }

    func testZeroNegativeEmptyAndNonsenseAreRefusedSayingWhatIsAllowed() {
        XCTAssertEqual(WeightText.grams("0", stated: .grams, plausible: birth).failure, .notPositive(text: "0", plausible: birth))
        XCTAssertEqual(WeightText.grams("0 kg", stated: .grams, plausible: birth).failure, .notPositive(text: "0 kg", plausible: birth))
        XCTAssertEqual(WeightText.grams("-3.4 kg", stated: .grams, plausible: birth).failure?.message,
                       "‘-3.4 kg’: a weight must be more than 0; 300–7000 g (0.3–7 kg) is allowed")
        XCTAssertEqual(WeightText.grams("  ", stated: .grams, plausible: birth).failure, .empty)
        XCTAssertEqual(WeightText.grams("kg", stated: .grams, plausible: birth).failure, .notANumber(text: "kg"))
        XCTAssertEqual(WeightText.grams("3.4.5 kg", stated: .grams, plausible: birth).failure, .notANumber(text: "3.4.5 kg"))
        XCTAssertEqual(WeightText.grams("3-4 kg", stated: .grams, plausible: birth).failure, .notANumber(text: "3-4 kg"))
        XCTAssertEqual(WeightText.grams("3.4 lb", stated: .grams, plausible: birth).failure?.message,
                       "‘3.4 lb’: lb is not a weight unit; write g or kg, e.g. 3400 g or 3.4 kg")
        XCTAssertEqual(WeightText.grams("3.4 kg kg", stated: .grams, plausible: birth).failure, .unknownUnit(text: "3.4 kg kg", unit: "kg kg"))
    }

    func testACommaBeforeThreeDigitsIsNotGuessed() {
        // 3,400: three thousand four hundred grams, or 3.4 with a decimal comma? Neither is assumed.
        XCTAssertEqual(WeightText.grams("3,400", stated: .grams, plausible: birth).failure, .ambiguousComma(text: "3,400"))
        XCTAssertEqual(WeightText.grams("3,400 g", stated: .grams, plausible: birth).failure?.message,
                       "‘3,400 g’ could be grams with a thousands separator or kilograms with a decimal comma; "
                       + "write it without the comma and with its unit, e.g. 3400 g or 3.4 kg")
        XCTAssertEqual(try WeightText.grams("3,45 kg", stated: .grams, plausible: birth).get(), 3450, "two decimals are a decimal comma")
    }

    func testTheTypedUnitIsRead() {
        XCTAssertEqual(WeightText.typedUnit("3.4 kg"), .kilograms)
        XCTAssertEqual(WeightText.typedUnit("3400g"), .grams)
        XCTAssertNil(WeightText.typedUnit("3400"))
    }
}

extension Result {
    /// The error, or nil on success (for table assertions).
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
