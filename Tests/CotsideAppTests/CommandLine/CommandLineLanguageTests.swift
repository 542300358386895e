import CotsideResources
import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// The command line speaks to people in their language (`--lang`, else LC_ALL / LC_MESSAGES /
/// LANG): refusals of bad input, confirmations after writes and the human tables carry no English
/// word in another language, while everything machines read — `--json`, exit codes — is the same
/// in every language, and English is unchanged.
@MainActor
final class CommandLineLanguageTests: WardTestCase {
    var base: [String: String] = [:]

    override func setUp() async throws {
        try await super.setUp()
        base = environment
        base["COTSIDE_NOW"] = "2026-11-21T14:05:00Z"
        base["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        base["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        base["LC_ALL"] = nil
        base["LC_MESSAGES"] = nil
    }

    /// Runs `cotside ARGUMENTS --db <ward>` with LANG set to `locale`.
    func run(_ arguments: [String], locale: String) throws -> BinaryRunner.Outcome {
        var environment = base
        environment["LANG"] = locale
        return try BinaryRunner(binary: try BinaryRunner.locate(), environment: environment).run(arguments + ["--db", databasePath])
    }

    static let locales = ["de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "es": "es_ES.UTF-8", "pt-BR": "pt_BR.UTF-8",
                          "zh-Hans": "zh_CN.UTF-8"]

    /// A nurse, a doctor, Ada in bed 3 with an overdue paracetamol and a caffeine dose due.
    func seedWard() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let doctor = try await store.addStaff(StaffDraft(name: "Dan Doctor", initials: "DD", role: .doctor), by: nurse.id).record
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        for (drug, amount, time) in [("paracetamol", 37.5, "13:00"), ("caffeine citrate", 5.0, "14:00")] {
            _ = try await store.addMedication(MedicationDraft(
                patientId: ada.id, drugName: drug, doseAmount: amount, doseUnit: .mg, route: .oral,
                schedule: .fixedTimes([TimeOfDay(time)!]), startsAt: Self.now.addingTimeInterval(-86_400)), by: doctor.id)
        }
    }

