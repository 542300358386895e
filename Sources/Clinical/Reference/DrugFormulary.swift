import CotsideResources
import Foundation

/// The drug table behind the dosage tool and the Tools pane's drug picker: weight-based
/// single doses with caps and the stocked concentrations, each entry naming its source.
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

    public struct Drug: Sendable, Equatable, Decodable {
        /// Lower-case generic name, what `drug=` takes.
        public var id: String
        public var name: String
        public var route: String
        public var indication: String
        public var mgPerKgDose: Double
        public var maxSingleDoseMg: Double
        /// Human wording of how often ("every 4–6 hours, at most 4 doses in 24 hours").
        public var frequency: String
        public var dosesPerDay: Int
        public var maxDailyMgPerKg: Double
        public var maxDailyDoseMg: Double
        public var concentrations: [Concentration]
        /// The formulary or guideline the numbers were checked against.
        public var source: String

        enum CodingKeys: String, CodingKey {
            case id, name, route, indication, frequency, concentrations, source
            case mgPerKgDose = "mg_per_kg_dose"
            case maxSingleDoseMg = "max_single_dose_mg"
            case dosesPerDay = "doses_per_day"
            case maxDailyMgPerKg = "max_daily_mg_per_kg"
            case maxDailyDoseMg = "max_daily_dose_mg"
        }

        public func concentration(id: String) -> Concentration? {
            concentrations.first { $0.id == id }
        }
    }

    private struct File: Decodable {
        var drugs: [Drug]
    }

    /// Drugs in the file's order (the picker's order).
    public let drugs: [Drug]

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
            guard drug.mgPerKgDose > 0, drug.maxSingleDoseMg > 0, drug.dosesPerDay > 0,
                  drug.maxDailyMgPerKg > 0, drug.maxDailyDoseMg >= drug.maxSingleDoseMg else {
                throw fail("\(drug.id): doses must be positive and the daily maximum at least the single maximum")
            }
            guard !drug.concentrations.isEmpty,
                  Set(drug.concentrations.map(\.id)).count == drug.concentrations.count,
                  drug.concentrations.allSatisfy({ $0.mgPerMl > 0 }) else {
                throw fail("\(drug.id): concentrations must be present, distinct and positive")
            }
        }
        return DrugFormulary(drugs: file.drugs)
    }

    public func drug(id: String) -> Drug? {
        drugs.first { $0.id == id }
    }

    /// Every concentration id of every drug, sorted and without repeats (the input's word list).
    public var allConcentrationIds: [String] {
        Array(Set(drugs.flatMap { $0.concentrations.map(\.id) })).sorted()
    }
}
