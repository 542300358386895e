/// How a result key reads to people: "Body surface area" in "m²" for `bsa_m2`. The keys are
/// the machine contract (JSON keeps them); the Tools pane and `calc` text show these words.
/// Declared here by key (shared keys read the same in every tool), with per-tool wording
/// where a key means something narrower in one tool.
public struct OutputLabel: Sendable, Equatable {
    public var label: String
    /// Unit after the value ("mg", "mL/h"); nil for words, booleans and unitless numbers.
    public var unit: String?
    /// A unit written as a word ("points", "days", "weeks"): its singular and plural, in the
    /// language the label was looked up in; nil for symbols (mg, mL/h), written as they are.
    public var unitWords: (one: String, many: String)?

    public init(_ label: String, _ unit: String? = nil) {
        self.label = label
        self.unit = unit
        self.unitWords = unit.flatMap { Self.wordUnits[$0] }.map { (one: $0.one.english, many: $0.many.english) }
    }

    public static func == (a: OutputLabel, b: OutputLabel) -> Bool {
        a.label == b.label && a.unit == b.unit && a.unitWords?.one == b.unitWords?.one && a.unitWords?.many == b.unitWords?.many
    }

    /// Units that are words, with their catalogue texts (singular, plural).
    static let wordUnits: [String: (one: ClinicalText, many: ClinicalText)] = [
        "points": (ClinicalText("calc.unit.point", "point"), ClinicalText("calc.unit.points", "points")),
        "days": (ClinicalText("calc.unit.day", "day"), ClinicalText("calc.unit.days", "days")),
        "weeks": (ClinicalText("calc.unit.week", "week"), ClinicalText("calc.unit.weeks", "weeks")),
    ]

    /// "240 mg", "1 point", "7 points", "yes": a value as people write it, with its unit.
    public func valueText(_ number: String, isOne: Bool) -> String {
        guard let unit else { return number }
        if let unitWords { return "\(number) \(isOne ? unitWords.one : unitWords.many)" }
        if unit == "%" { return "\(number) %" }
        return "\(number) \(unit)"
    }

