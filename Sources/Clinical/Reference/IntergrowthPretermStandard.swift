import CotsideResources
import Foundation

/// INTERGROWTH-21st Preterm Postnatal Growth Standards (Villar et al. 2015): weight and length
/// of babies born preterm, by postmenstrual age 27–64 weeks. Each is normal on the log scale:
/// z = (ln(value) − μ(x)) / σ(x), with μ and σ published as equations in exact weeks x.
/// The coefficients load from `clinical/growth/intergrowth_preterm_postnatal.csv`.
public struct IntergrowthPretermStandard: Sendable {
    /// Postmenstrual ages the standard covers, in days (27+0 to 64+0 weeks).
    public static let postmenstrualDays: ClosedRange<Int> = (27 * 7)...(64 * 7)

    public static let shared: Result<IntergrowthPretermStandard, ReferenceDataError> = {
        do throws(ReferenceDataError) { return .success(try load()) } catch { return .failure(error) }
    }()

    public static let file = "clinical/growth/intergrowth_preterm_postnatal.csv"

    /// a, b, c, d of one equation (see the file's header for the shapes).
    struct Coefficients: Sendable, Equatable {
        var a, b, c, d: Double
    }

    let weightMu: Coefficients, weightSigma: Coefficients
    let lengthMu: Coefficients, lengthSigma: Coefficients

    public static func load(from directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> IntergrowthPretermStandard {
        let lines = ReferenceFile.dataLines(try ReferenceFile.text(file, in: directory))
        guard lines.first == "indicator,parameter,a,b,c,d" else {
            throw ReferenceDataError(file: file, problem: "expected header ‘indicator,parameter,a,b,c,d’")
        }
        var rows: [String: Coefficients] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ",").map(String.init)
            guard parts.count == 6, let a = Double(parts[2]), let b = Double(parts[3]), let c = Double(parts[4]),
                  let d = Double(parts[5]) else {
                throw ReferenceDataError(file: file, problem: "row is not ‘indicator,parameter,a,b,c,d’: ‘\(line)’")
            }
            rows["\(parts[0]).\(parts[1])"] = Coefficients(a: a, b: b, c: c, d: d)
        }
        func row(_ key: String) throws(ReferenceDataError) -> Coefficients {
            guard let r = rows[key] else { throw ReferenceDataError(file: file, problem: "missing row \(key)") }
            return r
        }
        return IntergrowthPretermStandard(
            weightMu: try row("weight_for_age.mu"), weightSigma: try row("weight_for_age.sigma"),
            lengthMu: try row("length_for_age.mu"), lengthSigma: try row("length_for_age.sigma"))
    }

    /// μ and σ of ln(kg) or ln(cm) at a postmenstrual age in exact weeks.
    public func muSigma(_ indicator: GrowthIndicator, _ sex: ReferenceSex, weeks x: Double) -> (mu: Double, sigma: Double) {
        let male = sex == .male ? 1.0 : 0.0
        let muC = indicator == .weightForAge ? weightMu : lengthMu
        let sC = indicator == .weightForAge ? weightSigma : lengthSigma
        let mu = indicator == .weightForAge
            ? muC.a + muC.b * x.squareRoot() + muC.c / (x * x) + muC.d * male
            : muC.a + muC.b / (x * x) + muC.c * x + muC.d * male
        let sigma = sC.a + sC.b / (x * x) + sC.c * log(x) / (x * x)
        return (mu, sigma)
    }

    /// z-score of a measurement (kg or cm) at a postmenstrual age in days.
    public func zScore(_ indicator: GrowthIndicator, _ sex: ReferenceSex, postmenstrualDays days: Int, value: Double) -> Double {
        let (mu, sigma) = muSigma(indicator, sex, weeks: Double(days) / 7)
        return (log(value) - mu) / sigma
    }

    /// The measurement at a z-score: e^(μ + zσ).
    public func value(_ indicator: GrowthIndicator, _ sex: ReferenceSex, postmenstrualDays days: Int, z: Double) -> Double {
        let (mu, sigma) = muSigma(indicator, sex, weeks: Double(days) / 7)
        return exp(mu + z * sigma)
    }
}
