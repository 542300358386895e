import XCTest
@testable import CotsideApp
import TerminalUI
import Clinical

/// A calculator's form and result read in the chosen language: labels, options, the category,
/// the interpretation and the result labels come from the catalogue by key (Issue 20), while
/// the values and the contract's keys stay as they are. GCS 4 + 5 + 6 = 15 at 80×24.
final class ToolFormLanguageTests: ShellTestCase {
    @MainActor func testGcsFormAndResultInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let form = screen(shell, keys: "3 g c s Enter")
        assertShows(form, "Glasgow-Koma-Skala (pädiatrisch)")
        assertShows(form, "Augenöffnen")
        assertShows(form, "Spontanes Augenöffnen")
        assertShows(form, "Beste verbale Reaktion")
        let result = screen(shell, keys: "4 5 6")
        assertShows(result, "Beste motorische Reaktion")
        assertShows(result, "6 Punkte")
        assertShows(result, "Befolgt Aufforderungen")
        assertShows(result, "Punktwert 15 Punkte")
        assertShows(result, "Schweregrad: Leicht")
        assertShows(result, "GCS 15 (E4 V5 M6): leichte Bewusstseinsstörung.")
        for english in ["Eye opening", "Obeys commands", "Score 15", "impairment of consciousness"] {
            assertDoesNotShow(result, english)
        }
    }

    @MainActor func testGcsFormAndResultInChinese() async throws {
        let shell = try makeShell(persist: false, language: "zh-Hans")
        let form = screen(shell, keys: "3 g c s Enter")
        assertShows(form, "格拉斯哥昏迷评分（儿童）")
        assertShows(form, "睁眼反应")
        assertShows(form, "自动睁眼")
        let result = screen(shell, keys: "4 5 6")
        assertShows(result, "遵嘱动作")
        assertShows(result, "评分 15 分")
        assertShows(result, "严重程度: 轻度")
        assertShows(result, "GCS 15（E4 V5 M6）：轻度意识障碍。")
        for english in ["Eye opening", "Obeys commands", "Score 15", "impairment of consciousness"] {
            assertDoesNotShow(result, english)
        }
    }

    /// The paediatric verbal wording under 5 years follows the language too.
    @MainActor func testGcsVerbalWordingUnderFiveInGerman() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let lines = screen(shell, keys: "3 g c s Enter Down Down Down 3 Up Up", width: 100, height: 30)
        assertShows(lines, "Wach, gurrt und plappert")
        assertDoesNotShow(lines, "Alert, coos and babbles")
    }

    /// English screens read the same words as before the texts moved into en.json.
    @MainActor func testGcsResultInEnglishIsUnchanged() async throws {
        let shell = try makeShell(persist: false, language: "en")
        let result = screen(shell, keys: "3 g c s Enter 4 5 6")
        assertShows(result, "Score 15 points")
        assertShows(result, "GCS 15 (E4 V5 M6): mild impairment of consciousness.")
        assertShows(result, "Obeys commands")
    }

    // MARK: - Result sentences, value words and numbers

    /// Paracetamol 12 kg, 120 mg/5 mL: 15 mg/kg = 180 mg = 7.5 mL, every 4–6 hours when
    /// required; the dose sentence uses the drug table's own wording (frequency, age band,
    /// strength, source) in the language, and numbers its decimal mark.
    static let paracetamol = "3 d o s a g e Enter Right Down 1 2 Down Right"

    @MainActor func testDoseSentenceReadsInFrenchWithADecimalComma() async throws {
        let shell = try makeShell(persist: false, language: "fr")
        let result = screen(shell, keys: Self.paracetamol, width: 120, height: 40)
        assertShows(result, "Volume 7,5 mL")
        assertShows(result, "toutes les 4 à 6 heures si besoin, au maximum 4 doses sur 24 heures")
        assertShows(result, "Paracétamol, voie orale (enfant à partir de 1 mois) : 180 mg")
        assertShows(result, "7,5 mL de suspension buvable 120 mg/5 mL")
        // The pickers above name the drug and its strength in French too.
        assertShows(result, "120mg_5ml ▶  suspension buvable 120 mg/5 mL")
        for english in ["every 4", "hours", "child from", "oral suspension", "Source:", "7.5", "needs_local"] {
            assertDoesNotShow(result, english)
        }
    }

    @MainActor func testDoseSentenceReadsInChinese() async throws {
        let shell = try makeShell(persist: false, language: "zh-Hans")
        let result = screen(shell, keys: Self.paracetamol, width: 120, height: 40)
        assertShows(result, "必要时每 4–6 小时一次，24 小时内最多 4 次")
        assertShows(result, "1 月龄及以上儿童")
        for english in ["every 4", "hours", "child from", "oral suspension", "Source:"] {
            assertDoesNotShow(result, english)
        }
    }

    @MainActor func testNumbersOnTheResultPaneUseTheGermanDecimalComma() async throws {
        let shell = try makeShell(persist: false, language: "de")
        let result = screen(shell, keys: "3 b s a Enter 1 1 0 Down 1 9", width: 100, height: 30)
        assertShows(result, "0,76 m²")
        assertDoesNotShow(result, "0.76")
    }
}
