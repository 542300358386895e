import CotsideResources
import Foundation

/// The drug table behind the dosage tool and the Tools pane's drug picker: for each drug, one
/// regimen per route, each split into age/gestation/weight bands with their own dose, interval
/// and caps, every band naming its source. `version` and `checksum` identify the table a
/// pharmacist signs off, so a changed table lapses the sign-off.
public struct DrugFormulary: Sendable {
    public static let fileName = "clinical/drugs/formulary.json"

    /// The table shipped with Cotside, read on first use.
    public static let shared: Result<DrugFormulary, ReferenceDataError> = {
        do throws(ReferenceDataError) { return .success(try load()) } catch { return .failure(error) }
    }()

    /// One stocked strength; `id` is what `concentration=` takes ("120mg_5ml").
    public struct Concentration: Sendable, Equatable, Decodable {
        public var id: String
        public var label: String
        public var mgPerMl: Double

        enum CodingKeys: String, CodingKey {
            case id, label
            case mgPerMl = "mg_per_ml"
        }
    }

    /// One dose for the children inside its limits (all limits inclusive; absent = open).
    public struct Band: Sendable, Equatable, Decodable {
        /// Who the band is for, in words ("neonate, GA 30–34 weeks, PNA 0–10 days").
        public var label: String
        public var minAgeDays: Int?
        public var maxAgeDays: Int?
        /// Gestation at birth, completed weeks.
        public var minGaWeeks: Int?
        public var maxGaWeeks: Int?
        /// Postmenstrual age (gestation at birth + postnatal age), days.
        public var minPmaDays: Int?
        public var maxPmaDays: Int?
        public var minWeightKg: Double?
        public var maxWeightKg: Double?
        /// Used when no age is given (the older-child band); bands without it need the age.
        public var isDefault: Bool
        public var mgPerKgDose: Double?
        /// A dose that does not scale with weight (vitamin K at birth, paracetamol IV over 50 kg).
        public var fixedDoseMg: Double?
        /// nil: the source states no per-dose cap.
        public var maxSingleDoseMg: Double?
        /// Human wording of how often ("every 36 hours").
        public var frequency: String
        public var dosesPerDay: Int?
        public var intervalHours: Double?
        public var maxDailyMgPerKg: Double?
        public var maxDailyDoseMg: Double?
        /// The formulary or guideline the numbers were checked against.
        public var source: String

        enum CodingKeys: String, CodingKey {
            case label, frequency, source
            case minAgeDays = "min_age_days", maxAgeDays = "max_age_days"
            case minGaWeeks = "min_ga_weeks", maxGaWeeks = "max_ga_weeks"
            case minPmaDays = "min_pma_days", maxPmaDays = "max_pma_days"
            case minWeightKg = "min_weight_kg", maxWeightKg = "max_weight_kg"
            case isDefault = "default"
            case mgPerKgDose = "mg_per_kg_dose", fixedDoseMg = "fixed_dose_mg"
            case maxSingleDoseMg = "max_single_dose_mg"
            case dosesPerDay = "doses_per_day", intervalHours = "interval_hours"
            case maxDailyMgPerKg = "max_daily_mg_per_kg", maxDailyDoseMg = "max_daily_dose_mg"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            label = try c.decode(String.self, forKey: .label)
            frequency = try c.decode(String.self, forKey: .frequency)
            source = try c.decode(String.self, forKey: .source)
            minAgeDays = try c.decodeIfPresent(Int.self, forKey: .minAgeDays)
            maxAgeDays = try c.decodeIfPresent(Int.self, forKey: .maxAgeDays)
            minGaWeeks = try c.decodeIfPresent(Int.self, forKey: .minGaWeeks)
            maxGaWeeks = try c.decodeIfPresent(Int.self, forKey: .maxGaWeeks)
            minPmaDays = try c.decodeIfPresent(Int.self, forKey: .minPmaDays)
            maxPmaDays = try c.decodeIfPresent(Int.self, forKey: .maxPmaDays)
            minWeightKg = try c.decodeIfPresent(Double.self, forKey: .minWeightKg)
            maxWeightKg = try c.decodeIfPresent(Double.self, forKey: .maxWeightKg)
            isDefault = try c.decodeIfPresent(Bool.self, forKey: .isDefault) ?? false
            mgPerKgDose = try c.decodeIfPresent(Double.self, forKey: .mgPerKgDose)
            fixedDoseMg = try c.decodeIfPresent(Double.self, forKey: .fixedDoseMg)
            maxSingleDoseMg = try c.decodeIfPresent(Double.self, forKey: .maxSingleDoseMg)
            dosesPerDay = try c.decodeIfPresent(Int.self, forKey: .dosesPerDay)
            intervalHours = try c.decodeIfPresent(Double.self, forKey: .intervalHours)
            maxDailyMgPerKg = try c.decodeIfPresent(Double.self, forKey: .maxDailyMgPerKg)
            maxDailyDoseMg = try c.decodeIfPresent(Double.self, forKey: .maxDailyDoseMg)
        }

        /// Does the band limit by postnatal age / gestation at birth / postmenstrual age?
        public var usesAge: Bool { minAgeDays != nil || maxAgeDays != nil || usesGestation }
        public var usesGestation: Bool { minGaWeeks != nil || maxGaWeeks != nil || minPmaDays != nil || maxPmaDays != nil }

