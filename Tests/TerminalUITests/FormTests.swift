import XCTest
@testable import TerminalUI

final class FormTests: XCTestCase {
    /// Saturday 21 November 2026, 14:05 in London (GMT).
    private let context = FormContext(now: ISO8601DateFormatter().date(from: "2026-11-21T14:05:00Z")!,
                                      timeZone: TimeZone(identifier: "Europe/London")!)
    private let weightSpec = NumberSpec(range: 0.3...10, unit: "kg")

    private func nappyForm() -> FormState {
        FormState(fields: [
            .number("weight", label: "Weight", spec: weightSpec),
            .dateTime("time", label: "Time"),
            .choice("kind", label: "Kind", options: [ChoiceOption("Wet", descriptor: "urine only"),
                                                     ChoiceOption("Dirty", descriptor: "stool"),
                                                     ChoiceOption("Mixed")]),
            .toggle("weighed", label: "Weighed"),
        ], context: context)
    }

    private func type(_ text: String, into state: inout FormState) {
        for ch in text { _ = state.handle(.char(ch)) }
    }

    func testOutOfRangeNumberIsShownInvalidWithTheRangeAndNotClamped() {
        var state = nappyForm()
        type("12", into: &state)
        XCTAssertEqual(state.text("weight"), "12")
        XCTAssertEqual(state.number("weight"), 12)  // kept as typed, never clamped to 10
        XCTAssertEqual(state["weight"]?.check(context), .invalid("must be between 0.3 and 10 kg"))
        XCTAssertFalse(state.isValid)
        XCTAssertTrue(state.isDirty)

        let buffer = render(Form(state), width: 70, height: 4)
        XCTAssertEqual(buffer.lines[0],
                       "Weight  12" + String(repeating: " ", count: 21) + "kg ✖ must be between 0.3 and 10 kg")
        XCTAssertEqual(buffer[8, 0].role, .inputInvalid)  // the digits
        XCTAssertEqual(buffer[10, 0].attributes, [.reverse])  // the cursor after them
        XCTAssertEqual(buffer[34, 0].role, .danger)
        XCTAssertEqual(buffer[0, 0].role, .focus)  // focused label

        _ = state.handle(.backspace)
        XCTAssertEqual(state["weight"]?.check(context), .valid(understood: nil))  // "1" kg is fine
    }

    /// A path is shown whole where the row has room: the narrow input column scrolled the file's
    /// name, the part that matters, out of sight ("ver-20261126-0636.txt").
    func testAPathFieldTakesTheRowAndShowsTheWholePath() {
        let path = "/home/ada/reports/handover-20261126-0636.pdf"
        let state = FormState(fields: [.path("file", label: "File", value: path), .choice("format", label: "Format",
                                                                                           options: [ChoiceOption("pdf")], selected: 0)],
                              context: context)
        let buffer = render(Form(state), width: 80, height: 2)
        XCTAssertEqual(buffer.lines[0].trimmingCharacters(in: .whitespaces), "File   " + path)
        XCTAssertTrue(buffer.lines[1].hasPrefix("Format   pdf"), buffer.lines[1])
    }

    func testSubmitIsRefusedWhileAnyFieldIsInvalid() {
        var state = nappyForm()
        type("3,2", into: &state)  // a comma is a decimal mark too
        XCTAssertEqual(state.number("weight"), 3.2)
        state.focus = 3
        guard case .refused(let why) = state.handle(.enter) else { return XCTFail("invalid form submitted") }
        XCTAssertEqual(why, "Kind: is required")
        XCTAssertEqual(state.focus, 2)  // moved to the first invalid field
        XCTAssertEqual(state.handle(.char("2")), .edited)  // option number picks "Dirty"
        XCTAssertEqual(state.choice("kind"), 1)
        XCTAssertTrue(state.isValid)
        XCTAssertEqual(state.handle(.enter), .submit)
    }

    func testNotANumberSaysSoAndLettersAreNotTyped() {
        var state = nappyForm()
        XCTAssertEqual(state.handle(.char("x")), .ignored)
        type("1.2.3", into: &state)
        guard case .invalid(let message) = state["weight"]!.check(context) else { return XCTFail() }
        XCTAssertEqual(message, "‘1.2.3’ is not a number; must be between 0.3 and 10 kg")
        state["weight"]?.text = ""
        XCTAssertEqual(state["weight"]?.check(context), .invalid("is required"))
    }

