import XCTest
@testable import CotsideApp
import TerminalUI
import Clinical

/// The result pane under a calculator reads wholly in the chosen language (issue 20): the dose
/// sentence with the drug table's own wording (frequency, age band, strength, source), value
/// words such as the route, and numbers with the language's decimal mark. Paracetamol 12 kg,
/// 120 mg/5 mL: 15 mg/kg = 180 mg = 7.5 mL, every 4–6 hours when required.
final class ToolResultLanguageTests: ShellTestCase {
    @MainActor func makeShell(language: String) throws -> AppShell {
        let options = LaunchOptions(language: language, now: Self.fixedNow, environment: environment)
        return try AppBootstrap.makeShell(options: options, terminalHasColour: true, persistPreferences: false,
                                          assumeDisclaimerAccepted: true).shell
    }

    static let paracetamol = "3 d o s a g e Enter Right Down 1 2 Down Right"

    @MainActor func testDoseSentenceReadsInFrenchWithADecimalComma() async throws {
        let shell = try makeShell(language: "fr")
        let result = screen(shell, keys: Self.paracetamol, width: 120, height: 40)
        assertShows(result, "Volume 7,5 mL")
        assertShows(result, "toutes les 4 à 6 heures si besoin, au maximum 4 doses sur 24 heures")
        assertShows(result, "Paracétamol, voie orale (enfant à partir de 1 mois) : 180 mg")
        assertShows(result, "7,5 mL de suspension buvable 120 mg/5 mL")
        // The strength picker above the result still names "120 mg/5 mL oral suspension": input side.
        for english in ["every 4", "hours", "child from", "mL of", "Source:", "7.5", "needs_local"] {
            assertDoesNotShow(result, english)
        }
    }

    @MainActor func testDoseSentenceReadsInChinese() async throws {
        let shell = try makeShell(language: "zh-Hans")
        let result = screen(shell, keys: Self.paracetamol, width: 120, height: 40)
        assertShows(result, "必要时每 4–6 小时一次，24 小时内最多 4 次")
        assertShows(result, "1 月龄及以上儿童")
        for english in ["every 4", "hours", "child from", "mL of", "Source:"] {
            assertDoesNotShow(result, english)
        }
    }

    @MainActor func testNumbersOnTheResultPaneUseTheGermanDecimalComma() async throws {
        let shell = try makeShell(language: "de")
        let result = screen(shell, keys: "3 b s a Enter 1 1 0 Down 1 9", width: 100, height: 30)
        assertShows(result, "0,76 m²")
        assertDoesNotShow(result, "0.76")
    }
}