        /// Doses in 24 hours: stated, or 24 / interval (0.5 for every 48 hours).
        public var dosesPer24h: Double {
            if let dosesPerDay { return Double(dosesPerDay) }
            if let intervalHours, intervalHours > 0 { return 24 / intervalHours }
            return 1
        }

        /// The dose before any cap, for this weight.
        public func uncappedDose(weightKg: Double) -> Double {
            fixedDoseMg ?? (mgPerKgDose ?? 0) * weightKg
        }

        /// The most in 24 hours: the source's daily maxima (per kg, absolute; the lower), or
        /// when it states none, the regimen's own total.
        public func maxDaily(weightKg: Double, dose: Double) -> (mg: Double, stated: Bool) {
            let limits = [maxDailyMgPerKg.map { $0 * weightKg }, maxDailyDoseMg].compactMap { $0 }
            if let lowest = limits.min() { return (lowest, true) }
            return (dose * dosesPer24h, false)
        }
    }

    /// One route's regimen: stocked strengths and the bands, in the order they are tried.
    public struct Regimen: Sendable, Equatable, Decodable {
        /// `oral`, `iv` or `im` (what `route=` takes).
        public var route: String
        public var concentrations: [Concentration]
        public var bands: [Band]
    }

    public struct Drug: Sendable, Equatable, Decodable {
        /// Lower-case generic name, what `drug=` takes.
        public var id: String
        public var name: String
        public var indication: String
        public var regimens: [Regimen]

        public func regimen(route: String) -> Regimen? { regimens.first { $0.route == route } }
        public var routes: [String] { regimens.map(\.route) }

        /// Every strength of every route, without repeats (first seen first).
        public var concentrations: [Concentration] {
            var seen = Set<String>()
            return regimens.flatMap(\.concentrations).filter { seen.insert($0.id).inserted }
        }

        public func concentration(id: String) -> Concentration? {
            concentrations.first { $0.id == id }
        }

        /// The band used when no age is given, on the first route that has one; nil for drugs
        /// whose every band needs the age.
        public var defaultBand: Band? {
            regimens.lazy.compactMap { $0.bands.first(where: \.isDefault) }.first
        }

    }

    private struct File: Decodable {
        var version: String
        var drugs: [Drug]
    }

    /// Drugs in the file's order (the picker's order).
    public let drugs: [Drug]
    /// The table's edition as written in the file ("2026-11-26.1").
    public let version: String
    /// SHA-256 of the file's bytes, hex: any change to the table changes it.
    public let checksum: String

    public static func load(from directory: URL = CotsideResources.directory) throws(ReferenceDataError) -> DrugFormulary {
        try parse(Data(try ReferenceFile.text(fileName, in: directory).utf8))
    }

    static func parse(_ data: Data) throws(ReferenceDataError) -> DrugFormulary {
        func fail(_ problem: String) -> ReferenceDataError { ReferenceDataError(file: fileName, problem: problem) }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw fail("not the expected JSON (\(error))")
        }
        guard !file.drugs.isEmpty else { throw fail("lists no drugs") }
        var seen = Set<String>()
        for drug in file.drugs {
            guard drug.id == drug.id.lowercased(), !drug.id.isEmpty, seen.insert(drug.id).inserted else {
                throw fail("drug id ‘\(drug.id)’ is empty, not lower-case or repeated")
            }
            guard !drug.regimens.isEmpty, Set(drug.routes).count == drug.routes.count,
                  drug.routes.allSatisfy(Routes.all.contains) else {
                throw fail("\(drug.id): routes must be present, distinct and one of \(Routes.all.joined(separator: ", "))")
            }
            for regimen in drug.regimens {
                guard !regimen.bands.isEmpty,
                      Set(regimen.concentrations.map(\.id)).count == regimen.concentrations.count,
                      regimen.concentrations.allSatisfy({ $0.mgPerMl > 0 }) else {
                    throw fail("\(drug.id) \(regimen.route): bands must be present and concentrations distinct and positive")
                }
                for band in regimen.bands {
                    let dose = band.fixedDoseMg ?? band.mgPerKgDose
                    let positive = [band.maxSingleDoseMg, band.maxDailyMgPerKg, band.maxDailyDoseMg, band.intervalHours]
                        .compactMap { $0 }.allSatisfy { $0 > 0 }
                    guard let dose, dose > 0, positive, (band.fixedDoseMg == nil) != (band.mgPerKgDose == nil),
                          (band.dosesPerDay ?? 1) > 0,
                          band.maxDailyDoseMg.map({ $0 >= (band.maxSingleDoseMg ?? 0) }) ?? true else {
                        throw fail("\(drug.id) \(regimen.route) ‘\(band.label)’: one positive dose (mg/kg or fixed), positive limits, a daily maximum at least the single one")
                    }
                }
            }
        }
        return DrugFormulary(drugs: file.drugs, version: file.version, checksum: SHA256Hex.digest(data))
    }

    public func drug(id: String) -> Drug? {
        drugs.first { $0.id == id }
    }

    /// Every concentration id of every drug, sorted and without repeats (the input's word list).
    public var allConcentrationIds: [String] {
        Array(Set(drugs.flatMap { $0.concentrations.map(\.id) })).sorted()
    }

    public enum Routes {
        public static let all = ["oral", "iv", "im"]
        /// How a route reads in a sentence.
        public static func words(_ route: String) -> String {
            switch route {
            case "iv": return "intravenous"
            case "im": return "intramuscular"
            default: return route
            }
        }
    }
}