    /// What people meet most: bad input, refusals, confirmations and the human lists. Each runs
    /// in English first; `bed` commands that write use a bed of their own per language.
    func representativeCommands(bed: String) -> [[String]] {
        [
            ["log", "nappy", "--bed", "3", "--kind", "soggy", "--by", "NN"],
            ["log", "nappy", "--bed", "9", "--kind", "wet", "--by", "NN"],
            ["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "ZZ"],
            ["log", "nappy", "--bed", "3", "--kind", "wet"],
            ["log", "nappy", "--bed", "3", "--kind", "wet", "--by", "NN", "--by", "DD"],
            ["log", "nappy", "--bed", "3", "--kind", "wet", "--weight-g", "5000", "--by", "NN"],
            ["log", "nappy", "--bed", "3", "--kind", "wet", "--size", "large", "--at", "-15m", "--by", "NN"],
            ["log", "nappy", "--bed", "3"],
            ["frobnicate"],
            ["discharge", "--bed", "7", "--by", "NN"],
            ["admit", "--bed", bed, "--given", "Bea", "--family", "Quill", "--hospital-number", "H\(bed)",
             "--dob", "2026-11-20", "--sex", "female", "--ga", "39+1", "--birth-weight", "3.25kg", "--by", "NN"],
            ["admit", "--bed", "3", "--given", "Bea", "--family", "Quill", "--hospital-number", "H9",
             "--dob", "2026-11-40", "--sex", "female", "--by", "NN"],
            ["log", "feed", "--bed", "3", "--kind", "vomit", "--volume-ml", "5", "--by", "NN"],
            ["log", "feed", "--bed", "3", "--kind", "formula", "--volume-ml", "lots", "--by", "NN"],
            ["log", "obs", "--bed", "3", "--temp", "38.4", "--hr", "150", "--by", "NN"],
            ["log", "obs", "--bed", "3", "--o2", "2L", "--by", "NN"],
            ["log", "dose", "--bed", "3", "--drug", "paracetamol", "--status", "withheld", "--by", "NN"],
            ["due"],
            ["patients"],
            ["staff", "list"],
            ["meds", "--bed", "3"],
        ]
    }

    /// Words of `text` people read: ASCII letters, three or more, outside what is a machine
    /// interface or data (option names, `<value>` names, backquoted commands, quoted values).
    static func words(_ text: String) -> [String] {
        var text = text
        for pattern in [#"`[^`]*`"#, #"'[^']*'"#, #"‘[^’]*’"#, #"--[a-z0-9-]+(=\S*)?"#, #"<[^>]*>"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }.filter { $0.count >= 3 }
    }

    static let allowed: Set<String> = EnglishWordCheck.allowed.union([
        // Ward data as typed in this test: names, drugs, units.
        "nia", "nurse", "dan", "doctor", "ada", "lovelace", "bea", "quill", "paracetamol", "caffeine", "citrate",
    ])

    func catalogueWords(_ code: String) throws -> Set<String> {
        let table = try Catalogues.load(CotsideResources.url("l10n/\(code).json"))
        return Set(table.values.flatMap(Self.words))
    }

    func testNoEnglishWordInAnotherLanguageAndMachineOutputUnchanged() async throws {
        try await seedWard()
        let catalogueEnglish = try catalogueWords("en")
        var found: [String] = []
        for (index, (code, locale)) in Self.locales.sorted(by: { $0.key < $1.key }).enumerated() {
            let own = try catalogueWords(code)
            for arguments in representativeCommands(bed: "\(40 + index)") {
                // English first, in a bed of its own for the admission.
                let englishArguments = arguments.map { $0 == "\(40 + index)" ? "\(50 + index)" : $0 }
                let english = try run(englishArguments, locale: "C.UTF-8")
                let translated = try run(arguments, locale: locale)
                XCTAssertEqual(translated.status, english.status, "\(code) \(arguments): the exit code is the language's own")
                let englishWords = Set(Self.words(english.stdout + english.stderr)).union(catalogueEnglish)
                // What was typed is echoed as typed (a value refused, a command's own name).
                let typed = Set(arguments.flatMap { Self.words($0) })
                let leaks = Set(Self.words(translated.stdout + translated.stderr))
                    .filter { englishWords.contains($0) && !own.contains($0) && !Self.allowed.contains($0) && !typed.contains($0) }
                if !leaks.isEmpty {
                    found.append("\(code) \(arguments.prefix(2).joined(separator: " ")): \(leaks.sorted().joined(separator: ", "))\n"
                                 + translated.stdout + translated.stderr)
                }
            }
        }
        XCTAssertEqual(found, [], "English words in another language's command line:\n" + found.joined(separator: "\n"))
    }

    func testJSONAndExitCodesAreTheSameInEveryLanguage() async throws {
        try await seedWard()
        for arguments in [["due", "--json"], ["patients", "--json"], ["staff", "list", "--json"], ["settings", "list", "--json"]] {
            let english = try run(arguments, locale: "C.UTF-8")
            XCTAssertEqual(english.status, 0, "\(arguments): \(english.stderr)")
            for (code, locale) in Self.locales {
                let translated = try run(arguments, locale: locale)
                XCTAssertEqual(translated.status, english.status, "\(code) \(arguments)")
                XCTAssertEqual(translated.stdout, english.stdout, "\(code) \(arguments): --json is the same in every language")
                let flagged = try run(arguments + ["--lang", code], locale: "C.UTF-8")
                XCTAssertEqual(flagged.stdout, english.stdout, "\(code) \(arguments) --lang: --json is the same")
            }
        }
    }

    /// `--lang` words the run as LANG does, and wins over it; `--lang en` and LANG=C are the
    /// English the scripts and the other tests know.
    func testLangOptionWinsOverTheLocaleAndEnglishIsUnchanged() async throws {
        try await seedWard()
        let refusal = ["log", "nappy", "--bed", "9", "--kind", "wet", "--by", "NN"]
        let english = try run(refusal, locale: "C.UTF-8")
        XCTAssertEqual(english.status, 2)
        XCTAssertEqual(english.stderr, "cotside: --bed 9: no patient is admitted in that bed; admitted beds: 3\n")
        XCTAssertEqual(try run(refusal + ["--lang", "en"], locale: "de_DE.UTF-8").stderr, english.stderr)
        let german = try run(refusal, locale: "de_DE.UTF-8")
        XCTAssertEqual(german.status, 2)
        XCTAssertNotEqual(german.stderr, english.stderr)
        XCTAssertTrue(german.stderr.contains("--bed 9"), german.stderr)
        XCTAssertEqual(try run(refusal + ["--lang", "de"], locale: "C.UTF-8").stderr, german.stderr)
        XCTAssertEqual(try run(refusal + ["--lang=de"], locale: "fr_FR.UTF-8").stderr, german.stderr)
    }

    /// The due list writes numbers with the language's decimal mark and its times as the
    /// language does.
    func testDueListUsesTheLanguagesDecimalMark() async throws {
        try await seedWard()
        let german = try run(["due"], locale: "de_DE.UTF-8")
        XCTAssertEqual(german.status, 0, german.stderr)
        XCTAssertTrue(german.stdout.contains("37,5 mg"), german.stdout)
        XCTAssertFalse(german.stdout.contains("37.5"), german.stdout)
        let english = try run(["due"], locale: "C.UTF-8")
        XCTAssertTrue(english.stdout.contains("37.5 mg"), english.stdout)
    }

    /// A repeated option is named, never echoed: its value may be a password in a server address.
    func testGivenTwiceNamesTheOptionWithoutItsValues() throws {
        for locale in ["C.UTF-8", "de_DE.UTF-8"] {
            let outcome = try run(["patients", "--db", "postgres://nurse:hunter2@localhost/ward"], locale: locale)
            XCTAssertEqual(outcome.status, 2, outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("--db"), outcome.stderr)
            XCTAssertFalse(outcome.stderr.contains("hunter2"), outcome.stderr)
            XCTAssertFalse(outcome.stderr.contains(databasePath), outcome.stderr)
        }
        let english = try run(["log", "nappy", "--bed", "3", "--by", "NN", "--by", "SECRETX"], locale: "C.UTF-8")
        XCTAssertEqual(english.stderr, "cotside: --by is given twice; give it once\n")
    }
}
