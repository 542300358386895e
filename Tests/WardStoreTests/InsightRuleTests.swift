import XCTest
import Clinical
@testable import WardStore

/// Every insight rule with constructed series that trigger it and series that fall just short.
final class InsightRuleTests: XCTestCase {
    let day20 = CalendarDay(year: 2026, month: 11, day: 20)!
    let now = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21 00:00 UTC

    func days(_ values: [Double], endingOn last: CalendarDay? = nil) -> [DailyValue] {
        let end = last ?? day20
        return values.enumerated().map { DailyValue(day: end.adding(days: $0.offset - values.count + 1), value: $0.element) }
    }

    func hoursAgo(_ h: Double) -> Date { now.addingTimeInterval(-h * 3_600) }

    // MARK: falling daily count

    func testWetNappiesFallingSevenToThreeFires() throws {
        let insight = try XCTUnwrap(DailyCountFallRule.evaluate(subject: "wet nappies", days: days([8, 7, 6, 4, 3])))
        XCTAssertEqual(insight.summary, "wet nappies fell from 7 to 3 a day over 3 days")
        XCTAssertEqual(insight.evidence.map(\.value), [7, 6, 4, 3])
        XCTAssertEqual(insight.evidence.first?.moment, .day(CalendarDay(year: 2026, month: 11, day: 17)!))
        XCTAssertEqual(insight.severity, .warning)
    }

    func testFallRuleStaysQuiet() {
        // A rebound inside the span is not a steady fall.
        XCTAssertNil(DailyCountFallRule.evaluate(subject: "wet", days: days([7, 4, 5, 3])))
        // 7 → 5 is under 40 %.
        XCTAssertNil(DailyCountFallRule.evaluate(subject: "wet", days: days([7, 6, 6, 5])))
        // 2 → 1 halves, but is only 1 a day.
        XCTAssertNil(DailyCountFallRule.evaluate(subject: "wet", days: days([2, 2, 1, 1])))
        // Too few days.
        XCTAssertNil(DailyCountFallRule.evaluate(subject: "wet", days: days([7, 5, 3])))
        // A missing day inside the span: no verdict.
        var gappy = days([7, 6, 4, 3])
        gappy.remove(at: 1)
        gappy.insert(DailyValue(day: day20.adding(days: -4), value: 8), at: 0)
        XCTAssertNil(DailyCountFallRule.evaluate(subject: "wet", days: gappy))
        XCTAssertNotNil(DailyCountFallRule.evaluate(subject: "wet", days: days([3, 2, 1, 1])))  // 3 → 1: 2 a day, 67 %
    }

    // MARK: centile crossing

    func testWeightCrossingTheFifteenthDownwardsFires() throws {
        let readings = [CentileCrossingRule.Reading(time: hoursAgo(24 * 14), centile: 30),
                        CentileCrossingRule.Reading(time: hoursAgo(24 * 7), centile: 22),
                        CentileCrossingRule.Reading(time: hoursAgo(1), centile: 12)]
        let insight = try XCTUnwrap(CentileCrossingRule.evaluate(subject: "weight", readings: readings))
        XCTAssertEqual(insight.summary, "weight crossed the 15th percentile downwards")
        XCTAssertEqual(insight.evidence.map(\.value), [22, 12])
        XCTAssertEqual(insight.severity, .warning)
    }

    func testCrossingSeveralLinesUpwardsIsInformation() throws {
        let readings = [CentileCrossingRule.Reading(time: hoursAgo(48), centile: 10),
                        CentileCrossingRule.Reading(time: hoursAgo(1), centile: 60)]
        let insight = try XCTUnwrap(CentileCrossingRule.evaluate(subject: "length", readings: readings))
        XCTAssertEqual(insight.summary, "length crossed the 15th and 50th percentiles upwards")
        XCTAssertEqual(insight.severity, .info)
    }

    func testCentileRuleStaysQuiet() {
        let steady = [30.0, 25, 18, 16].enumerated().map {
            CentileCrossingRule.Reading(time: hoursAgo(Double(100 - $0.offset)), centile: $0.element)
        }
        XCTAssertNil(CentileCrossingRule.evaluate(subject: "weight", readings: steady))
        // Touching a line is not crossing it.
        let touch = [CentileCrossingRule.Reading(time: hoursAgo(2), centile: 20),
                     CentileCrossingRule.Reading(time: hoursAgo(1), centile: 15)]
        XCTAssertNil(CentileCrossingRule.evaluate(subject: "weight", readings: touch))
        XCTAssertNil(CentileCrossingRule.evaluate(subject: "weight", readings: [touch[0]]))
    }

