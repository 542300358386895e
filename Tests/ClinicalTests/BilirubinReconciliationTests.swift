import XCTest
@testable import Clinical

/// Holds the shipped AAP 2022 hourly table (Kemper AR et al., Pediatrics 2022;150(3):e2022058859,
/// supplemental tables) to the committed reconciliation (Resources/clinical/bilirubin/
/// reconciliation.csv, explained in PROVENANCE.md): every disputed hour reads the value chosen
/// there, and under 96 h that value is the independent transcriptions' one. Editing the table
/// back to a disputed value, or the CSV without the table, fails here.
final class BilirubinReconciliationTests: XCTestCase {
    struct Row {
        var treatment: BilirubinThresholds.Treatment
        var risk: Bool
        var week: Int
        var hour: Int
        var primary: Double?
        var independent: Double
        var shipped: Double
        var rule: String
    }

    static var csvURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/clinical/bilirubin/reconciliation.csv")
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: csvURL, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("curve,") }.map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let curve = cells[0].split(separator: " ")
            guard cells.count == 6, curve.count == 3,
                  let treatment = BilirubinThresholds.Treatment(rawValue: String(curve[0])),
                  let week = Int(curve[2]), let hour = Int(cells[1]),
                  let independent = Double(cells[3]), let shipped = Double(cells[4]) else {
                throw NSError(domain: "reconciliation.csv", code: 1, userInfo: [NSLocalizedDescriptionKey: "bad row \(line)"])
            }
            return Row(treatment: treatment, risk: curve[1] == "with_risk", week: week, hour: hour,
                       primary: Double(cells[2]), independent: independent, shipped: shipped, rule: cells[5])
        }
    }

    func testEveryDisputedHourReadsTheReconciledValue() throws {
        let table = try BilirubinThresholds.shared.get()
        let rows = try Self.rows()
        XCTAssertGreaterThan(rows.count, 400)
        for row in rows {
            let value = table.threshold(row.treatment, gestationalWeeks: row.week, riskFactors: row.risk, ageHours: Double(row.hour))
            XCTAssertEqual(value.mgPerDl, row.shipped, accuracy: 1e-9,
                           "\(row.treatment) \(row.week) \(row.risk ? "with" : "no") risk, hour \(row.hour)")
            XCTAssertFalse(value.usesFilledHour)
        }
    }

    /// Under 96 h (where the issue found the differences) the shipped value is the independent
    /// transcriptions' at every disputed hour, including the hours the primary marked imputed.
    func testUnderNinetySixHoursTheIndependentTranscriptionsWin() throws {
        let early = try Self.rows().filter { $0.hour <= 96 }
        XCTAssertEqual(early.count, 198)
        for row in early {
            XCTAssertEqual(row.shipped, row.independent, "\(row.treatment) \(row.week) hour \(row.hour)")
            XCTAssertTrue(["independent_transcriptions", "filled_from_independent"].contains(row.rule))
            if let primary = row.primary { XCTAssertLessThanOrEqual(abs(primary - row.shipped), 0.2 + 1e-9) }
        }
        // The imputed hours 21, 45, 69 and 93 of every one of the 18 curves are now real values.
        XCTAssertEqual(early.filter { $0.primary == nil }.count, 18 * 4 + 1, "72 imputed hours plus 37 weeks with risk at 76 h")
    }
}