    func testWholeNumberSpecRefusesFractions() {
        var field = FormField.number("count", label: "Count", spec: NumberSpec(range: 0...20, unit: "", allowsFraction: false))
        field.text = "2.5"
        XCTAssertEqual(field.check(context), .invalid("must be between 0 and 20"))
    }

    func testDateTimeShowsWhatItUnderstoodOrTheError() {
        var state = nappyForm()
        state.focus = 1
        _ = state.handle(.ctrl("u"))
        type("-15m", into: &state)
        XCTAssertEqual(state["time"]?.check(context), .valid(understood: "→ Sat 21 Nov 2026 13:50 (15 min ago)"))
        XCTAssertEqual(state.date("time"), ISO8601DateFormatter().date(from: "2026-11-21T13:50:00Z"))
        let buffer = render(Form(state), width: 80, height: 4)
        XCTAssertEqual(buffer.lines[1], "Time    -15m" + String(repeating: " ", count: 22) + "→ Sat 21 Nov 2026 13:50 (15 min ago)")
        XCTAssertEqual(buffer[34, 1].role, .info)

        for (input, expected) in [("yesterday 22:30", "2026-11-20T22:30:00Z"), ("T-1 08:00", "2026-11-20T08:00:00Z"),
                                  ("14:05", "2026-11-21T14:05:00Z"), ("-2h", "2026-11-21T12:05:00Z"),
                                  ("now", "2026-11-21T14:05:00Z"), ("2026-11-19 07:45", "2026-11-19T07:45:00Z")] {
            state["time"]?.text = input
            XCTAssertEqual(state.date("time"), ISO8601DateFormatter().date(from: expected), input)
        }
        state["time"]?.text = "soon"
        guard case .invalid(let message) = state["time"]!.check(context) else { return XCTFail("‘soon’ accepted") }
        XCTAssertTrue(message.contains("‘soon’") && message.contains("-15m"), message)
        XCTAssertFalse(state.isValid)
    }

    func testChoiceAndToggleKeys() {
        var state = nappyForm()
        state.focus = 2
        XCTAssertEqual(state.handle(.right), .edited)
        XCTAssertEqual(state.choice("kind"), 0)
        _ = state.handle(.right)
        _ = state.handle(.right)
        _ = state.handle(.right)  // stays on the last option
        XCTAssertEqual(state.choice("kind"), 2)
        _ = state.handle(.left)
        XCTAssertEqual(state.choice("kind"), 1)
        XCTAssertEqual(state.handle(.char("9")), .ignored)  // no option 9
        state.focus = 3
        XCTAssertEqual(state.handle(.char(" ")), .edited)
        XCTAssertTrue(state.isOn("weighed"))
    }

    func testFocusMovesWithTabShiftTabUpDownAndEscCancels() {
        var state = nappyForm()
        XCTAssertEqual(state.handle(.tab), .moved)
        XCTAssertEqual(state.focus, 1)
        _ = state.handle(.down)
        _ = state.handle(.down)
        _ = state.handle(.down)  // stops at the last field
        XCTAssertEqual(state.focus, 3)
        _ = state.handle(.tab)  // Tab wraps
        XCTAssertEqual(state.focus, 0)
        _ = state.handle(.backTab)
        XCTAssertEqual(state.focus, 3)
        _ = state.handle(.up)
        XCTAssertEqual(state.focus, 2)
        XCTAssertEqual(state.handle(.escape), .cancel)
        XCTAssertFalse(state.isDirty)  // moving around is not an edit
        XCTAssertEqual(state.handle(MouseEvent(x: 2, y: 1, kind: .click(button: 1)), in: Rect(width: 70, height: 4)), .moved)
        XCTAssertEqual(state.focus, 1)
    }

    func testCursorEditingInTextFields() {
        var state = FormState(fields: [.text("note", label: "Note", maxLength: 5)], context: context)
        type("abd", into: &state)
        _ = state.handle(.left)
        type("c", into: &state)
        XCTAssertEqual(state.text("note"), "abcd")
        _ = state.handle(.home)
        _ = state.handle(.delete)
        XCTAssertEqual(state.text("note"), "bcd")
        _ = state.handle(.end)
        type("xyz", into: &state)  // only two more fit
        XCTAssertEqual(state.text("note"), "bcdxy")
        XCTAssertEqual(state.handle(.char("!")), .ignored)
    }