    // MARK: doses not given

    func doses(_ pattern: String) -> [DoseOutcomeRule.Dose] {
        pattern.enumerated().map { i, c in
            let outcome: DoseOutcomeRule.Outcome = c == "w" ? .withheld : c == "m" ? .missed : .given
            return DoseOutcomeRule.Dose(time: hoursAgo(Double(6 * (pattern.count - i))), outcome: outcome)
        }
    }

    func testFourOfTenWithheldFires() throws {
        // 12 doses; only the last 10 count ("gggwgwgwwg" has 4 withheld).
        let found = DoseOutcomeRule.evaluate(medication: "Paracetamol", doses: doses("wwgggwgwgwwg"))
        XCTAssertEqual(found.map(\.summary), ["4 of the last 10 doses of Paracetamol were withheld"])
        XCTAssertEqual(found.first?.evidence.count, 4)
    }

    func testMissedDosesFireSeparately() {
        let found = DoseOutcomeRule.evaluate(medication: "Ibuprofen", doses: doses("gmgggmwgww"))
        XCTAssertEqual(found.map(\.summary), ["3 of the last 10 doses of Ibuprofen were withheld",
                                              "2 of the last 10 doses of Ibuprofen were missed"])
        XCTAssertEqual(found.map(\.severity), [.info, .warning])
    }

    func testDoseRuleStaysQuiet() {
        XCTAssertTrue(DoseOutcomeRule.evaluate(medication: "X", doses: doses("ggwggwgmgg")).isEmpty)  // 2 withheld, 1 missed
        XCTAssertTrue(DoseOutcomeRule.evaluate(medication: "X", doses: doses("wwwwgggggggggg")).isEmpty)  // old ones roll off
        XCTAssertTrue(DoseOutcomeRule.evaluate(medication: "X", doses: []).isEmpty)
    }

    // MARK: intake below maintenance

    func intake(_ pairs: [(Double, Double)]) -> [IntakeBelowMaintenanceRule.Day] {
        pairs.enumerated().map {
            IntakeBelowMaintenanceRule.Day(day: day20.adding(days: $0.offset - pairs.count + 1),
                                           intakeMLPerKg: $0.element.0, maintenanceMLPerKg: $0.element.1)
        }
    }

    func testThreeShortDaysFire() throws {
        // 95 is not below 90 % of 100, so the run is the last three days: 80, 85, 98 < 99 (90 % of 110).
        let insight = try XCTUnwrap(IntakeBelowMaintenanceRule.evaluate(days: intake([(95, 100), (80, 110), (85, 110), (98, 110)])))
        XCTAssertEqual(insight.summary, "intake below maintenance for 3 days (mean 88 of 110 mL/kg/day)")
        XCTAssertEqual(insight.evidence.map(\.value), [80, 85, 98])
    }

    func testIntakeRuleStaysQuiet() {
        // 99 is exactly 90 % of 110: not below.
        XCTAssertNil(IntakeBelowMaintenanceRule.evaluate(days: intake([(80, 110), (99, 110)])))
        // One short day only.
        XCTAssertNil(IntakeBelowMaintenanceRule.evaluate(days: intake([(120, 110), (60, 110)])))
        // A missing day breaks the run.
        let broken = [IntakeBelowMaintenanceRule.Day(day: day20.adding(days: -2), intakeMLPerKg: 50, maintenanceMLPerKg: 110),
                      IntakeBelowMaintenanceRule.Day(day: day20, intakeMLPerKg: 50, maintenanceMLPerKg: 110)]
        XCTAssertNil(IntakeBelowMaintenanceRule.evaluate(days: broken))
        // An earlier short run followed by a good latest day.
        XCTAssertNil(IntakeBelowMaintenanceRule.evaluate(days: intake([(50, 110), (50, 110), (120, 110)])))
    }

    // MARK: repeated out-of-range vitals

    func readings(_ pairs: [(Double, Double)]) -> [RepeatedOutOfRangeRule.Reading] {
        pairs.map { RepeatedOutOfRangeRule.Reading(time: hoursAgo($0.0), value: $0.1) }
    }

