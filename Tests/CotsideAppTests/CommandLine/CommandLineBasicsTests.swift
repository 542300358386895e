import XCTest

/// The executable's own conventions: help and version exit 0, every usage error exits 2 with a
/// message saying what is wrong and what is allowed.
final class CommandLineBasicsTests: XCTestCase {
    var cli: BinaryRunner!

    override func setUp() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)").path
        cli = BinaryRunner(binary: try BinaryRunner.locate(), environment: [
            "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state", "LANG": "C.UTF-8", "COTSIDE_NOW": "2026-11-21T14:05:00Z",
        ])
    }

    func testHelpForEveryCommandExitsZero() throws {
        for arguments in [["--help"], ["snapshot", "--help"], ["log", "nappy", "--help"], ["admit", "--help"],
                          ["patients", "--help"], ["demo", "--help"], ["calc", "--help"]] {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stdout.lowercased().contains("usage"), "\(arguments) prints usage:\n\(outcome.stdout)")
        }
    }

    func testVersionExitsZero() throws {
        let outcome = try cli.run(["--version"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertFalse(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    func testUsageErrorsExitTwoWithAMessage() throws {
        let cases: [([String], String)] = [
            (["--bogus"], "Unknown option '--bogus'"),
            (["snapshot", "kitchen"], "unknown screen ‘kitchen’; use one of: dashboard"),
            (["snapshot", "dashboard", "--size", "0x3"], "--size 0x3 is not WIDTHxHEIGHT"),
            (["snapshot", "dashboard", "--size", "wide"], "--size wide is not WIDTHxHEIGHT"),
            (["snapshot", "dashboard", "--now", "teatime"], "--now teatime is not an ISO 8601 instant"),
            (["snapshot", "dashboard", "--theme", "neon"], "--theme neon is not a theme; use dark, light or monochrome"),
            (["snapshot", "dashboard", "--lang", "tlh"],
             "--lang tlh is not a language Cotside ships; use one of system, en, de, es, fr, pt-BR, zh-Hans"),
            (["patients", "--lang", "xx"], "--lang xx is not a language Cotside ships; use one of system, en"),
        ]
        for (arguments, message) in cases {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments) exits 2; stderr: \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments) says “\(message)”; got: \(outcome.stderr)")
        }
    }

    /// `--lang` is refused by one rule and one sentence on every command, `calc` too: exit 2,
    /// naming system and every shipped code, in the locale's language (the code asked for is
    /// not one Cotside speaks).
    func testAnUnknownLanguageIsRefusedWithOneMessageEverywhere() throws {
        let allowed = "system, en, de, es, fr, pt-BR, zh-Hans"
        var said: Set<String> = []
        for arguments in [["calc", "--lang", "tlh", "bsa", "height_cm=110", "weight_kg=19"], ["snapshot", "dashboard", "--lang", "tlh"],
                          ["patients", "--lang", "tlh"]] {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            let sentence = "--lang tlh is not a language Cotside ships; use one of \(allowed)"
            XCTAssertTrue(outcome.stderr.contains(sentence), "\(arguments): \(outcome.stderr)")
            said.insert(sentence)
        }
        let german = BinaryRunner(binary: cli.binary, environment: cli.environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        for arguments in [["calc", "bsa", "--lang", "xx"], ["snapshot", "dashboard", "--lang", "xx"]] {
            let outcome = try german.run(arguments)
            XCTAssertEqual(outcome.status, 2)
            XCTAssertTrue(outcome.stderr.contains("--lang xx ist keine Sprache, die Cotside mitbringt; eine davon verwenden: `\(allowed)`"),
                          "\(arguments): \(outcome.stderr)")
        }
        let missing = try cli.run(["calc", "bsa", "--lang"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("use one of \(allowed)"), missing.stderr)
    }

    func testTheTUIRefusesToStartWithoutATerminal() throws {
        let outcome = try cli.run(["tui"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.contains("needs a terminal"), outcome.stderr)
    }
}
