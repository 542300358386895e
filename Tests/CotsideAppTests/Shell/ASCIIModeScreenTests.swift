import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// A locale that is not UTF-8 (LANG=C): every byte drawn is ASCII — the Dashboard's "·" and "—",
/// Trends' "°C" and "–", a form's symbols and a name typed with accents or in Chinese — and the
/// columns still line up although "—" is drawn as "--".
@MainActor
final class ASCIIModeScreenTests: WardTestCase {
    override var environment: [String: String] {
        var environment = super.environment
        environment["LANG"] = "C"
        return environment
    }

    func assertOnlyASCII(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        let text = lines.joined(separator: "\n")
        let odd = Set(text.filter { !$0.isASCII })
        XCTAssertTrue(odd.isEmpty, "non-ASCII drawn: \(odd.sorted())\n\(text)", file: file, line: line)
    }

    func seedCots() async throws -> Staff {
        let nurse = try await addStaff("Zoë Müller", "ZM")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Préterm", dob: "2026-11-01", ga: (30, 4), weight: 1450)
        let wang = try await admit(bed: "5", given: "小明", family: "王")
        try await logNappy(ada, .wet, minutesAgo: 30, weight: 40, by: nurse)
        try await logNappy(bo, .dirty, minutesAgo: 600, colour: .green, notes: "cream — applied")
        try await logNappy(wang, .wet, minutesAgo: 90, notes: "尿布湿", by: nurse)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                            kind: .temperature, value: 37.6), by: nurse.id)
        return nurse
    }

    func testDashboardDrawsOnlyASCIIAndKeepsItsColumns() async throws {
        let nurse = try await seedCots()
        try await startShell()
        await signIn(nurse)
        XCTAssertEqual(shell.context.glyphs, .ascii)
        let lines = screen(width: 100, height: 24)
        assertOnlyASCII(lines)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("Occupied cots 3 - changes today"), text)
        let header = try XCTUnwrap(lines.first { $0.contains("Patient") && $0.contains("Age") }, text)
        for name in ["Ada Lovelace", "Bo Preterm", "???"] {
            let row = try XCTUnwrap(lines.first { $0.contains(name) }, "\(name) in\n\(text)")
            XCTAssertEqual(row.range(of: name).map { row.distance(from: row.startIndex, to: $0.lowerBound) },
                           header.range(of: "Patient").map { header.distance(from: header.startIndex, to: $0.lowerBound) },
                           "\(name) under Patient in\n\(text)")
        }
        for line in lines { XCTAssertLessThanOrEqual(line.count, 100, line) }
    }

    func testHistoryDrawsOnlyASCII() async throws {
        let nurse = try await seedCots()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        let lines = screen(width: 100, height: 24)
        assertOnlyASCII(lines)
        XCTAssertTrue(lines.contains { $0.contains("cream -- applied") }, lines.joined(separator: "\n"))
    }

    func testTrendsDrawsOnlyASCII() async throws {
        _ = try await DemoWard.generate(into: store, cots: 3, days: 14, seed: 1, now: Self.now, timeZone: Self.utc)
        try await startShell()
        let patients = try await store.admittedPatients()
        let patient = try XCTUnwrap(patients.first)
        shell.selectPatient(patient)
        await shell.settle()
        await press(.char("5"))
        let lines = screen(width: 140, height: 50)
        assertOnlyASCII(lines)
        XCTAssertFalse(lines.joined().isEmpty)
    }

    func testAFormAndWhatIsTypedIntoItDrawOnlyASCII() async throws {
        let nurse = try await seedCots()
        try await startShell()
        await signIn(nurse)
        await press(.char("A"))
        await type("7")
        await press(.tab)
        await type("Zoë")
        await press(.tab)
        for scalar in "王".unicodeScalars { await press(.char(Character(scalar))) }
        let lines = screen(width: 100, height: 24)
        assertOnlyASCII(lines)
        XCTAssertTrue(lines.contains { $0.contains("Zoe") }, lines.joined(separator: "\n"))
        await press(.escape)  // unsaved input: the discard question
        assertOnlyASCII(screen(width: 100, height: 24))
    }
}