    static let byKey: [String: OutputLabel] = [
        "score": OutputLabel("Score", "points"),
        "category": OutputLabel("Category"),
        "severity": OutputLabel("Severity"),
        "interpretation": OutputLabel("Interpretation"),
        "recommendation": OutputLabel("Recommendation"),
        "status": OutputLabel("Status"),
        "gestational_age_weeks": OutputLabel("Gestational age", "weeks"),
        "bsa_m2": OutputLabel("Body surface area", "m²"),
        "dose_mg": OutputLabel("Dose", "mg"),
        "dose_ml": OutputLabel("Volume", "mL"),
        "mg_per_kg_dose": OutputLabel("Dose per kg", "mg/kg"),
        "max_single_dose_mg": OutputLabel("Maximum single dose", "mg"),
        "max_daily_dose_mg": OutputLabel("Maximum daily dose", "mg"),
        "capped": OutputLabel("Capped at the maximum"),
        "frequency": OutputLabel("Frequency"),
        "doses_per_day": OutputLabel("Doses per day"),
        "interval_hours": OutputLabel("Interval", "h"),
        "route": OutputLabel("Route"),
        "band": OutputLabel("Age band"),
        "max_single_dose_stated": OutputLabel("Source states a single-dose cap"),
        "max_daily_dose_stated": OutputLabel("Source states a daily maximum"),
        "review": OutputLabel("Pharmacist review"),
        "fluid": OutputLabel("Usual isotonic fluid"),
        "table_version": OutputLabel("Drug table version"),
        "sodium_mmol_day": OutputLabel("Sodium per day", "mmol"),
        "potassium_mmol_day": OutputLabel("Potassium per day", "mmol"),
        "sodium_mmol_kg_day": OutputLabel("Sodium per kg per day", "mmol/kg"),
        "potassium_mmol_kg_day": OutputLabel("Potassium per kg per day", "mmol/kg"),
        "ml_per_day": OutputLabel("Maintenance per day", "mL"),
        "ml_per_hour": OutputLabel("Maintenance rate", "mL/h"),
        "deficit_ml": OutputLabel("Deficit", "mL"),
        "maintenance_ml_24h": OutputLabel("Maintenance over 24 h", "mL"),
        "total_ml_24h": OutputLabel("Total over 24 h", "mL"),
        "first_8h_ml_per_hour": OutputLabel("Rate for the first 8 h", "mL/h"),
        "next_16h_ml_per_hour": OutputLabel("Rate for the next 16 h", "mL/h"),
        "chronological_age_days": OutputLabel("Chronological age", "days"),
        "corrected_age_days": OutputLabel("Corrected age", "days"),
        "postmenstrual_age_days": OutputLabel("Postmenstrual age", "days"),
        "age_days": OutputLabel("Age", "days"),
        "chart": OutputLabel("Growth chart"),
        "chart_age": OutputLabel("Age the chart is read at"),
        "chart_age_days": OutputLabel("Age on the chart", "days"),
        "weight_for_age": OutputLabel("Weight-for-age"),
        "length_for_age": OutputLabel("Length-for-age"),
        "z": OutputLabel("z-score"),
        "percentile": OutputLabel("Percentile"),
        "fena_percent": OutputLabel("FENa", "%"),
        "uncuffed_id_mm": OutputLabel("Uncuffed tube, internal diameter", "mm"),
        "cuffed_id_mm": OutputLabel("Cuffed tube, internal diameter", "mm"),
        "id_mm": OutputLabel("Tube, internal diameter", "mm"),
        "oral_depth_cm": OutputLabel("Oral depth at the lips", "cm"),
        "suction_catheter_fr": OutputLabel("Suction catheter", "Fr"),
        "egfr_ml_min_1_73m2": OutputLabel("eGFR", "mL/min/1.73 m²"),
        "qtc_ms": OutputLabel("QTc", "ms"),
        "height_column_percentile": OutputLabel("Height percentile column"),
        "height_column_cm": OutputLabel("Height of that column", "cm"),
        "systolic_p50_mmhg": OutputLabel("Systolic 50th percentile", "mmHg"),
        "systolic_p90_mmhg": OutputLabel("Systolic 90th percentile", "mmHg"),
        "systolic_p95_mmhg": OutputLabel("Systolic 95th percentile", "mmHg"),
        "systolic_p95_plus_12_mmhg": OutputLabel("Systolic 95th percentile + 12", "mmHg"),
        "diastolic_p50_mmhg": OutputLabel("Diastolic 50th percentile", "mmHg"),
        "diastolic_p90_mmhg": OutputLabel("Diastolic 90th percentile", "mmHg"),
        "diastolic_p95_mmhg": OutputLabel("Diastolic 95th percentile", "mmHg"),
        "diastolic_p95_plus_12_mmhg": OutputLabel("Diastolic 95th percentile + 12", "mmHg"),
        "systolic_band": OutputLabel("Systolic band"),
        "diastolic_band": OutputLabel("Diastolic band"),
        "phototherapy_threshold_mg_dl": OutputLabel("Phototherapy threshold", "mg/dL"),
        "escalation_threshold_mg_dl": OutputLabel("Escalation-of-care threshold", "mg/dL"),
        "exchange_threshold_mg_dl": OutputLabel("Exchange-transfusion threshold", "mg/dL"),
        "phototherapy_threshold_umol_l": OutputLabel("Phototherapy threshold", "µmol/L"),
        "escalation_threshold_umol_l": OutputLabel("Escalation-of-care threshold", "µmol/L"),
        "exchange_threshold_umol_l": OutputLabel("Exchange-transfusion threshold", "µmol/L"),
        "thresholds_apply": OutputLabel("AAP 2022 thresholds apply"),
        "above_phototherapy": OutputLabel("At or above the phototherapy threshold"),
        "above_exchange": OutputLabel("At or above the exchange threshold"),
        "volume_ml": OutputLabel("Haemorrhage volume", "mL"),
        "mortality_range": OutputLabel("Mortality"),
        "probability": OutputLabel("Probability of a large vessel occlusion"),
        "above_threshold": OutputLabel("At or above the 1/3 threshold"),
        "gfap_contribution": OutputLabel("GFAP contribution to the logit"),
        "fast_ed_contribution": OutputLabel("FAST-ED contribution to the logit"),
        "logit": OutputLabel("Logit"),
        // A stroke module's summary: the LVO model's fields under `lvo_`, and what is not computed offline.
        "lvo_probability": OutputLabel("LVO probability"),
        "lvo_above_threshold": OutputLabel("LVO at or above the 1/3 threshold"),
        "lvo_gfap_contribution": OutputLabel("GFAP contribution to the LVO logit"),
        "lvo_fast_ed_contribution": OutputLabel("FAST-ED contribution to the LVO logit"),
        "lvo_logit": OutputLabel("LVO logit"),
        "lvo_risk_band": OutputLabel("LVO risk"),
        "ich_probability": OutputLabel("ICH probability"),
        "suggested_capability": OutputLabel("Suggested centre"),
        "risk_percent": OutputLabel("Risk of clinically important injury", "%"),
        "risk_is_upper_bound": OutputLabel("Risk is an upper bound"),
        "respiratory": OutputLabel("Respiratory", "points"),
        "cardiovascular": OutputLabel("Cardiovascular", "points"),
        "coagulation": OutputLabel("Coagulation", "points"),
        "neurologic": OutputLabel("Neurological", "points"),
        "sepsis": OutputLabel("Sepsis"),
        "septic_shock": OutputLabel("Septic shock"),
    ]

