/// Which band of a drug's regimen fits the child: the first, in the table's order, whose limits
/// hold the postnatal age, gestation at birth, postmenstrual age and weight. Without an age the
/// regimen's default (older-child) band is used and said so; a neonatal band needs the gestation.
/// Pure; one rule for `calc dosage` and the Tools pane.
public struct DrugBandChoice: Sendable, Equatable {
    public var band: DrugFormulary.Band
    /// True when no age was given and the default band was taken.
    public var assumedWithoutAge: Bool

    public enum Problem: Error, Equatable {
        /// The regimen's bands all need the age ("gentamicin is dosed by postnatal age").
        case needsAge
        /// A band for this age needs the gestation at birth.
        case needsGestation(bandLabel: String)
        /// Nothing in the table for this child (its bands, in words).
        case noBand(bands: [String])
    }

    public static func choose(_ regimen: DrugFormulary.Regimen, ageDays: Int?, gestationDays: Int?,
                              weightKg: Double) -> Result<DrugBandChoice, Problem> {
        func weightFits(_ band: DrugFormulary.Band) -> Bool {
            band.minWeightKg.map { weightKg >= $0 } ?? true && band.maxWeightKg.map { weightKg <= $0 } ?? true
        }
        guard let ageDays else {
            // No age: a band that does not depend on age, or the default band for the weight.
            if let band = regimen.bands.first(where: { !$0.usesAge && weightFits($0) }) {
                return .success(DrugBandChoice(band: band, assumedWithoutAge: false))
            }
            if let band = regimen.bands.first(where: { $0.isDefault && weightFits($0) }) {
                return .success(DrugBandChoice(band: band, assumedWithoutAge: true))
            }
            return regimen.bands.contains(where: \.isDefault) ? .failure(.noBand(bands: regimen.bands.map(\.label))) : .failure(.needsAge)
        }
        for band in regimen.bands {
            guard band.minAgeDays.map({ ageDays >= $0 }) ?? true, band.maxAgeDays.map({ ageDays <= $0 }) ?? true,
                  weightFits(band) else { continue }
            if band.usesGestation {
                guard let gestationDays else { return .failure(.needsGestation(bandLabel: band.label)) }
                let weeks = gestationDays / 7, pma = gestationDays + ageDays
                guard band.minGaWeeks.map({ weeks >= $0 }) ?? true, band.maxGaWeeks.map({ weeks <= $0 }) ?? true,
                      band.minPmaDays.map({ pma >= $0 }) ?? true, band.maxPmaDays.map({ pma <= $0 }) ?? true else { continue }
            }
            return .success(DrugBandChoice(band: band, assumedWithoutAge: false))
        }
        return .failure(.noBand(bands: regimen.bands.map(\.label)))
    }
}
