import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI
import WardStore

/// A calculator's weight is typed in kg or g like every other weight in Cotside ("19 kg",
/// "19000 g"), through the chart's own weight parser; the contract still receives kilograms.
/// Mosteller BSA (Mosteller RD, N Engl J Med 1987;317:1098): 110 cm and 19 kg give
/// √(110 × 19 / 3600) = 0.76 m².
final class ToolWeightEntryTests: XCTestCase {
    static let now = Date(timeIntervalSince1970: 1_795_269_900)

    func bsa(weight: String, wording: Localizer? = nil) -> ToolEvaluation {
        let zone = TimeZone(identifier: "UTC")!
        var form = ToolForm(tool: BsaTool.self, context: FormContext(now: Self.now, timeZone: zone),
                            today: CalendarDate.on(Self.now, in: zone), wording: wording)
        form.state["height_cm"]?.text = "110"
        form.state["weight_kg"]?.text = weight
        return form.evaluation
    }

    func bsaValue(_ evaluation: ToolEvaluation, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        guard case .result(let result) = evaluation else {
            XCTFail("no result: \(evaluation)", file: file, line: line)
            return nil
        }
        return result.number("bsa_m2")
    }

    func testGramsKilogramsAndABareNumberGiveTheSameAnswer() throws {
        let bare = try XCTUnwrap(bsaValue(bsa(weight: "19")))
        XCTAssertEqual(bare, 0.76, accuracy: 0.005)
        XCTAssertEqual(try XCTUnwrap(bsaValue(bsa(weight: "19 kg"))), bare, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(bsaValue(bsa(weight: "19000 g"))), bare, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(bsaValue(bsa(weight: "19000g"))), bare, accuracy: 1e-12)
    }

    func testAWeightInTheWrongUnitOrAnUnknownUnitIsRefusedAtTheField() {
        guard case .invalid(let errors) = bsa(weight: "19 g") else { return XCTFail("19 g was not refused") }
        XCTAssertEqual(errors.first?.field, "weight_kg")
        XCTAssertTrue(errors.first?.message.contains("kg") == true, errors.first?.message ?? "")
        guard case .invalid(let unknown) = bsa(weight: "19 lb") else { return XCTFail("19 lb was not refused") }
        XCTAssertEqual(unknown.first?.field, "weight_kg")
    }

    /// The weight parser's refusal is worded by the form's language, as on the chart's forms.
    func testAWeightRefusedByTheParserIsWordedInTheFormsLanguage() throws {
        guard case .invalid(let errors) = bsa(weight: "0 g", wording: try Catalogues.localizer(for: "de")) else {
            return XCTFail("0 g was not refused")
        }
        let message = errors.map(\.message).joined(separator: " ")
        XCTAssertTrue(message.contains("ein Gewicht muss größer als 0 sein"), message)
    }
}