    /// Wording that differs in one tool, by "tool.key".
    static let byToolKey: [String: OutputLabel] = [
        "ballard.gestational_age_weeks": OutputLabel("Estimated gestational age", "weeks"),
    ]

    /// Wording for a figure the source does not state, by key: when the result's flag is false
    /// the number is the regimen's own (the dose, or its 24-hour total), so it must not read as
    /// a maximum ("Maximum daily dose 3 mg" under a 6 mg dose every 48 h).
    static let whenNotStated: [String: (flag: String, label: OutputLabel)] = [
        "max_single_dose_mg": ("max_single_dose_stated", OutputLabel("Single dose, no maximum stated in the source", "mg")),
        "max_daily_dose_mg": ("max_daily_dose_stated", OutputLabel("Dose per 24 h (regimen)", "mg")),
    ]

    /// The wording of `key` among the other fields of one result: as `of(_:tool:)`, except a
    /// figure whose "stated" flag is false there (`whenNotStated`). The screen and `calc` text
    /// both read labels here; JSON keeps the keys.
    public static func of(_ key: String, tool toolId: String, in fields: [ResultField]) -> OutputLabel {
        if let honest = whenNotStated[key], fields.contains(where: { $0.key == honest.flag && $0.value == .bool(false) }) {
            return honest.label
        }
        return of(key, tool: toolId)
    }

    /// The wording of `key` in the tool `toolId`; an undeclared key reads as its words
    /// ("new_key" → "New key"), never with underscores.
    public static func of(_ key: String, tool toolId: String) -> OutputLabel {
        if let specific = byToolKey["\(toolId).\(key)"] { return specific }
        if let shared = byKey[key] { return shared }
        let words = String(key.map { $0 == "_" ? " " : $0 })
        return OutputLabel(words.prefix(1).uppercased() + words.dropFirst())
    }

    /// Whether `key` has declared wording (the tests hold every tool's keys to this).
    public static func isDeclared(_ key: String, tool toolId: String) -> Bool {
        byToolKey["\(toolId).\(key)"] != nil || byKey[key] != nil
    }
}

extension ToolSpec {
    /// The wording of one of this tool's result keys.
    public func outputLabel(_ key: String) -> OutputLabel { OutputLabel.of(key, tool: id) }

    /// The wording of one of this tool's result keys within `result` (a figure the source does
    /// not state reads as what it is).
    public func outputLabel(_ key: String, in result: ToolResult) -> OutputLabel { OutputLabel.of(key, tool: id, in: result.fields) }
}