    func testFirstCharacterReplacesAPrefilledValue() {
        var state = FormState(fields: [
            .number("volume", label: "Volume", spec: NumberSpec(range: 1...2000, unit: "mL", allowsFraction: false), value: "20"),
            .dateTime("time", label: "Time"),
        ], context: context)
        XCTAssertEqual(state["volume"]?.isSelected, true, "a remembered value starts selected as a whole")
        type("15", into: &state)
        XCTAssertEqual(state.text("volume"), "15", "typing replaces the remembered 20, never gives 2015")
        XCTAssertTrue(state.isDirty)
        _ = state.handle(.tab)
        type("14:05", into: &state)
        XCTAssertEqual(state.text("time"), "14:05", "the default “now” goes at the first character")
    }

    func testCursorKeysKeepAPrefilledValueForEditing() {
        for (key, expected) in [(Key.end, "205"), (.right, "205"), (.left, "250"), (.home, "520"), (.backspace, "25")] {
            var state = FormState(fields: [.text("note", label: "Note", value: "20")], context: context)
            _ = state.handle(key)
            XCTAssertEqual(state["note"]?.isSelected, false, "\(key.name) starts editing")
            type("5", into: &state)
            XCTAssertEqual(state.text("note"), expected, "\(key.name) then 5")
        }
    }

    func testRefusedCharacterKeepsTheSelectionAndFocusMovesDoNotEndIt() {
        var state = FormState(fields: [
            .number("weight", label: "Weight", spec: weightSpec, value: "2.5"),
            .text("note", label: "Note"),
        ], context: context)
        XCTAssertEqual(state.handle(.char("x")), .ignored)
        XCTAssertEqual(state.text("weight"), "2.5")
        _ = state.handle(.tab)
        _ = state.handle(.backTab)
        XCTAssertEqual(state["weight"]?.isSelected, true)
        XCTAssertEqual(state["note"]?.isSelected, false, "an empty field has nothing to select")
        type("3", into: &state)
        XCTAssertEqual(state.text("weight"), "3")
    }

    func testASelectedValueIsDrawnSelectedWhileFocused() {
        let state = FormState(fields: [.text("note", label: "Note", value: "20"), .text("other", label: "Other", value: "ab")],
                              context: context)
        let buffer = render(Form(state), width: 40, height: 2)
        XCTAssertTrue(buffer[6, 0].attributes.contains(.reverse) && buffer[7, 0].attributes.contains(.reverse),
                      "the whole focused value shows selected")
        XCTAssertFalse(buffer[6, 1].attributes.contains(.reverse), "an unfocused field shows no selection")
    }

    func testGoldenScreenAndTinySizes() {
        var state = nappyForm()
        type("2.5", into: &state)
        let buffer = render(Form(state), width: 70, height: 4)
        assertScreen(buffer, lines: [
            "Weight  2.5" + String(repeating: " ", count: 20) + "kg",
            "Time    now" + String(repeating: " ", count: 23) + "→ Sat 21 Nov 2026 14:05 (now)",
            "Kind" + String(repeating: " ", count: 30) + "✖ is required",
            "Weighed [ ]",
        ])
        assertScreen(render(Form(state), width: 0, height: 0), lines: [])
        assertScreen(render(Form(state), width: 1, height: 1), lines: [""])
        // Two rows for four fields: the focused one stays visible.
        state.focus = 3
        let short = render(Form(state), width: 70, height: 2)
        XCTAssertTrue(short.lines[1].hasPrefix("Weighed"))
    }

    func testASecretFieldShowsHowManyCharactersNeverWhich() {
        var state = FormState(fields: [.secret("pin", label: "PIN")], context: context)
        type("4826", into: &state)
        XCTAssertEqual(state.text("pin"), "4826")
        let buffer = render(Form(state), width: 40, height: 1)
        XCTAssertFalse(buffer.lines[0].contains("4826"), buffer.lines[0])
        XCTAssertTrue(buffer.lines[0].contains("••••"), buffer.lines[0])
        XCTAssertTrue(render(Form(state, glyphs: .ascii), width: 40, height: 1).lines[0].contains("****"))
    }
}
