import XCTest
@testable import CotsideApp
import TerminalUI

/// Numbers and dates follow the language shown: a decimal comma in German, French, Spanish and
/// Brazilian Portuguese, day before month, the 24-hour clock, names from the catalogue; English
/// and machine text keep the decimal point and ISO dates.
final class LanguageFormatTests: XCTestCase {
    let saturday = Date(timeIntervalSince1970: 1_795_269_900) // 2026-11-21 14:05 UTC
    let utc = TimeZone(identifier: "UTC")!

    func format(_ code: String) throws -> LanguageFormat { LanguageFormat(try Catalogues.localizer(for: code)) }

    func time(_ code: String) throws -> WardTimeText {
        let t = try Catalogues.localizer(for: code)
        return WardTimeText(timeZone: utc, weekdays: t("time.weekdays").split(separator: " ").map(String.init),
                            months: t("time.months").split(separator: " ").map(String.init),
                            yesterday: t("time.yesterday"), tomorrow: t("time.tomorrow"), format: LanguageFormat(t))
    }

    func testEveryShippedCatalogueDeclaresItsDecimalMark() throws {
        for language in Catalogues.available() {
            let expected: Character = ["de", "fr", "es", "pt-BR"].contains(language.code) ? "," : "."
            XCTAssertEqual(try format(language.code).decimalMark, expected, language.code)
        }
    }

    func testNumbersTakeTheDecimalCommaInGermanFrenchSpanishAndPortuguese() throws {
        for code in ["de", "fr", "es", "pt-BR"] {
            let f = try format(code)
            XCTAssertEqual(f.number(36.84, digits: 1), "36,8", code)
            XCTAssertEqual(f.number(3.25, digits: 3), "3,25", code)
            XCTAssertEqual(f.number(120, digits: 1), "120", code)
            XCTAssertEqual(f.fixed(1.5, digits: 2), "1,50", code)
        }
        XCTAssertEqual(try format("en").number(36.84, digits: 1), "36.8")
        XCTAssertEqual(try format("zh-Hans").fixed(1.5, digits: 2), "1.50")
    }

    /// Text made below the app ("91 % on 2.5 L/min") changes only in its numbers' decimal
    /// points: versions, dates, times, ranges and words stay as they are.
    func testDecimalsInTextChangeOnlyDecimalPoints() throws {
        let german = try format("de")
        XCTAssertEqual(german.decimals("3.250 kg · 36.8 °C · 0.5 L/min"), "3,250 kg · 36,8 °C · 0,5 L/min")
        XCTAssertEqual(german.decimals("120/80 mmHg at 14:05"), "120/80 mmHg at 14:05")
        XCTAssertEqual(german.decimals("Cotside 1.2.3, 2026-11-21"), "Cotside 1.2.3, 2026-11-21")
        XCTAssertEqual(german.decimals("v2.5 and end."), "v2.5 and end.")
        XCTAssertEqual(german.decimals("−0.5 and -1.25"), "−0,5 and -1,25")
        XCTAssertEqual(german.decimals("小明 2.6 kg"), "小明 2,6 kg")
        XCTAssertEqual(try format("en").decimals("3.250 kg"), "3.250 kg")
    }

    func testDatesPutTheDayBeforeTheMonthWithNamesFromTheCatalogue() throws {
        XCTAssertEqual(try time("en").dayAndTime(saturday), "Sat 21 Nov 14:05")
        XCTAssertEqual(try time("en").shown(saturday), "2026-11-21 14:05")
        XCTAssertEqual(try time("de").dayAndTime(saturday), "Sa 21. Nov 14:05")
        XCTAssertEqual(try time("de").dayMonthTime(saturday), "21. Nov 14:05")
        XCTAssertEqual(try time("de").shown(saturday), "21.11.2026 14:05")
        XCTAssertEqual(try time("fr").dayAndTime(saturday), "sam. 21 nov. 14:05")
        XCTAssertEqual(try time("fr").shown(saturday), "21/11/2026 14:05")
        XCTAssertEqual(try time("es").dayMonthTime(saturday), "21 nov 14:05")
        XCTAssertEqual(try time("pt-BR").dayAndTime(saturday), "sáb 21 nov 14:05")
        XCTAssertEqual(try time("zh-Hans").dayAndTime(saturday), "11月21日 周六 14:05")
        XCTAssertEqual(try time("zh-Hans").dayMonthTime(saturday), "11月21日 14:05")
        XCTAssertEqual(try time("de").clock(saturday.addingTimeInterval(-86_400), now: saturday), "gestern 14:05")
    }

    /// A date-time field is filled with an ISO stamp in every language, so editing a record
    /// never leaves text the field cannot read back.
    func testTheEditableStampIsTheSameInEveryLanguage() throws {
        for language in Catalogues.available() {
            let stamp = try time(language.code).stamp(saturday)
            XCTAssertEqual(stamp, "2026-11-21 14:05", language.code)
            XCTAssertNotNil(try? TimeShortcut.parse(stamp, now: saturday, timeZone: utc).get(), language.code)
        }
    }

    /// Number fields read "36,8" and "36.8" alike in every language.
    func testNumberFieldsAcceptBothDecimalMarks() {
        let spec = NumberSpec(range: 30...45, unit: "°C")
        XCTAssertEqual(FormField.number("t", label: "T", spec: spec, value: "36,8").numberValue, 36.8)
        XCTAssertEqual(FormField.number("t", label: "T", spec: spec, value: "36.8").numberValue, 36.8)
    }

    /// Chart axes and readouts write the decimal and the day the language's way.
    func testChartStringsCarryTheDecimalMarkAndDayOrder() throws {
        var strings = UIStrings.english
        XCTAssertEqual(strings.number("36.5"), "36.5")
        XCTAssertEqual(strings.dayMonth(day: 21, month: 11), "21 Nov")
        strings.decimalMark = ","
        strings.dayMonthPattern = "d. MMM"
        XCTAssertEqual(strings.number("36.5"), "36,5")
        XCTAssertEqual(strings.dayMonth(day: 21, month: 11), "21. Nov")
        strings.monthAbbreviations = (1...12).map { "\($0)月" }
        strings.dayMonthPattern = "MMMd日"
        XCTAssertEqual(strings.dayMonth(day: 21, month: 11), "11月21日")
    }
}
