import CotsideResources
import Foundation

/// WHO Child Growth Standards (2006) by day of age 0–730: weight-for-age and
/// length-for-age (recumbent), both sexes. Loaded once; lookups are O(1) array reads
/// and allocate nothing, so the batch path can score hundreds of thousands of lines a second.
public struct WHOGrowthStandard: Sendable {
    /// Days covered by the shipped tables.
    public static let days: ClosedRange<Int> = 0...730

    /// The tables shipped with Cotside, read on first use.
    public static let shared: Result<WHOGrowthStandard, ReferenceDataError> = {
        do throws(ReferenceDataError) { return .success(try load()) } catch { return .failure(error) }
    }()

    private static let dayCount = days.count
    // Flat arrays: table index × dayCount + day. Table index = indicator × 2 + sex.
    private let l: [Double]
    private let m: [Double]
    private let s: [Double]
    // The ±2 and ±3 SD values per day, precomputed for the restricted adjustment.
    private let sd2: [Double], sd3: [Double], sd2neg: [Double], sd3neg: [Double]

    private init(l: [Double], m: [Double], s: [Double]) {
        self.l = l
        self.m = m
        self.s = s
        let rows = l.indices.map { LMS(l: l[$0], m: m[$0], s: s[$0]) }
        sd2 = rows.map { $0.value(atZ: 2) }
        sd3 = rows.map { $0.value(atZ: 3) }
        sd2neg = rows.map { $0.value(atZ: -2) }
        sd3neg = rows.map { $0.value(atZ: -3) }
    }

    /// Reads the four CSV files (`day,L,M,S`) from `directory/clinical/growth/`.
    public static func load(from directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> WHOGrowthStandard {
        var l: [Double] = [], m: [Double] = [], s: [Double] = []
        for indicator in GrowthIndicator.allCases {
            for sex in ReferenceSex.allCases {
                let file = fileName(indicator, sex)
                let rows = try parse(try ReferenceFile.text(file, in: directory), file: file)
                for row in rows {
                    l.append(row.l)
                    m.append(row.m)
                    s.append(row.s)
                }
            }
        }
        return WHOGrowthStandard(l: l, m: m, s: s)
    }

    /// Relative path of one table ("clinical/growth/wfa_boys.csv").
    public static func fileName(_ indicator: GrowthIndicator, _ sex: ReferenceSex) -> String {
        let prefix = indicator == .weightForAge ? "wfa" : "lhfa"
        return "clinical/growth/\(prefix)_\(sex == .male ? "boys" : "girls").csv"
    }

    /// Checks the header, one row per day 0–730 in order, and plausible L, M, S.
    static func parse(_ text: String, file: String) throws(ReferenceDataError) -> [LMS] {
        let lines = ReferenceFile.dataLines(text)
        guard lines.first == "day,L,M,S" else {
            throw ReferenceDataError(file: file, problem: "expected header ‘day,L,M,S’")
        }
        var rows: [LMS] = []
        rows.reserveCapacity(dayCount)
        for (index, line) in lines.dropFirst().enumerated() {
            let parts = line.split(separator: ",")
            guard parts.count == 4, let day = Int(parts[0]), day == index,
                  let lv = Double(parts[1]), let mv = Double(parts[2]), let sv = Double(parts[3]),
                  lv.isFinite, mv > 0, sv > 0, mv.isFinite, sv.isFinite else {
                throw ReferenceDataError(file: file, problem: "row \(index + 2) is not ‘\(index),L,M,S’ with M, S > 0: ‘\(line)’")
            }
            rows.append(LMS(l: lv, m: mv, s: sv))
        }
        guard rows.count == dayCount else {
            throw ReferenceDataError(file: file, problem: "has \(rows.count) days; expected \(dayCount) (0–730)")
        }
        return rows
    }

    @inline(__always)
    private func index(_ indicator: GrowthIndicator, _ sex: ReferenceSex, _ day: Int) -> Int {
        precondition(Self.days.contains(day), "day \(day) outside 0–730")
        let table = (indicator == .weightForAge ? 0 : 2) + (sex == .male ? 0 : 1)
        return table &* Self.dayCount &+ day
    }

    /// L, M, S for the day.
    public func lms(_ indicator: GrowthIndicator, _ sex: ReferenceSex, day: Int) -> LMS {
        let i = index(indicator, sex, day)
        return LMS(l: l[i], m: m[i], s: s[i])
    }

    /// WHO z-score of a measurement. Weight-for-age uses WHO's restricted adjustment beyond
    /// ±3 SD (distances measured in units of the 2–3 SD gap), length-for-age the plain LMS z.
    public func zScore(_ indicator: GrowthIndicator, _ sex: ReferenceSex, day: Int, value x: Double) -> Double {
        let i = index(indicator, sex, day)
        let z = LMS(l: l[i], m: m[i], s: s[i]).zScore(x)
        guard indicator == .weightForAge, abs(z) > 3 else { return z }
        if z > 3 { return 3 + (x - sd3[i]) / (sd3[i] - sd2[i]) }
        return -3 + (x - sd3neg[i]) / (sd2neg[i] - sd3neg[i])
    }

    /// The measurement at a z-score for the day: the inverse of `zScore`, including the
    /// restricted (linear) extension of weight-for-age beyond ±3 SD. For charting bands.
    public func value(_ indicator: GrowthIndicator, _ sex: ReferenceSex, day: Int, z: Double) -> Double {
        let i = index(indicator, sex, day)
        guard indicator == .weightForAge, abs(z) > 3 else { return LMS(l: l[i], m: m[i], s: s[i]).value(atZ: z) }
        if z > 3 { return sd3[i] + (z - 3) * (sd3[i] - sd2[i]) }
        return sd3neg[i] + (z + 3) * (sd2neg[i] - sd3neg[i])
    }

    /// The measurement at a percentile (0 < percentile < 100) for the day, e.g. the P3/P97 curves.
    public func value(_ indicator: GrowthIndicator, _ sex: ReferenceSex, day: Int, percentile: Double) -> Double {
        value(indicator, sex, day: day, z: NormalDistribution.quantile(percentile / 100))
    }

    /// Percentile (0–100) of a z-score: Φ(z)·100.
    public static func percentile(z: Double) -> Double {
        NormalDistribution.cdf(z) * 100
    }

    /// Day of age for an age in months, as the contract and WHO's software convert it:
    /// months × 30.4375 rounded to the nearest day, halves to even (so 24 months is day 730).
    public static func day(fromMonths months: Double) -> Int {
        Int((months * 30.4375).rounded(.toNearestOrEven))
    }
}
