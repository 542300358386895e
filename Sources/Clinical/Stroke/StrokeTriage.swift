import Foundation

/// The three assessment modules of the iGFAP flow: GCS < 8 → coma; otherwise whether the
/// patient can be examined picks limited or full (seed 002, "Triage1/Triage2").
public enum StrokeModule: String, Sendable, CaseIterable, Codable {
    case coma, limited, full

    /// The first question: comatose means GCS below 8 (the design's wording, "GCS < 8").
    public static func route(comatose: Bool, canBeExamined: Bool) -> StrokeModule {
        comatose ? .coma : (canBeExamined ? .full : .limited)
    }
}

/// LVO risk band for the gauge. Edges from the design's risk ring (seed 002 §6.1,
/// `RiskRingView.riskLevel`): <25 % low, 25 to <50 % medium, 50 to <70 % high, ≥70 % very high.
public enum StrokeRiskBand: String, Sendable, CaseIterable, Codable {
    case low, medium, high, veryHigh = "very_high"

    public static func of(probability p: Double) -> StrokeRiskBand {
        switch p * 100 {
        case ..<25: return .low
        case ..<50: return .medium
        case ..<70: return .high
        default: return .veryHigh
        }
    }

    public var label: String {
        switch self {
        case .low: return "Low risk"
        case .medium: return "Medium risk"
        case .high: return "High risk"
        case .veryHigh: return "Very high risk"
        }
    }

    /// The label as a catalogue text (`calc.stroke.category.<band>`).
    public var text: ClinicalText { ClinicalText("calc.stroke.category.\(rawValue)", label) }

    public var severity: Severity {
        switch self {
        case .low: return .ok
        case .medium: return .caution
        case .high, .veryHigh: return .danger
        }
    }
}

/// Everything one completed assessment computed offline.
public struct StrokeAssessmentResult: Sendable, Equatable {
    public var module: StrokeModule
    public var ichVolume: ToolResult
    /// Full module only (needs FAST-ED).
    public var lvo: ToolResult?
    public var lvoBand: StrokeRiskBand?
    /// The capability the results suggest a receiving centre needs.
    public var suggestedCapability: StrokeCapability
    /// The flattened result the form's result bar, the store and the export show.
    public var summary: ToolResult
}

/// The triage modules as tool declarations (so their forms are generated like any tool's)
/// and the offline evaluation of each. The ICH probability models run on a remote service in
/// the design and cannot be reproduced here: results say "not available offline".
public enum StrokeTriage {
    public static let comaGcsBelow = 8
    public static let researchStatement = "For research use only. This is not a clinical decision and does not replace brain imaging or a stroke physician's assessment."
    public static let notAvailableOffline = "not_available_offline"
    /// The research statement as every result's interpretation, worded by the catalogue.
    public static let researchText = ClinicalText("calc.stroke.research_statement", researchStatement)

    static let gfap = InputSpec(
        key: "gfap_pg_ml", label: "Plasma GFAP", unit: "pg/mL", kind: .number, range: 0.1...100_000,
        help: "The models were built on 29–10001 pg/mL")
    static let limitedInputs: [InputSpec] = [
        InputSpec(key: "age_years", label: "Age", unit: "years", kind: .integer, range: 18...120),
        InputSpec(key: "systolic_mmhg", label: "Systolic BP", unit: "mmHg", kind: .integer, range: 40...300),
        InputSpec(key: "diastolic_mmhg", label: "Diastolic BP", unit: "mmHg", kind: .integer, range: 20...200),
        gfap,
        InputSpec(key: "vigilance_reduction", label: "Reduced vigilance", kind: .boolean),
        InputSpec(key: "headache", label: "Headache", kind: .boolean),
    ]
    static let fullExtraInputs: [InputSpec] = [
        InputSpec(key: "fast_ed", label: "FAST-ED score", kind: .integer, range: 0...9, help: "From the FAST-ED sub-form"),
        InputSpec(key: "atrial_fibrillation", label: "Atrial fibrillation", kind: .boolean),
        InputSpec(key: "anticoagulated", label: "Anticoagulated", kind: .boolean),
        InputSpec(key: "antiplatelets", label: "On antiplatelets", kind: .boolean),
        InputSpec(key: "arm_paresis", label: "Arm paresis", kind: .boolean),
        InputSpec(key: "leg_paresis", label: "Leg paresis", kind: .boolean),
        InputSpec(key: "eye_deviation", label: "Eye deviation", kind: .boolean),
    ]

