import CotsideResources
import Foundation

/// AAP 2017 (Flynn et al.) Tables 4 and 5: BP percentiles for normal-weight children by
/// sex, age 1–17 years and height percentile column, with the height each column stands for.
public struct AAPBloodPressureTable: Sendable {
    /// Ages (completed years) the tables cover.
    public static let ages: ClosedRange<Int> = 1...17
    /// The height-percentile columns of the published tables, in order.
    public static let heightPercentiles = [5, 10, 25, 50, 75, 90, 95]
    public static let fileName = "clinical/bp/aap2017_bp_tables.csv"

    /// The tables shipped with Cotside, read on first use.
    public static let shared: Result<AAPBloodPressureTable, ReferenceDataError> = {
        do throws(ReferenceDataError) { return .success(try load()) } catch { return .failure(error) }
    }()

    /// The 50th, 90th, 95th and 95th + 12 mmHg BP percentiles of one column.
    public struct Percentiles: Sendable, Equatable {
        public var p50: Double
        public var p90: Double
        public var p95: Double
        public var p95Plus12: Double
    }

    /// One height column of one age: the height it lists and its systolic/diastolic percentiles.
    public struct Column: Sendable, Equatable {
        public var heightPercentile: Int
        public var heightCm: Double
        public var systolic: Percentiles
        public var diastolic: Percentiles
    }

    private let columnsBySexAge: [ReferenceSex: [[Column]]]

    public static func load(from directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> AAPBloodPressureTable {
        try parse(try ReferenceFile.text(fileName, in: directory))
    }

    static func parse(_ text: String) throws(ReferenceDataError) -> AAPBloodPressureTable {
        func fail(_ problem: String) -> ReferenceDataError { ReferenceDataError(file: fileName, problem: problem) }
        let lines = ReferenceFile.dataLines(text)
        guard lines.first == "sex,age_years,row,p5,p10,p25,p50,p75,p90,p95" else {
            throw fail("unexpected header")
        }
        var rows: [String: [Double]] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ",").map(String.init)
            let values = parts.dropFirst(3).compactMap(Double.init)
            guard parts.count == 10, values.count == 7, ReferenceSex(rawValue: parts[0]) != nil,
                  let age = Int(parts[1]), ages.contains(age) else {
                throw fail("bad row ‘\(line)’")
            }
            rows["\(parts[0])/\(age)/\(parts[2])"] = values
        }
        var result: [ReferenceSex: [[Column]]] = [:]
        for sex in ReferenceSex.allCases {
            var byAge: [[Column]] = []
            for age in ages {
                func row(_ name: String) throws(ReferenceDataError) -> [Double] {
                    guard let r = rows["\(sex.rawValue)/\(age)/\(name)"] else { throw fail("missing \(sex.rawValue) age \(age) \(name)") }
                    return r
                }
                let heights = try row("height_cm")
                let s = [try row("sbp_p50"), try row("sbp_p90"), try row("sbp_p95"), try row("sbp_p95_12")]
                let d = [try row("dbp_p50"), try row("dbp_p90"), try row("dbp_p95"), try row("dbp_p95_12")]
                var columns: [Column] = []
                for (i, percentile) in heightPercentiles.enumerated() {
                    let column = Column(
                        heightPercentile: percentile, heightCm: heights[i],
                        systolic: Percentiles(p50: s[0][i], p90: s[1][i], p95: s[2][i], p95Plus12: s[3][i]),
                        diastolic: Percentiles(p50: d[0][i], p90: d[1][i], p95: d[2][i], p95Plus12: d[3][i]))
                    for p in [column.systolic, column.diastolic] where !(p.p50 < p.p90 && p.p90 < p.p95 && p.p95Plus12 == p.p95 + 12) {
                        throw fail("\(sex.rawValue) age \(age) column \(percentile): percentiles out of order or 95th + 12 ≠ 95th + 12")
                    }
                    if let last = columns.last, !(last.heightCm < column.heightCm) {
                        throw fail("\(sex.rawValue) age \(age): heights do not increase across columns")
                    }
                    columns.append(column)
                }
                byAge.append(columns)
            }
            result[sex] = byAge
        }
        return AAPBloodPressureTable(columnsBySexAge: result)
    }

    /// The seven columns of one age (1–17), 5th to 95th height percentile.
    public func columns(_ sex: ReferenceSex, ageYears: Int) -> [Column] {
        precondition(Self.ages.contains(ageYears), "age \(ageYears) outside 1–17")
        return columnsBySexAge[sex]![ageYears - Self.ages.lowerBound]
    }

    /// The column whose listed height for the age is nearest the child's height
    /// (a tie goes to the shorter column, the first met).
    public func nearestColumn(_ sex: ReferenceSex, ageYears: Int, heightCm: Double) -> Column {
        var best = columns(sex, ageYears: ageYears)[0]
        for column in columns(sex, ageYears: ageYears).dropFirst()
        where abs(column.heightCm - heightCm) < abs(best.heightCm - heightCm) {
            best = column
        }
        return best
    }
}
