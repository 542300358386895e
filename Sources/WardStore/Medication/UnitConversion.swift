/// Conversions between the units staff type and the canonical stored units.
public enum UnitConversion {
    /// mg/dL per mmol/L for glucose (molar mass 180.16 g/mol ÷ 10).
    public static let glucoseMgPerDlPerMmolPerL = 18.0182

    public static func mmolPerL(fromMgPerDl value: Double) -> Double { value / glucoseMgPerDlPerMmolPerL }
    public static func mgPerDl(fromMmolPerL value: Double) -> Double { value * glucoseMgPerDlPerMmolPerL }

    public static func grams(fromKilograms kg: Double) -> Double { kg * 1000 }
    public static func kilograms(fromGrams grams: Double) -> Double { grams / 1000 }

    public static func celsius(fromFahrenheit f: Double) -> Double { (f - 32) * 5 / 9 }
    public static func fahrenheit(fromCelsius c: Double) -> Double { c * 9 / 5 + 32 }
}

/// How the ward enters and shows total serum bilirubin (the bilirubin calculator; the AAP tables
/// are in mg/dL, 17.1 µmol/L per mg/dL).
public enum BilirubinUnit: String, Sendable, Codable, CaseIterable {
    case mgPerDl = "mg/dL"
    case umolPerL = "µmol/L"
}

/// How the ward enters and shows glucose (stored in mmol/L either way).
public enum GlucoseUnit: String, Sendable, Codable, CaseIterable {
    case mmolPerL = "mmol/L"
    case mgPerDl = "mg/dL"
}
