import CotsideResources
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Every main screen (Dashboard, History, Tools, Medications, Trends, Settings, the help
/// overlay) drawn headless in every shipped language shows no English word that the language's
/// own catalogue does not use. English words are those of en.json; a word the other catalogue
/// also writes (Status, Name, Dashboard, Tools) is that language's too. What is left is text
/// that never passed through the catalogue.
@MainActor
final class UntranslatedWordsScreenTests: WardTestCase {
    var language = "en"

    override var launchOptions: LaunchOptions {
        var options = super.launchOptions
        options.language = language
        return options
    }

    /// True loanwords, units and names the demo ward uses: never "English left behind".
    static let allowed: Set<String> = [
        "cotside", "ok", "pdf", "html", "json", "csv", "sqlite", "id", "pin", "esc", "enter", "tab", "shift", "ctrl",
        "page", "home", "end", "ml", "mmhg", "kg", "min", "spo", "fio", "ett", "gcs", "flacc", "pram", "qtc", "bsa",
        "iv", "bmi", "who", "nice", "aap", "nih", "nihss", "lvo", "ich", "pecarn", "gfr", "fena", "space",
        "bpm", "mmol",
        // Ward data, as typed: the demo ward's name ("Ward") and its drugs' names.
        "ward", "benzylpenicillin", "gentamicin",
    ]

    /// Text that reaches these screens without passing through a catalogue, found by this test
    /// (issue 20) and not yet moved: remove a screen's words when its text moves into the
    /// catalogues, and the test then keeps them out.
    /// - History: the store's event titles and details (`HistoryBranch`: "Feed formula",
    ///   "Heart rate", "Dose given: …", "13:00 slot", nappy sizes and stool colours).
    /// - Medications: the store's schedule wording ("every 6 h").
    /// - Trends: the store's insight summaries ("intake below maintenance …", "latest reading").
    /// - Tools: the Clinical module's labels and results (moving to catalogues on l10n-clinical).
    static let knownUntranslated: [String: Set<String>] = [
        "History": ["breast", "brown", "dose", "expressed", "feed", "formula", "given", "heart", "large", "medium", "milk",
                    "nasogastric", "rate", "respiratory", "slot", "small", "temperature"],
        "Medications": ["every"],
        "Trends": ["below", "latest", "reading"],
        "Tools": ["after", "age", "air", "and", "assessment", "bands", "bilirubin", "blood", "care", "chronological", "coma",
                  "corrected", "day", "days", "decision", "destination", "dosage", "dose", "drug", "emergency", "entry", "face",
                  "field", "fluid", "fluids", "for", "from", "gestation", "gestational", "glasgow", "growth", "head", "hour",
                  "hours", "large", "length", "log", "maintenance", "maximum", "minutes", "months", "mortality", "neonatal",
                  "new", "oral", "over", "pain", "per", "plasma", "postmenstrual", "pressure", "preterm", "probability",
                  "respiratory", "route", "scale", "score", "sex", "size", "the", "triage", "under", "volume", "warning",
                  "weeks", "weight", "with"],
    ]

    func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }.filter { $0.count >= 3 }
    }

    func catalogueWords(_ code: String) throws -> Set<String> {
        let table = try Catalogues.load(CotsideResources.url("l10n/\(code).json"))
        return Set(table.values.flatMap(words))
    }

    func testNoEnglishWordIsLeftOnANonEnglishScreen() async throws {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 3, seed: 3, now: Self.now, timeZone: Self.utc)
        let english = try catalogueWords("en")
        let patientWords = Set(try await store.admittedPatients().flatMap { words($0.fullName) })
        var found: [String: Set<String>] = [:]
        for shipped in Catalogues.available() where shipped.code != "en" {
            language = shipped.code
            shell?.stopObservingStore()
            try await startShell()
            let own = try catalogueWords(shipped.code)
            for (screenName, keys) in [("Dashboard", "1"), ("History", "2"), ("Tools", "3"), ("Medications", "4"),
                                       ("Trends", "5"), ("Settings", "s"), ("Help", "?")] {
                await press(.escape)
                for ch in keys { await press(.char(ch)) }
                for (width, height) in [(100, 30), (140, 40)] {
                    let text = screen(width: width, height: height).joined(separator: "\n")
                    let cut = Set(text.split(separator: "…").compactMap { part in words(String(part)).last.flatMap { word in
                        part.last?.isLetter == true ? word : nil } })
                    for word in words(text)
                    where english.contains(word) && !own.contains(word) && !Self.allowed.contains(word)
                        // A word cut to fit ("Long…" of "Longitud") is the language's own word.
                        && !(cut.contains(word) && own.contains(where: { $0.hasPrefix(word) }))
                        && !patientWords.contains(word) && !(Self.knownUntranslated[screenName]?.contains(word) ?? false) {
                        found["\(shipped.code) \(screenName)", default: []].insert(word)
                    }
                }
            }
        }
        let report = found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        XCTAssertEqual(report, [], "English words on non-English screens:\n" + report.joined(separator: "\n"))
    }
}
