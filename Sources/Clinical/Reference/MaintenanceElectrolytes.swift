/// Maintenance sodium and potassium with Holliday–Segar's water: 3 mmol of sodium and 2 mmol of
/// potassium per 100 mL of maintenance water per 24 hours (Holliday & Segar 1957, as the MSD
/// Manual Professional states it), so 3 and 2 mmol/kg/day up to 10 kg, falling per kg above.
/// The fluid itself is NICE NG29's: isotonic crystalloid for routine maintenance.
public enum MaintenanceElectrolytes {
    public static let sodiumPer100Ml = 3.0
    public static let potassiumPer100Ml = 2.0
    /// The usual isotonic choice under NICE NG29 (sodium 131–154 mmol/L, with or without glucose).
    public static let isotonicFluid = "0.9% sodium chloride with 5% glucose"
    /// Sodium in that fluid, mmol/L.
    public static let isotonicSodiumPerLitre = 154.0

    public static func sodiumPerDay(maintenanceMl: Double) -> Double { maintenanceMl / 100 * sodiumPer100Ml }
    public static func potassiumPerDay(maintenanceMl: Double) -> Double { maintenanceMl / 100 * potassiumPer100Ml }

    static let msdReference = Reference(
        authors: "MSD Manual Professional Version",
        title: "Dehydration in children: maintenance requirements (Holliday–Segar sodium 3 mEq and potassium 2 mEq per 100 mL per 24 hours)",
        source: "Merck & Co.", year: 2023)
}
