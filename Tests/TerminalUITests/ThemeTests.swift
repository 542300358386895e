import XCTest
@testable import TerminalUI

final class ThemeTests: XCTestCase {
    func testEveryThemeStylesEveryRole() {
        for name in ThemeName.allCases {
            let theme = Theme.named(name)
            XCTAssertEqual(theme.name, name)
            for role in StyleRole.allCases {
                XCTAssertNotNil(theme.styles[role], "\(name) has no style for \(role)")
            }
        }
    }

    func testMonochromeUsesNoColour() {
        for (role, style) in Theme.monochrome.styles {
            XCTAssertEqual(style.foreground, .terminalDefault, "\(role)")
            XCTAssertEqual(style.background, .terminalDefault, "\(role)")
        }
        // Selection and danger must still stand out without colour.
        XCTAssertFalse(Theme.monochrome.style(for: .selection).attributes.isEmpty)
        XCTAssertFalse(Theme.monochrome.style(for: .danger).attributes.isEmpty)
        XCTAssertFalse(Theme.monochrome.style(for: .inputInvalid).attributes.isEmpty)
    }

    func testASCIIGlyphsAreASCII() {
        let g = GlyphSet.ascii
        let all = [g.horizontal, g.vertical, g.topLeft, g.topRight, g.bottomLeft, g.bottomRight, g.check, g.cross,
                   g.arrowUp, g.arrowDown, g.arrowLeft, g.arrowRight, g.bullet, g.ellipsis, g.toggleOn, g.toggleOff,
                   g.radioOn, g.radioOff, g.statusOK, g.statusHigh, g.statusLow, g.statusWarning, g.statusDanger,
                   g.statusUnknown, g.statusInfo] + g.barRamp
        for glyph in all { XCTAssertTrue(glyph.allSatisfy(\.isASCII), "‘\(glyph)’ is not ASCII") }
        XCTAssertFalse(g.hasBraille)
        XCTAssertEqual(GlyphSet.unicode.barRamp, ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"])
    }

    func testStatusBadgeIsSymbolAndWord() {
        XCTAssertEqual(StatusBadge(.ok, word: "normal").text, "✔ normal")
        XCTAssertEqual(StatusBadge(.high, word: "high").text, "▲ high")
        XCTAssertEqual(StatusBadge(.warning, word: "overdue").text, "! overdue")
        XCTAssertEqual(StatusBadge(.danger, word: "error", glyphs: .ascii).text, "x error")
        let buffer = render(StatusBadge(.low, word: "low"), width: 8, height: 1)
        assertScreen(buffer, lines: ["▼ low"])
        XCTAssertEqual(buffer[0, 0].role, .warning)
    }

    func testUIStringsFillPlaceholders() {
        XCTAssertEqual(UIStrings.fill("{a} and {b}", ["a": "1", "b": "2"]), "1 and 2")
    }
}

final class TerminalProfileTests: XCTestCase {
    func testNoColourRules() {
        XCTAssertEqual(TerminalProfile.theme(requested: .light, noColorFlag: false, environment: [:], terminalHasColors: true).name, .light)
        XCTAssertEqual(TerminalProfile.theme(requested: .light, noColorFlag: true, environment: [:], terminalHasColors: true).name, .monochrome)
        XCTAssertEqual(TerminalProfile.theme(requested: .dark, noColorFlag: false, environment: ["NO_COLOR": "1"], terminalHasColors: true).name, .monochrome)
        // no-color.org: an empty NO_COLOR does not disable colour.
        XCTAssertEqual(TerminalProfile.theme(requested: .dark, noColorFlag: false, environment: ["NO_COLOR": ""], terminalHasColors: true).name, .dark)
        XCTAssertEqual(TerminalProfile.theme(requested: .dark, noColorFlag: false, environment: [:], terminalHasColors: false).name, .monochrome)
        XCTAssertEqual(TerminalProfile.glyphs(localeIsUTF8: false), .ascii)
        XCTAssertEqual(TerminalProfile.glyphs(localeIsUTF8: true), .unicode)
    }

    func testLocalizedStringsComeFromTheCatalogueWithEnglishFallback() {
        let german = ["ui.yes": "Ja", "ui.no": "Nein"]
        let strings = UIStrings.localized { key, english in german[key] ?? english }
        XCTAssertEqual(strings.yes, "Ja")
        XCTAssertEqual(strings.no, "Nein")
        XCTAssertEqual(strings.ok, "OK")
        XCTAssertEqual(UIStrings.catalogueKeys["ui.tooSmall"], UIStrings.english.tooSmall)
        // Every String the kit shows is localisable: 17 widget strings, 7 chart/axis words and
        // the pattern of the day a date-time field understood.
        XCTAssertEqual(UIStrings.catalogueKeys.count, 25)
        XCTAssertEqual(UIStrings.catalogueKeys["ui.dateTime.pattern"], "EEE d MMM yyyy")
        XCTAssertEqual(UIStrings.catalogueKeys["ui.chart.notEnoughData"], UIStrings.english.notEnoughData)
    }
}

/// What a date-time field says it understood follows the kit's strings: weekday and month names,
/// the day's pattern and the relative words (the app fills them from the catalogue).
final class UnderstoodDateWordsTests: XCTestCase {
    func testTheUnderstoodDateIsWordedByTheKitsStrings() {
        let utc = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_795_269_900)  // 2026-11-21 14:05 UTC, a Saturday
        let date = now.addingTimeInterval(-15 * 60)
        XCTAssertEqual(TimeShortcut.describe(date, now: now, timeZone: utc), "Sat 21 Nov 2026 13:50 (15 min ago)")
        var german = UIStrings.english
        german.weekdayAbbreviations = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"]
        german.monthAbbreviations = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]
        german.understoodDatePattern = "EEE d. MMM yyyy"
        german.relativeAgo = "vor {0}"
        XCTAssertEqual(TimeShortcut.describe(date, now: now, timeZone: utc, strings: german), "Sa 21. Nov 2026 13:50 (vor 15 min)")
        var chinese = UIStrings.english
        chinese.weekdayAbbreviations = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]
        chinese.understoodDatePattern = "yyyy年M月d日 EEE"
        XCTAssertEqual(TimeShortcut.describe(date, now: now, timeZone: utc, strings: chinese), "2026年11月21日 周六 13:50 (15 min ago)")
    }
}
