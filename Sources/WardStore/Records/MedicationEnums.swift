import GRDB

/// Unit of one dose as prescribed.
public enum DoseUnit: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case mg, mcg, mL, units, drops, puffs
}

/// How a medication is given.
public enum MedicationRoute: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case oral, iv, im, sc, inhaled, topical, pr, ng

    /// Upper-case abbreviation as charted ("IV", "PR"); "oral" and the others in words.
    public var displayName: String {
        switch self {
        case .oral: return "oral"
        case .inhaled: return "inhaled"
        case .topical: return "topical"
        default: return rawValue.uppercased()
        }
    }
}

/// What the effectiveness heuristic compares a medication against; `antibiotic` and `other` are
/// never evaluated (`Effectiveness.notJudged` says why for an antibiotic).
public enum MedicationCategory: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case antihypertensive, antidiabetic, antipyretic, antibiotic, other
}

/// The one final status of a scheduled dose slot.
public enum DoseStatus: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case given, withheld, missed
}

/// Why a scheduled dose was not given. `nilByMouth` and `clinicalDecision` are clinical reasons:
/// adherence counts them separately instead of as failures. `other` is only recorded with the
/// reason in words (the record's notes): a bare "other" tells the next nurse nothing.
public enum WithheldReason: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case refused, nilByMouth, vomited, notAvailable, clinicalDecision, other

    /// True for reasons a clinician chose (not a failure of the round).
    public var isClinical: Bool { self == .nilByMouth || self == .clinicalDecision }

    public var displayName: String {
        switch self {
        case .refused: return "refused"
        case .nilByMouth: return "nil by mouth"
        case .vomited: return "vomited"
        case .notAvailable: return "not available"
        case .clinicalDecision: return "clinical decision"
        case .other: return "other"
        }
    }
}

/// Feeds and fluids. Breast feeds carry a duration; the others a volume.
public enum FeedKind: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case breast, expressedBreastMilk, formula, fortifiedMilk, oralFluid, nasogastric, iv
    /// Outputs charted on the feed chart (volume in mL): never intake (`isOutput`).
    case ngAspirate, vomit

    /// Charted as output: shown in the output totals and never added to intake.
    public var isOutput: Bool { self == .ngAspirate || self == .vomit }

    public var displayName: String {
        switch self {
        case .breast: return "breast"
        case .expressedBreastMilk: return "expressed breast milk"
        case .formula: return "formula"
        case .fortifiedMilk: return "fortified milk"
        case .oralFluid: return "oral fluid"
        case .nasogastric: return "nasogastric"
        case .iv: return "IV"
        case .ngAspirate: return "NG aspirate"
        case .vomit: return "vomit"
        }
    }
}

/// What was measured. Values are stored in one canonical unit per kind (`canonicalUnit`).
public enum MeasurementKind: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case weight, length, headCircumference, temperature, heartRate, respiratoryRate, spo2, bloodPressure, glucose
    /// A pain score 0–10 (FLACC for a child who cannot say, the 0–10 numeric rating for one who can).
    case pain

    /// The stored unit: grams, cm, °C, beats/min, breaths/min, %, mmHg (systolic; diastolic beside it),
    /// mmol/L, points out of 10.
    public var canonicalUnit: String {
        switch self {
        case .weight: return "g"
        case .length, .headCircumference: return "cm"
        case .temperature: return "°C"
        case .heartRate: return "bpm"
        case .respiratoryRate: return "/min"
        case .spo2: return "%"
        case .bloodPressure: return "mmHg"
        case .glucose: return "mmol/L"
        case .pain: return "/10"
        }
    }

    public var displayName: String {
        switch self {
        case .weight: return "weight"
        case .length: return "length"
        case .headCircumference: return "head circumference"
        case .temperature: return "temperature"
        case .heartRate: return "heart rate"
        case .respiratoryRate: return "respiratory rate"
        case .spo2: return "SpO2"
        case .bloodPressure: return "blood pressure"
        case .glucose: return "glucose"
        case .pain: return "pain score"
        }
    }

    /// Values outside these limits are refused as typing errors (canonical units).
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .weight: return 200...150_000
        case .length: return 20...220
        case .headCircumference: return 15...70
        case .temperature: return 25...45
        case .heartRate: return 20...300
        case .respiratoryRate: return 1...150
        case .spo2: return 30...100
        case .bloodPressure: return 20...250
        case .glucose: return 0.5...50
        case .pain: return 0...10
        }
    }
}
