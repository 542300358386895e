import CotsideResources
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Every main screen (Dashboard, History, Tools, Medications, Trends, Settings, the help
/// overlay) drawn headless in every shipped language shows no English word that the language's
/// own catalogue does not use (`EnglishWordCheck`). What is left is text that never passed
/// through the catalogue. `UntranslatedWordsDeepScreenTests` walks further in.
@MainActor
final class UntranslatedWordsScreenTests: WardTestCase {
    var language = "en"

    override var launchOptions: LaunchOptions {
        var options = super.launchOptions
        options.language = language
        return options
    }

    func testNoEnglishWordIsLeftOnANonEnglishScreen() async throws {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 3, seed: 3, now: Self.now, timeZone: Self.utc)
        let patientWords = Set(try await store.admittedPatients().flatMap { EnglishWordCheck.words($0.fullName) })
        var found: [String: Set<String>] = [:]
        for shipped in Catalogues.available() where shipped.code != "en" {
            language = shipped.code
            shell?.stopObservingStore()
            try await startShell()
            let check = try EnglishWordCheck(language: shipped.code, data: patientWords)
            for (screenName, keys) in [("Dashboard", "1"), ("History", "2"), ("Tools", "3"), ("Medications", "4"),
                                       ("Trends", "5"), ("Settings", "s"), ("Help", "?")] {
                await press(.escape)
                for ch in keys { await press(.char(ch)) }
                for (width, height) in [(100, 30), (140, 40)] {
                    let words = check.englishWords(in: screen(width: width, height: height).joined(separator: "\n"))
                    if !words.isEmpty { found["\(shipped.code) \(screenName)", default: []].formUnion(words) }
                }
            }
        }
        let report = found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        XCTAssertEqual(report, [], "English words on non-English screens:\n" + report.joined(separator: "\n"))
    }
}
