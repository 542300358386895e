import Foundation
import XCTest
@testable import WardStore

/// The effectiveness heuristic on constructed series: every verdict in every mode.
/// Thresholds (a fall, balanced): BP 5 mmHg, glucose 1.0 mmol/L, temperature 0.5 °C; conservative
/// ×1.5 with 5 dose pairs / 8 readings per fortnight, aggressive ×0.6 with 2 / 3.
final class EffectivenessTests: XCTestCase {
    let now = ISO8601DateFormatter().date(from: "2026-03-20T12:00:00Z")!
    let hour: TimeInterval = 3600
    let day: TimeInterval = 86_400

    /// `doses` daily doses at 08:00 on the last days; a reading 1 h before each (100 mmHg) and
    /// two 2 h and 4 h after (100 + change).
    func bloodPressureSeries(doses count: Int, change: Double) -> (doses: [Date], series: [TimedValue]) {
        var doses: [Date] = []
        var series: [TimedValue] = []
        for i in 1...count {
            let dose = now.addingTimeInterval(-Double(i) * day - 4 * hour)
            doses.append(dose)
            series.append(TimedValue(at: dose.addingTimeInterval(-hour), value: 100))
            series.append(TimedValue(at: dose.addingTimeInterval(2 * hour), value: 100 + change))
            series.append(TimedValue(at: dose.addingTimeInterval(4 * hour), value: 100 + change))
        }
        return (doses, series)
    }

    func verdict(_ change: Double, doses: Int = 10, mode: EffectivenessMode, adherence: Double = 0.9) -> EffectivenessResult {
        let (d, s) = bloodPressureSeries(doses: doses, change: change)
        return Effectiveness.evaluate(category: .antihypertensive, doses: d, series: s, adherence: adherence, mode: mode, now: now)!
    }

    func testLikelyEffectiveInEveryMode() {
        for mode in EffectivenessMode.allCases {
            let result = verdict(-10, mode: mode)
            XCTAssertEqual(result.verdict, .likelyEffective, "\(mode)")
            XCTAssertEqual(result.perDoseMedianDelta, -10)
            XCTAssertEqual(result.perDoseSamples, 10)
            XCTAssertTrue((50...100).contains(result.confidencePercent), "\(mode): \(result.confidencePercent)")
        }
    }

    func testLikelyIneffectiveInEveryMode() {
        for mode in EffectivenessMode.allCases {
            XCTAssertEqual(verdict(0, mode: mode).verdict, .likelyIneffective, "\(mode): no change")
            XCTAssertEqual(verdict(+6, mode: mode).verdict, .likelyIneffective, "\(mode): a rise")
        }
    }

    func testUnclearInEveryModeForEachReason() {
        let thresholds: [EffectivenessMode: Double] = [.conservative: 7.5, .balanced: 5, .aggressive: 3]
        for mode in EffectivenessMode.allCases {
            let small = verdict(-0.6 * thresholds[mode]!, mode: mode)
            XCTAssertEqual(small.verdict, .unclear, "\(mode): a fall between a third of and the whole threshold")
            XCTAssertEqual(small.reason, "a small change, below the threshold")
            let gated = verdict(-10, mode: mode, adherence: 0.5)
            XCTAssertEqual(gated.verdict, .unclear, "\(mode): adherence 50 % is under the 60 % gate")
            XCTAssertEqual(gated.reason, "adherence 50 % is below 60 %")
            let sparse = verdict(-10, doses: 1, mode: mode)
            XCTAssertEqual(sparse.verdict, .unclear, "\(mode): one dose pair is too few")
            XCTAssertTrue(sparse.reason?.hasPrefix("too few readings") == true)
            XCTAssertLessThan(sparse.confidencePercent, verdict(-10, mode: mode).confidencePercent)
        }
    }

    func testModesChangeThresholdsAndMinimumSamples() {
        // A 4 mmHg fall: enough for aggressive (3), not for balanced (5) or conservative (7.5).
        XCTAssertEqual(verdict(-4, mode: .aggressive).verdict, .likelyEffective)
        XCTAssertEqual(verdict(-4, mode: .balanced).verdict, .unclear)
        XCTAssertEqual(verdict(-4, mode: .conservative).verdict, .unclear)
        // Three dose pairs: enough for aggressive (2) and balanced (3), not conservative (5).
        XCTAssertEqual(verdict(-10, doses: 3, mode: .aggressive).verdict, .likelyEffective)
        XCTAssertEqual(verdict(-10, doses: 3, mode: .balanced).verdict, .likelyEffective)
        XCTAssertEqual(verdict(-10, doses: 3, mode: .conservative).verdict, .unclear)
        // The gate is adjustable.
        let (d, s) = bloodPressureSeries(doses: 10, change: -10)
        XCTAssertEqual(Effectiveness.evaluate(category: .antihypertensive, doses: d, series: s, adherence: 0.5, mode: .balanced,
                                              now: now, adherenceGate: 0.4)?.verdict, .likelyEffective)
    }

    func testFourteenDayMovingMeansAloneCanDecide() {
        // No doses recorded as pairs: daily readings 110 in the prior fortnight, 100 in the last one.
        var series: [TimedValue] = []
        for i in 0..<28 {
            series.append(TimedValue(at: now.addingTimeInterval(-Double(i) * day - hour), value: i < 14 ? 100 : 110))
        }
        for mode in EffectivenessMode.allCases {
            let result = Effectiveness.evaluate(category: .antihypertensive, doses: [], series: series, adherence: 0.9,
                                                mode: mode, now: now)!
            XCTAssertEqual(result.movingMeanDelta, -10)
            XCTAssertEqual(result.movingSamples.recent, 14)
            XCTAssertEqual(result.verdict, .likelyEffective, "\(mode)")
        }
    }

    func testWindowsPerCategoryAndOtherIsNotEvaluated() {
        XCTAssertNil(Effectiveness.evaluate(category: .other, doses: [now], series: [], adherence: 1, mode: .balanced, now: now))
        // Antipyretic: a temperature 90 min before the dose is outside the 1 h "before" window.
        let dose = now.addingTimeInterval(-5 * hour)
        let tooEarly = [TimedValue(at: dose.addingTimeInterval(-1.5 * hour), value: 39),
                        TimedValue(at: dose.addingTimeInterval(hour), value: 37.5)]
        XCTAssertEqual(Effectiveness.evaluate(category: .antipyretic, doses: [dose], series: tooEarly, adherence: nil,
                                              mode: .aggressive, now: now)?.perDoseSamples, 0)
        let inWindow = [TimedValue(at: dose.addingTimeInterval(-0.5 * hour), value: 39),
                        TimedValue(at: dose.addingTimeInterval(hour), value: 37.5),
                        TimedValue(at: dose.addingTimeInterval(2.5 * hour), value: 39)]  // after 2 h: ignored
        XCTAssertEqual(Effectiveness.evaluate(category: .antipyretic, doses: [dose], series: inWindow, adherence: nil,
                                              mode: .aggressive, now: now)?.perDoseMedianDelta, -1.5)
        // Antidiabetic: glucose 1–3 h after.
        XCTAssertEqual(Effectiveness.profile(for: .antidiabetic)?.kind, .glucose)
        XCTAssertEqual(Effectiveness.profile(for: .antidiabetic)?.afterEnd, 3 * hour)
    }
}
