import CotsideResources
import Foundation

/// AAP 2022 (Kemper et al.) phototherapy and exchange-transfusion thresholds by completed
/// gestational week, hour of age 1–336 and neurotoxicity risk factors. Between whole hours the
/// threshold is interpolated linearly, as the guideline's hourly tables are read.
public struct BilirubinThresholds: Sendable {
    public enum Treatment: String, Sendable, CaseIterable {
        case phototherapy, exchange
    }

    /// Hours of age the tables cover.
    public static let hours: ClosedRange<Int> = 1...336
    public static let fileName = "clinical/bilirubin/aap2022_bilirubin_thresholds.txt"

    /// The tables shipped with Cotside, read on first use.
    public static let shared: Result<BilirubinThresholds, ReferenceDataError> = {
        do throws(ReferenceDataError) { return .success(try load()) } catch { return .failure(error) }
    }()

    /// The week curves the guideline draws for each treatment and risk group; the last one
    /// stands for that week and above.
    public static func curveWeeks(_ treatment: Treatment, riskFactors: Bool) -> ClosedRange<Int> {
        treatment == .phototherapy && !riskFactors ? 35...40 : 35...38
    }

    /// The curve a completed gestational week (35 and above) reads from.
    public static func curveWeek(_ treatment: Treatment, riskFactors: Bool, gestationalWeeks: Int) -> Int {
        let weeks = curveWeeks(treatment, riskFactors: riskFactors)
        return Swift.min(Swift.max(gestationalWeeks, weeks.lowerBound), weeks.upperBound)
    }

    /// A threshold and whether it leaned on an hour the source tables did not give.
    public struct Threshold: Sendable, Equatable {
        public var mgPerDl: Double
        /// True when an hour used was not in the source and was filled from its neighbours.
        public var usesFilledHour: Bool
    }

    private struct Key: Hashable {
        var treatment: Treatment
        var riskFactors: Bool
        var week: Int
    }

    private struct Curve {
        /// Index 0 is hour 1.
        var values: [Double]
        var filled: [Bool]
    }

    private let curves: [Key: Curve]

    public static func load(from directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> BilirubinThresholds {
        try parse(try ReferenceFile.text(fileName, in: directory))
    }

    static func parse(_ text: String) throws(ReferenceDataError) -> BilirubinThresholds {
        func fail(_ problem: String) -> ReferenceDataError { ReferenceDataError(file: fileName, problem: problem) }
        var curves: [Key: Curve] = [:]
        for line in ReferenceFile.dataLines(text) {
            guard let colon = line.firstIndex(of: ":") else { throw fail("line without ‘:’: \(line.prefix(40))") }
            let head = line[..<colon].split(separator: " ")
            guard head.count == 3, let treatment = Treatment(rawValue: String(head[0])),
                  head[1] == "no_risk" || head[1] == "with_risk", let week = Int(head[2]) else {
                throw fail("bad curve name ‘\(line[..<colon])’")
            }
            let key = Key(treatment: treatment, riskFactors: head[1] == "with_risk", week: week)
            let curve = try expand(line[line.index(after: colon)...], name: String(line[..<colon]), fail: fail)
            curves[key] = curve
        }
        for treatment in Treatment.allCases {
            for risk in [false, true] {
                for week in curveWeeks(treatment, riskFactors: risk)
                where curves[Key(treatment: treatment, riskFactors: risk, week: week)] == nil {
                    throw fail("missing curve \(treatment.rawValue) \(risk ? "with_risk" : "no_risk") \(week)")
                }
            }
        }
        return BilirubinThresholds(curves: curves)
    }

    /// Expands run-length tokens to 336 hourly values, fills `-` hours linearly from their
    /// neighbours, and checks the curve never falls with age.
    private static func expand(_ body: Substring, name: String, fail: (String) -> ReferenceDataError) throws(ReferenceDataError) -> Curve {
        var raw: [Double?] = []
        for token in body.split(separator: " ") {
            if token == "-" {
                raw.append(nil)
            } else if let star = token.firstIndex(of: "*") {
                guard let value = Double(token[..<star]), let count = Int(token[token.index(after: star)...]), count > 0 else {
                    throw fail("\(name): bad token ‘\(token)’")
                }
                raw.append(contentsOf: repeatElement(Optional(value), count: count))
            } else {
                guard let value = Double(token) else { throw fail("\(name): bad token ‘\(token)’") }
                raw.append(value)
            }
        }
        guard raw.count == hours.count else { throw fail("\(name): \(raw.count) hourly values, expected \(hours.count)") }
        var values = [Double](repeating: 0, count: raw.count)
        var filled = [Bool](repeating: false, count: raw.count)
        for i in raw.indices {
            if let v = raw[i] {
                values[i] = v
                continue
            }
            guard i > 0, i + 1 < raw.count, let before = raw[i - 1], let after = raw[i + 1] else {
                throw fail("\(name): hour \(i + 1) has no value and no known neighbours")
            }
            values[i] = (before + after) / 2
            filled[i] = true
        }
        for i in values.indices.dropFirst() where values[i] < values[i - 1] {
            throw fail("\(name): falls from \(values[i - 1]) at hour \(i) to \(values[i]) at hour \(i + 1)")
        }
        return Curve(values: values, filled: filled)
    }

    /// Threshold at an age in hours (1–336, fractions allowed), linear between whole hours.
    public func threshold(_ treatment: Treatment, gestationalWeeks: Int, riskFactors: Bool, ageHours: Double) -> Threshold {
        precondition(ageHours >= Double(Self.hours.lowerBound) && ageHours <= Double(Self.hours.upperBound),
                     "age \(ageHours) h outside 1–336")
        let week = Self.curveWeek(treatment, riskFactors: riskFactors, gestationalWeeks: gestationalWeeks)
        let curve = curves[Key(treatment: treatment, riskFactors: riskFactors, week: week)]!
        let lower = Int(ageHours.rounded(.down))
        let i = lower - 1
        let fraction = ageHours - Double(lower)
        if fraction == 0 {
            return Threshold(mgPerDl: curve.values[i], usesFilledHour: curve.filled[i])
        }
        let value = curve.values[i] + (curve.values[i + 1] - curve.values[i]) * fraction
        return Threshold(mgPerDl: value, usesFilledHour: curve.filled[i] || curve.filled[i + 1])
    }

    /// Every hourly value of one curve (index 0 = hour 1), for charting.
    public func curve(_ treatment: Treatment, gestationalWeeks: Int, riskFactors: Bool) -> [Double] {
        let week = Self.curveWeek(treatment, riskFactors: riskFactors, gestationalWeeks: gestationalWeeks)
        return curves[Key(treatment: treatment, riskFactors: riskFactors, week: week)]!.values
    }
}
