import XCTest
@testable import TerminalUI

final class CommandPaletteTests: XCTestCase {
    private let items = [
        PaletteItem("Settings", action: "settings", detail: "s"),
        PaletteItem("About", action: "about", detail: "a"),
        PaletteItem("Quit", action: "quit", detail: "q"),
        PaletteItem("Show nappy history", action: "history.nappy"),
        PaletteItem("Log nappy change", action: "log.nappy"),
    ]

    func testRankingPrefixThenWordStartThenSubsequence() {
        let ranked = PaletteState(query: "nap").matches(in: [
            PaletteItem("Snap a photo", action: "sub"),     // n-a-p inside a word: subsequence
            PaletteItem("Log nappy", action: "word"),       // starts a word
            PaletteItem("Nappy log", action: "prefix"),     // starts the title
        ]).map(\.item.action)
        XCTAssertEqual(ranked, ["prefix", "word", "sub"])
        XCTAssertEqual(FuzzyMatch.match("nap", in: "Snap a photo")?.kind, .subsequence)
        XCTAssertEqual(FuzzyMatch.match("NaP", in: "Nappy log")?.kind, .prefix)
        XCTAssertNil(FuzzyMatch.match("xyz", in: "Settings"))
    }

    func testShorterTitleWinsATieAndPositionsAreReported() {
        let ranked = PaletteState(query: "nap").matches(in: items).map(\.item.action)
        XCTAssertEqual(ranked, ["log.nappy", "history.nappy"])
        XCTAssertEqual(FuzzyMatch.match("st", in: "Settings")?.positions, [0, 2])
        XCTAssertEqual(PaletteState(query: "st").matches(in: items).first?.item.action, "settings")
    }

    func testKeysFilterMoveAndRun() {
        var state = PaletteState()
        XCTAssertEqual(state.handle(.char("n"), items: items), .open)
        XCTAssertEqual(state.handle(.char("a"), items: items), .open)
        XCTAssertEqual(state.handle(.down, items: items), .open)
        XCTAssertEqual(state.handle(.enter, items: items), .run("history.nappy"))
        XCTAssertEqual(state.handle(.down, items: items), .open)  // cannot go past the last match
        XCTAssertEqual(state.selected, 1)
        XCTAssertEqual(state.handle(.backspace, items: items), .open)
        XCTAssertEqual(state.query, "n")
        XCTAssertEqual(state.selected, 0)
        XCTAssertEqual(state.handle(.escape, items: items), .cancel)
        var none = PaletteState(query: "zzz")
        XCTAssertEqual(none.handle(.enter, items: items), .open)  // nothing to run
    }

    func testDrawsPromptMatchesAndHighlight() {
        let buffer = render(CommandPalette(items: items, state: PaletteState(query: "nap")), width: 40, height: 10)
        // Two matches: a box of 6 rows, two rows below the top.
        let side = "│"
        XCTAssertTrue(buffer.lines[2].hasPrefix("┌ Commands ─"))
        XCTAssertEqual(buffer.lines[3], side + " : nap" + String(repeating: " ", count: 32) + side)
        XCTAssertEqual(buffer.lines[5], side + " " + TextWidth.fit("Log nappy change", to: 37) + side)
        XCTAssertEqual(buffer.lines[6], side + " " + TextWidth.fit("Show nappy history", to: 37) + side)
        XCTAssertTrue(buffer.lines[7].hasPrefix("└"))
        XCTAssertEqual(buffer[2, 5].role, .selection)
        XCTAssertEqual(buffer[7, 6].attributes, [.bold, .underline])  // the "n" of "nappy"
        XCTAssertEqual(buffer[7, 6].role, .highlight)
        XCTAssertEqual(buffer[2, 6].role, .dialog)
    }

    func testEmptyQueryListsEverythingWithDetails() {
        let buffer = render(CommandPalette(items: items, state: PaletteState()), width: 40, height: 10)
        XCTAssertEqual(buffer.lines[4], "│ Settings" + String(repeating: " ", count: 27) + "s │")
        XCTAssertTrue(buffer.lines[8].contains("Log nappy change"))
    }

    func testNoMatchAndTinySizes() {
        let buffer = render(CommandPalette(items: items, state: PaletteState(query: "zzz")), width: 40, height: 10)
        XCTAssertTrue(buffer.lines[5].contains("No command matches"))
        assertScreen(render(CommandPalette(items: items, state: PaletteState()), width: 0, height: 0), lines: [])
        _ = render(CommandPalette(items: items, state: PaletteState()), width: 1, height: 1)
        _ = render(CommandPalette(items: items, state: PaletteState()), width: 4, height: 2)
    }

    func testAGreyedItemIsListedAndSaysWhyWhenSelected() {
        let items = [PaletteItem("Restore a backup", action: "restore", disabledReason: "only a ward admin may restore a backup"),
                     PaletteItem("Export the ward", action: "export")]
        var buffer = render(CommandPalette(items: items, state: PaletteState()), width: 60, height: 10)
        XCTAssertTrue(buffer.lines.contains { $0.contains("only a ward admin may restore a backup") }, buffer.lines.joined(separator: "\n"))
        buffer = render(CommandPalette(items: items, state: PaletteState(selected: 1)), width: 60, height: 10)
        XCTAssertFalse(buffer.lines.contains { $0.contains("only a ward admin") }, "said only for the selected item")
        let row = buffer.lines.firstIndex { $0.contains("Restore a backup") }!
        let x = buffer.lines[row].distance(from: buffer.lines[row].startIndex, to: buffer.lines[row].range(of: "Restore")!.lowerBound)
        XCTAssertEqual(buffer[x + 1, row].role, .muted, "greyed, not hidden")
    }
}
