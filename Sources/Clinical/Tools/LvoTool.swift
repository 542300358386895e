import Foundation

/// Probability of large vessel occlusion from GFAP and FAST-ED (iGFAP model, as published).
public enum LvoTool: ClinicalTool {
    static let lambda = -0.825559
    static let intercept = -0.408314
    static let gfapCoefficient = -0.826450
    static let fastEdCoefficient = 1.651521
    static let fastEdMean = 3.701422
    static let fastEdSD = 2.306173
    static let plattA = 1.117420
    static let plattB = -1.032167
    /// Decision threshold of the design: probability ≥ 1/3.
    static let threshold = 1.0 / 3.0

    public static let spec = ToolSpec(
        id: "lvo", name: "LVO probability (GFAP + FAST-ED)", group: .strokeTriage,
        summary: "Large vessel occlusion probability from plasma GFAP and FAST-ED",
        inputs: [
            IchVolumeTool.gfapInput,
            InputSpec(key: "fast_ed", label: "FAST-ED score", kind: .integer, range: 0...9),
        ],
        references: [
            FastEdTool.fastEdReference,
            IchVolumeTool.gfapReference,
            Reference(authors: "iGFAP Project Team", title: "iGFAP Stroke Triage Assistant: LVO model (Yeo-Johnson GFAP, logistic regression, Platt scaling)",
                      source: "iGFAP design document", year: 2025),
        ],
        applicability: ["Adults with suspected acute stroke who can be examined (FAST-ED), GFAP drawn early after onset."],
        limitations: "Research use only, not a clinical decision. The published GFAP standardisation (mean 0, SD 1) makes GFAP barely move the result; it is driven by FAST-ED.",
        constraints: [],
        notFor: [.adultsOnly]
    )

    /// The model's intermediate terms, exposed for the driver bars of the Tools pane.
    public struct Terms: Sendable, Equatable {
        public var gfapContribution: Double
        public var fastEdContribution: Double
        public var logit: Double
        public var probability: Double
    }

    public static func terms(gfap: Double, fastEd: Double) -> Terms {
        let g = (pow(gfap + 1, lambda) - 1) / lambda
        let f = (fastEd - fastEdMean) / fastEdSD
        let gfapTerm = gfapCoefficient * g
        let fastTerm = fastEdCoefficient * f
        let logit = intercept + gfapTerm + fastTerm
        let calibrated = plattA * logit + plattB
        return Terms(gfapContribution: gfapTerm, fastEdContribution: fastTerm, logit: logit,
                     probability: 1 / (1 + exp(-calibrated)))
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let gfap = inputs.number("gfap_pg_ml")
        let t = terms(gfap: gfap, fastEd: inputs.number("fast_ed"))
        let above = t.probability >= threshold
        let category = above
            ? ResultCategory.of("category", "above_threshold", .danger, label: "LVO likely (≥ 33 %)")
            : ResultCategory.of("category", "below_threshold", .caution, label: "LVO less likely (< 33 %)")
        return ToolResult(
            fields: [ResultField("probability", .number(t.probability)), ResultField("above_threshold", .bool(above)),
                     ResultField("gfap_contribution", .number(t.gfapContribution)),
                     ResultField("fast_ed_contribution", .number(t.fastEdContribution)),
                     ResultField("logit", .number(t.logit))],
            categories: [category],
            interpretation: ClinicalText("calc.lvo.interpretation.\(category.word)",
                                         "LVO probability {0} % (threshold 33 %): \(above ? "above" : "below") the decision threshold.",
                                         plain: [NumberText.rounded(t.probability * 100, digits: 1)]),
            warnings: IchVolumeTool.gfapWarningTexts(gfap))
    }
}
