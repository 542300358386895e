/// FAST-ED: prehospital scale for large-vessel-occlusion stroke.
public enum FastEdTool: ClinicalTool {
    static let criteria = ["facial_palsy", "arm_weakness", "speech_changes", "eye_deviation", "denial_neglect"]

    static let fastEdReference = Reference(
        authors: "Lima FO, Silva GS, Furie KL, Frankel MR, Lev MH, Camargo ÉC, Haussen DC, Singhal AB, Koroshetz WJ, Smith WS, Nogueira RG",
        title: "Field Assessment Stroke Triage for Emergency Destination: a simple and accurate prehospital scale to detect large vessel occlusion strokes",
        source: "Stroke 2016;47(8):1997-2002", year: 2016)

    public static let spec = ToolSpec(
        id: "fast_ed", name: "FAST-ED", group: .strokeTriage,
        summary: "Field Assessment Stroke Triage for Emergency Destination (0–9)",
        inputs: [
            CommonInputs.choice("facial_palsy", "Facial palsy", [
                (0, "Normal or minor paralysis"), (1, "Partial or complete paralysis"),
            ]),
            CommonInputs.choice("arm_weakness", "Arm weakness", [
                (0, "No drift"), (1, "Drift or some effort against gravity"), (2, "No effort against gravity or no movement"),
            ]),
            CommonInputs.choice("speech_changes", "Speech changes", [
                (0, "Absent"), (1, "Mild to moderate"), (2, "Severe, global aphasia or mute"),
            ]),
            CommonInputs.choice("eye_deviation", "Eye deviation", [
                (0, "Absent"), (1, "Partial"), (2, "Forced deviation"),
            ]),
            CommonInputs.choice("denial_neglect", "Denial / neglect", [
                (0, "Absent"),
                (1, "Extinction to bilateral simultaneous stimulation in one sensory modality"),
                (2, "Does not recognise own hand or orients to one side of the body only"),
            ]),
        ],
        references: [fastEdReference],
        applicability: ["Adults with suspected acute stroke; derived from NIHSS items. A FAST-ED of 4 or more suggested LVO in the derivation."],
        limitations: "Research use only, not a clinical decision: FAST-ED supports triage and does not diagnose or exclude large vessel occlusion.",
        notFor: [.adultsOnly]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let score = scoreSum(inputs, criteria)
        let sentence = score >= 4
            ? ClinicalText("calc.fast_ed.interpretation.at_or_above_4",
                           "FAST-ED {0}: at or above 4, the derivation's cut-off suggesting large vessel occlusion.", plain: [score])
            : ClinicalText("calc.fast_ed.interpretation.below_4",
                           "FAST-ED {0}: below 4, large vessel occlusion less likely (not excluded).", plain: [score])
        return ToolResult(fields: [ResultField("score", .integer(score))], interpretation: sentence)
    }
}