    func testThreeOutOfRangeHeartRatesInADayFire() throws {
        let hr = readings([(30, 200), (20, 192), (12, 150), (8, 60), (2, 195), (1, 140)])
        let insight = try XCTUnwrap(RepeatedOutOfRangeRule.evaluate(subject: "heart rate", unit: "/min", readings: hr,
                                                                     normal: 100...180, now: now))
        XCTAssertEqual(insight.summary, "heart rate out of range 3 times in 24 h (192, 60 and 195 /min)")
        XCTAssertEqual(insight.evidence.map(\.note), ["above 180", "below 100", "above 180"])
    }

    func testVitalsRuleStaysQuiet() {
        // Two in the window; the third is 30 h old.
        let hr = readings([(30, 200), (20, 192), (2, 195), (1, 140)])
        XCTAssertNil(RepeatedOutOfRangeRule.evaluate(subject: "heart rate", unit: "/min", readings: hr, normal: 100...180, now: now))
        // Readings on the limits are in range.
        let edges = readings([(3, 100), (2, 180), (1, 100)])
        XCTAssertNil(RepeatedOutOfRangeRule.evaluate(subject: "heart rate", unit: "/min", readings: edges, normal: 100...180, now: now))
    }

    func testNoInsightWithoutEvidence() {
        XCTAssertNil(Insight(kind: .dailyCountFell, severity: .info, subject: "x", summary: ClinicalText("x.x", "x"), evidence: []))
    }

    // MARK: latest reading out of range

    func testLatestReadingOutOfRangeFiresOnOneReading() throws {
        let readings = [RepeatedOutOfRangeRule.Reading(time: hoursAgo(5), value: 37.0),
                        RepeatedOutOfRangeRule.Reading(time: hoursAgo(1), value: 38.6)]
        let insight = try XCTUnwrap(LatestOutOfRangeRule.evaluate(subject: "Temperature", unit: "°C", readings: readings,
                                                                   normal: 36.5...37.5, now: now))
        XCTAssertEqual(insight.summary, "Temperature 38.6 °C is above 37.5 (latest reading)")
        XCTAssertEqual(insight.severity, .warning)
        XCTAssertEqual(insight.evidence.map(\.value), [38.6])
        let low = LatestOutOfRangeRule.evaluate(subject: "SpO2", unit: "%", readings: [.init(time: hoursAgo(2), value: 90)],
                                                normal: 94...Double.greatestFiniteMagnitude, now: now)
        XCTAssertEqual(low?.summary, "SpO2 90 % is below 94 (latest reading)")
    }

    func testLatestReadingRuleStaysQuiet() {
        // Back in range at the latest reading; the limits themselves are in range.
        let recovered = [RepeatedOutOfRangeRule.Reading(time: hoursAgo(3), value: 38.6), .init(time: hoursAgo(1), value: 37.5)]
        XCTAssertNil(LatestOutOfRangeRule.evaluate(subject: "T", unit: "", readings: recovered, normal: 36.5...37.5, now: now))
        // Older than a day, or in the future.
        XCTAssertNil(LatestOutOfRangeRule.evaluate(subject: "T", unit: "", readings: [.init(time: hoursAgo(25), value: 39)],
                                                   normal: 36.5...37.5, now: now))
        XCTAssertNil(LatestOutOfRangeRule.evaluate(subject: "T", unit: "", readings: [.init(time: hoursAgo(-1), value: 39)],
                                                   normal: 36.5...37.5, now: now))
    }

    // MARK: no wet nappy

    func testNoWetNappyIsUrgentPastTheThreshold() throws {
        let since = try XCTUnwrap(NoWetNappyRule.evaluate(subject: "wet nappy", lastWetAt: hoursAgo(9.5), admittedAt: hoursAgo(40),
                                                          thresholdMinutes: 480, now: now))
        XCTAssertEqual(since.summary, "no wet nappy for 9 h")
        XCTAssertEqual(since.severity, .urgent)
        let never = try XCTUnwrap(NoWetNappyRule.evaluate(subject: "wet nappy", lastWetAt: nil, admittedAt: hoursAgo(12),
                                                          thresholdMinutes: 480, now: now))
        XCTAssertEqual(never.summary, "no wet nappy since admission 12 h ago")
        // Exactly at the threshold is not yet an alert (the Dashboard's rule: longer than it).
        XCTAssertNil(NoWetNappyRule.evaluate(subject: "wet nappy", lastWetAt: hoursAgo(8), admittedAt: hoursAgo(40),
                                             thresholdMinutes: 480, now: now))
        XCTAssertTrue(Insight.Severity.urgent > .warning && Insight.Severity.warning > .info)
    }
}