    public static func spec(for module: StrokeModule) -> ToolSpec {
        let inputs: [InputSpec]
        let summary: String
        switch module {
        case .coma:
            inputs = [gfap]
            summary = "Comatose patient (GCS < 8): ICH volume from GFAP"
        case .limited:
            inputs = limitedInputs
            summary = "Patient who cannot be examined: ICH volume from GFAP"
        case .full:
            inputs = limitedInputs + fullExtraInputs
            summary = "Examinable patient: ICH volume and LVO probability (GFAP + FAST-ED)"
        }
        return ToolSpec(
            id: "stroke_\(module.rawValue)", name: "Stroke triage — \(module.rawValue) module", group: .strokeTriage,
            summary: summary, inputs: inputs,
            references: IchVolumeTool.spec.references + (module == .full ? [FastEdTool.fastEdReference] : []),
            applicability: ["Adults with symptoms of acute stroke; GFAP drawn early after onset. Coma module when GCS < 8."],
            limitations: researchStatement + " ICH probability needs the design's remote models and is not available offline.",
            constraints: [], notFor: [.adultsOnly])
    }

    /// Which centre to suggest, Cotside's reading of the design's routing: a critical ICH
    /// volume (≥ 30 mL) needs neurosurgery; an LVO probability at or above the model's own
    /// threshold (1/3) needs thrombectomy; otherwise the nearest thrombolysis-capable unit.
    public static func suggestedCapability(volumeMl: Double, lvoAboveThreshold: Bool?) -> StrokeCapability {
        if volumeMl >= 30 { return .neurosurgery }
        if lvoAboveThreshold == true { return .thrombectomy }
        return .thrombolysis
    }

    /// Validates the module's inputs and computes what can be computed offline.
    public static func assess(_ module: StrokeModule, _ raw: [String: RawValue], origin: RawOrigin) -> Result<StrokeAssessmentResult, ToolErrors> {
        let inputs: ToolInputs
        switch spec(for: module).validate(raw, origin: origin) {
        case .failure(let e): return .failure(e)
        case .success(let v): inputs = v
        }
        let gfapValue = inputs.number("gfap_pg_ml")
        let ich: ToolResult
        switch IchVolumeTool.run(["gfap_pg_ml": .number(gfapValue)], origin: .json) {
        case .failure(let e): return .failure(e)
        case .success(let r): ich = r
        }
        var lvo: ToolResult?
        if module == .full {
            switch LvoTool.run(["gfap_pg_ml": .number(gfapValue), "fast_ed": .number(inputs.number("fast_ed"))], origin: .json) {
            case .failure(let e): return .failure(e)
            case .success(let r): lvo = r
            }
        }
        let volume = ich.number("volume_ml") ?? 0
        let band = lvo.flatMap { $0.number("probability") }.map(StrokeRiskBand.of(probability:))
        let capability = suggestedCapability(volumeMl: volume, lvoAboveThreshold: lvo?.bool("above_threshold"))

        var fields = ich.fields
        // The ICH volume tool's categories keep its wording; the band has its own.
        var categories = ich.categories.map { category in
            var worded = category
            worded.text = IchVolumeTool.spec.categoryText(category)
            return worded
        }
        if let lvo {
            for field in lvo.fields { fields.append(ResultField("lvo_\(field.key)", field.value)) }
            if let band {
                fields.append(ResultField("lvo_risk_band", .word(band.rawValue)))
                categories.append(ResultCategory(key: "lvo_risk_band", word: band.rawValue, label: band.label, severity: band.severity,
                                                 text: band.text))
            }
        }
        fields.append(ResultField("ich_probability", .word(notAvailableOffline)))
        fields.append(ResultField("suggested_capability", .word(capability.rawValue)))
        let warnings = ich.warningTexts + (lvo?.warningTexts.filter { !ich.warningTexts.contains($0) } ?? [])
        let summary = ToolResult(fields: fields, categories: categories,
                                 interpretation: researchText, warnings: warnings)
        return .success(StrokeAssessmentResult(module: module, ichVolume: ich, lvo: lvo, lvoBand: band,
                                               suggestedCapability: capability, summary: summary))
    }
}
