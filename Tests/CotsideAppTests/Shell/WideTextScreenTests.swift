import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Chinese text takes two cells: a patient named 王小明 and a note in Chinese line up with the
/// Latin rows on the Dashboard and in History at 80×24 and 120×40 (golden screens, and each
/// column's start compared row by row in display columns), and no line is wider than the screen.
@MainActor
final class WideTextScreenTests: WardTestCase {
    /// Bed 3 Ada Lovelace (Latin) beside bed 5 王小明 with a note in Chinese, charted by 李娜.
    func seedChineseAndLatinCots() async throws -> Staff {
        let nurse = try await addStaff("李娜", "LN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let wang = try await admit(bed: "5", given: "小明", family: "王", dob: "2026-11-01", ga: (30, 4), weight: 1450)
        try await logNappy(ada, .wet, minutesAgo: 30, weight: 40, by: nurse)
        try await logNappy(wang, .dirty, minutesAgo: 90, colour: .yellow, notes: "尿布湿，颜色正常，已涂护臀膏", by: nurse)
        try await logNappy(wang, .wet, minutesAgo: 200, notes: "Zoë’s cream — applied", by: nurse)
        return nurse
    }

    /// The display column where `needle` starts in `line` (wide characters count two).
    func column(of needle: String, in line: String) -> Int? {
        line.range(of: needle).map { TextWidth.columns(of: String(line[..<$0.lowerBound])) }
    }

    func assertFitsAndAligned(_ lines: [String], width: Int, header: String, columns: [String], rows: [[String]],
                              file: StaticString = #filePath, line: UInt = #line) {
        let text = lines.joined(separator: "\n")
        for l in lines { XCTAssertLessThanOrEqual(TextWidth.columns(of: l), width, "too wide: \(l)", file: file, line: line) }
        let headerLine = lines.first { $0.contains(header) } ?? ""
        for row in rows {
            guard let rowLine = lines.first(where: { $0.contains(row[0]) }) else {
                XCTFail("no row with \(row[0]) in\n\(text)", file: file, line: line)
                continue
            }
            for (title, cell) in zip(columns, row.dropFirst()) {
                XCTAssertEqual(column(of: cell, in: rowLine), column(of: title, in: headerLine),
                               "\(cell) under \(title) in\n\(text)", file: file, line: line)
            }
        }
    }

    func testDashboardWithAChineseNameAt80x24() async throws {
        let nurse = try await seedChineseAndLatinCots()
        try await startShell()
        await signIn(nurse)
        let lines = screen(width: 80, height: 24)
        assertFitsAndAligned(lines, width: 80, header: "Patient", columns: ["Bed", "Patient", "Age"],
                             rows: [["Ada Lovelace", "3", "Ada Lovelace", "3 d"], ["王小明", "5", "王小明", "20 d"]])
        assertScreen(WideTextGolden.dashboard80, width: 80, height: 24)
    }

    func testDashboardWithAChineseNameAt120x40() async throws {
        let nurse = try await seedChineseAndLatinCots()
        try await startShell()
        await signIn(nurse)
        let lines = screen(width: 120, height: 40)
        assertFitsAndAligned(lines, width: 120, header: "Patient", columns: ["Patient", "Age", "Last nappy"],
                             rows: [["Ada Lovelace", "Ada Lovelace", "3 d", "30 min ago"], ["王小明", "王小明", "20 d", "1 h 30 min ago"]])
        assertScreen(WideTextGolden.dashboard120, width: 120, height: 40)
    }

    func testHistoryWithAChineseNoteAt80x24() async throws {
        let nurse = try await seedChineseAndLatinCots()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        let lines = screen(width: 80, height: 24)
        // At 80 columns History has no patient column: the bed says whose it is.
        assertFitsAndAligned(lines, width: 80, header: "Event", columns: ["Bed", "Event", "By"],
                             rows: [["40 g", "3   Nappy", "Nappy wet", "LN"], ["尿布湿", "5   Nappy", "Nappy dirty", "LN"]])
        assertScreen(WideTextGolden.history80, width: 80, height: 24)
    }

    func testHistoryWithAChineseNoteAt120x40() async throws {
        let nurse = try await seedChineseAndLatinCots()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        let lines = screen(width: 120, height: 40)
        assertFitsAndAligned(lines, width: 120, header: "Patient", columns: ["Patient", "Event", "Details", "By"],
                             rows: [["Ada Lovelace", "Ada Lovelace", "Nappy wet", "medium · 40 g", "LN"],
                                    ["尿布湿", "王小明", "Nappy dirty", "medium · yellow", "LN"]])
        assertScreen(WideTextGolden.history120, width: 120, height: 40)
    }

    /// Typed through the admit form as an input method sends it (one key per scalar): stored as
    /// typed and shown on the Dashboard. (Accents and the cursor: WideTextInputTests.)
    func testAChineseNameTypedIntoTheAdmitFormIsStoredAsTyped() async throws {
        let nurse = try await addStaff("李娜", "LN")
        try await startShell()
        await signIn(nurse)
        await press(.char("A"))
        for (i, text) in ["7", "小明", "王", "H777", "2026-11-18"].enumerated() {
            if i > 0 { await press(.tab) }
            for scalar in text.unicodeScalars { await press(.char(Character(scalar))) }
        }
        let form = screen(width: 100, height: 24)
        let given = try XCTUnwrap(form.first { $0.contains("小明") }, form.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(TextWidth.columns(of: given), 100)
        await press(.tab, .char("2"), .tab)
        await type("38+2")
        await press(.tab)
        await type("3100")
        await press(.enter)
        let patients = try await store.allPatients()
        let patient = try XCTUnwrap(patients.first, screenText())
        XCTAssertEqual(patient.givenName, "小明")
        XCTAssertEqual(patient.familyName, "王")
        XCTAssertTrue(screen().contains { $0.contains("王小明") }, screenText())
    }
}
