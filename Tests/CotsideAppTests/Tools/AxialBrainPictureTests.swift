import Clinical
import TerminalUI
import XCTest
@testable import CotsideApp

/// The brain picture draws the haematoma to scale: a larger volume covers more cells (and
/// every cell of a smaller one), in the proportion `HaematomaScale` states.
final class AxialBrainPictureTests: XCTestCase {
    func picture(_ ml: Double, _ glyphs: GlyphSet = .unicode) -> Buffer {
        var buffer = Buffer(width: AxialBrainPicture.columns, height: AxialBrainPicture.rows)
        AxialBrainPicture(volumeMl: ml, glyphs: glyphs).render(in: buffer.area, into: &buffer)
        return buffer
    }

    func filled(_ buffer: Buffer) -> Int { buffer.cells.filter { $0.grapheme == "█" || $0.grapheme == "#" }.count }

    func testSmallAndLargeVolumesDrawDifferentAreas() {
        let small = filled(picture(8.43)), large = filled(picture(60))
        XCTAssertGreaterThan(small, 0)
        XCTAssertGreaterThan(large, 2 * small, "60 mL vs 8.43 mL: (60/8.43)^(2/3) = 3.7 times the area")
    }

    func testAreaIsMonotoneInVolumeAndFollowsTheScalingRule() {
        let inside = AxialBrainPicture.slice.inside.count
        var previous = 0
        for ml in stride(from: 0.5, through: 200, by: 0.5) {
            let n = filled(picture(ml))
            XCTAssertGreaterThanOrEqual(n, previous, "\(ml) mL")
            XCTAssertEqual(n, HaematomaScale.cells(volumeMl: ml, sliceCells: inside), "\(ml) mL")
            previous = n
        }
        XCTAssertEqual(filled(picture(0)), 0)
    }

    func testALargerBleedCoversEveryCellOfASmallerOne() {
        let small = Set(AxialBrainPicture.haematoma(volumeMl: 10).map { "\($0.x),\($0.y)" })
        let large = Set(AxialBrainPicture.haematoma(volumeMl: 40).map { "\($0.x),\($0.y)" })
        XCTAssertTrue(small.isSubset(of: large))
        XCTAssertTrue(AxialBrainPicture.haematoma(volumeMl: 150).allSatisfy { $0.x < AxialBrainPicture.slice.midline },
                      "the bleed stays in one hemisphere")
    }

    /// 23.94 mL (GFAP 1000): (23.94/1200)^(2/3) = 7.4 % of the 165 inner cells = 12.
    func testPictureGolden() {
        XCTAssertEqual(picture(23.9).lines, GOLDEN_BRAIN)
        XCTAssertEqual(picture(23.9, .ascii).lines, GOLDEN_BRAIN_ASCII)
    }
}

private let GOLDEN_BRAIN: [String] = [
    "       ───────",
    "    ───   ┊   ───",
    "   ─             ─",
    " ╱╱               ╲╲",
    " ╱                 ╲",
    "╱ ██████            ╲",
    "│ ██████            │",
    "╲                   ╱",
    " ╲                 ╱",
    " ╲                 ╱",
    "  ──             ──",
    "    ──    ┊    ──",
    "      ─────────",
]
private let GOLDEN_BRAIN_ASCII: [String] = [
    "       -------",
    "    ---   :   ---",
    "   -             -",
    " //               \\\\",
    " /                 \\",
    "/ ######            \\",
    "| ######            |",
    "\\                   /",
    " \\                 /",
    " \\                 /",
    "  --             --",
    "    --    :    --",
    "      ---------",
]
