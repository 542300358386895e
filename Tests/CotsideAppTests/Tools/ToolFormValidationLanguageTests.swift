import CotsideResources
import XCTest
@testable import CotsideApp
import TerminalUI
import Clinical

/// A calculator form with a wrong value says so in the chosen language, beside the field and in
/// the result bar: the message, the range with the language's unit words and decimal mark, and
/// the fields named by their labels, never by the contract's keys (Issue 20). 80×24, fixed clock.
final class ToolFormValidationLanguageTests: ShellTestCase {
    /// BSA with a weight of 0 (the English golden is ToolGoldenScreensTests.bsaInvalid).
    @MainActor func testBsaWithAnInvalidWeightInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        assertScreen(screen(shell, keys: "3 b s a Enter 1 1 0 Tab 0"), Self.bsaInvalidGerman)
    }

    @MainActor func testBsaWithAnInvalidWeightInChinese() async throws {
        let shell = try makeShell(persist: false, language: "zh-Hans")
        assertScreen(screen(shell, keys: "3 b s a Enter 1 1 0 Tab 0"), Self.bsaInvalidChinese)
    }

    /// Rules between inputs name the fields by their labels: growth with days and months.
    @MainActor func testARuleBetweenInputsNamesTheFieldsByTheirLabels() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let lines = screen(shell, keys: "3 g r o w t h Enter Right Down 1 0 Down 1 Down 3", width: 120, height: 40)
        assertShows(lines, "Alter (Tage) oder Alter (Monate) angeben, nicht beides")
        assertDoesNotShow(lines, "age_days")
        assertDoesNotShow(lines, "not both")
    }

    /// The age in hours of the bilirubin form: a text that is neither hours nor a time of birth.
    @MainActor func testAnAgeThatIsNeitherHoursNorATimeOfBirthInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let lines = screen(shell, keys: "3 b i l i r u b i n Enter 3 8 Down x y z", width: 140, height: 40)
        assertShows(lines, "‚xyz‘ ist weder Stunden noch ein Geburtszeitpunkt; Stunden (46,5)")
        assertDoesNotShow(lines, "neither hours")
    }

    /// A decimal comma is typed as the language writes it and gives the same result as a point.
    @MainActor func testACommaAndAPointGiveTheSameResult() async throws {
        let comma = screen(try makeShell(persist: false, language: "de"), keys: "3 b s a Enter 1 1 0 , 5 Tab 1 9")
        let point = screen(try makeShell(persist: false, language: "de"), keys: "3 b s a Enter 1 1 0 . 5 Tab 1 9")
        let result = { (lines: [String]) in lines.first { $0.contains("m²") } }
        XCTAssertNotNil(result(comma), comma.joined(separator: "\n"))
        XCTAssertEqual(result(comma), result(point))
    }

    /// Every language: the forms' wrong values read without an English word (the words rule of
    /// UntranslatedWordsScreenTests, with the units and names clinicians write in every language).
    @MainActor func testWrongValuesReadWithoutEnglishInEveryLanguage() async throws {
        let english = try EnglishWordCheck.catalogueWords("en")
        // Names and units written alike in every language, and the sex the growth form takes as
        // the contract's value (`male`, shown beside its words once the catalogue words it:
        // `calc.value.sex.male`, the results' side).
        let allowed: Set<String> = ["bsa", "mosteller", "ett", "gfr", "qtc", "mmhg", "bpm", "who", "intergrowth", "cotside",
                                    "esc", "male", "female"]
        let forms = ["3 b s a Enter 1 1 0 Tab 0", "3 b s a Enter 9 9 9 Tab 3",
                     "3 g r o w t h Enter Right Down 1 0 Down 1 Down 3",
                     "3 e t t Enter 6 Down 2", "3 d o s a g e Enter Right Down 0",
                     "3 b i l i r u b i n Enter 3 8 Down x y z",
                     "3 c o r r e c t e d Enter 2 0 2 6 - 1 1 - 0 5 Down 3 0 Down Down 2 0 2 6 - 1 1 - 0 1"]
        var leaks: [String] = []
        for code in ["de", "fr", "es", "pt-BR", "zh-Hans"] {
            let own = try EnglishWordCheck.catalogueWords(code)
            for keys in forms {
                let shell = try makeShell(persist: false, language: code)
                let text = screen(shell, keys: keys, width: 140, height: 40).joined(separator: "\n")
                let left = Set(EnglishWordCheck.words(text)).filter { english.contains($0) && !own.contains($0) && !allowed.contains($0) }
                if !left.isEmpty { leaks.append("\(code) \(keys): \(left.sorted().joined(separator: ", "))\n\(text)") }
            }
        }
        XCTAssertEqual(leaks, [], leaks.joined(separator: "\n\n"))
    }

    /// The stroke triage full module's result bar under the form: the ICH volume's categories,
    /// the LVO risk band and the summary's labels in the language (they were English: the
    /// summary's categories were looked up under the module, not the tool that made them).
    @MainActor func testStrokeFormResultBarInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let keys = "3 s t r o k e Enter n y 1 2 2 2 2 Enter 7 0 Down 1 5 0 Down 9 0 Down 1 0 0"
        let lines = screen(shell, keys: keys, width: 140, height: 40)
        let bar = lines.drop { !$0.contains("── Ergebnis") }.joined(separator: "\n")
        for german in ["Schweregrad: Klein", "LVO-Risiko: Sehr hohes Risiko", "LVO-Wahrscheinlichkeit"] {
            XCTAssertTrue(bar.contains(german), "“\(german)” in:\n\(bar)")
        }
        for english in ["Small", "Very high risk", "30-day", "Lvo", "Suggested"] { XCTAssertFalse(bar.contains(english), "“\(english)” in:\n\(bar)") }
    }

    /// The stroke results page in German, top to bottom: the research statement and every
    /// number (8,43 mL, 3,7 %, the drivers' +3,79) in the language, no English sentence.
    @MainActor func testStrokeResultsPageInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let keys = "3 s t r o k e Enter n y 1 2 2 2 2 Enter 7 0 Down 1 5 0 Down 9 0 Down 1 0 0 Enter"
        let page = (screen(shell, keys: keys, width: 120, height: 60) + screen(shell, keys: "End", width: 120, height: 60))
            .joined(separator: "\n")
        for german in ["Nur für Forschungszwecke", "8,43 mL", "3,7 %", "+3,79"] {
            XCTAssertTrue(page.contains(german), "“\(german)” in:\n\(page)")
        }
        for english in ["For research use", "8.43 mL", "3.7 %", "+3.79"] {
            XCTAssertFalse(page.contains(english), "“\(english)” in:\n\(page)")
        }
    }

    /// The form's own messages (`tools.entry.*`) are in en.json as the code writes them.
    func testTheFormsOwnMessagesAreInTheEnglishCatalogueAsWritten() throws {
        let english = try Catalogues.load(CotsideResources.url("l10n/en.json"))
        for text in ToolFormEntry.Text.all { XCTAssertEqual(english[text.key], text.english, text.key) }
    }


    static let bsaInvalidGerman: [String] = [
        " 1 Übersicht   2 Verlauf   3 Werkzeuge   4 Medikamente   5 Trends",
        " Körperoberfläche (Mosteller) — KOF = √(Größe cm × Gewicht kg / 3600)",
        "   Größe / Länge 110        cm  10–250 cm",
        " ▶ Gewicht       0_         kg  ✖ 0 kg liegt außerhalb von 0,1–300 kg",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        " ── Ergebnis ──────────────────────────────────────────────────────────────────",
        " ✖ korrigieren Gewicht: 0 kg liegt außerhalb von 0,1–300 kg",
        "",
        "",
        "",
        " Station                     kein Benutzer gewählt             Sa 21. Nov 14:05",
        "r Quellen  S Speichern  Esc Zurück  ? Hilfe  : Befehle  q Beenden",
    ]
    static let bsaInvalidChinese: [String] = [
        " 1 总览   2 历史   3 工具   4 用药   5 趋势",
        " 体表面积（Mosteller） — BSA = √(身高 cm × 体重 kg / 3600)",
        "   身高 / 身长 110        cm  10–250 cm",
        " ▶ 体重        0_         kg  ✖ 0 kg 超出范围 0.1–300 kg",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        " ── 结果 ──────────────────────────────────────────────────────────────────────",
        " ✖ 修正 体重: 0 kg 超出范围 0.1–300 kg",
        "",
        "",
        "",
        " 病区                              未选择用户               11月21日 周六 14:05",
        "r 文献  S 保存  Esc 返回  ? 帮助  : 命令  q 退出",
    ]
}
