/// PECARN head-injury rule: which children with minor head trauma need a CT.
public enum PecarnTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "pecarn", name: "PECARN head injury", group: .scores,
        summary: "CT decision after minor head trauma, under 2 years and from 2 years",
        inputs: [
            CommonInputs.ageMonths(),
            InputSpec(key: "gcs", label: "GCS", kind: .integer, range: 3...15,
                      help: "14–15; the rule does not apply below 14"),
            CommonInputs.flag("altered_mental_status", "Altered mental status (agitation, somnolence, repetitive questioning, slow response)"),
            CommonInputs.flag("palpable_skull_fracture", "Palpable skull fracture (under 24 months)"),
            CommonInputs.flag("non_frontal_scalp_hematoma", "Occipital, parietal or temporal scalp haematoma (under 24 months)"),
            InputSpec(key: "loss_of_consciousness_seconds", label: "Loss of consciousness", unit: "s", kind: .number,
                      range: 0...86_400, isRequired: false,
                      help: "Under 24 months counts from 5 s; from 24 months any loss counts"),
            CommonInputs.flag("severe_mechanism", "Severe mechanism (vehicle, fall > 0.9 m under 2 y / > 1.5 m from 2 y, high-impact object)"),
            CommonInputs.flag("acting_abnormally", "Not acting normally per parent (under 24 months)"),
            CommonInputs.flag("basilar_skull_fracture_signs", "Signs of basilar skull fracture (from 24 months)"),
            CommonInputs.flag("vomiting", "Vomiting (from 24 months)"),
            CommonInputs.flag("severe_headache", "Severe headache (from 24 months)"),
        ],
        references: [
            Reference(authors: "Kuppermann N, Holmes JF, Dayan PS, et al; Pediatric Emergency Care Applied Research Network (PECARN)",
                      title: "Identification of children at very low risk of clinically-important brain injuries after head trauma: a prospective cohort study",
                      source: "Lancet 2009;374(9696):1160-1170", year: 2009),
        ],
        applicability: [
            "PECARN applies to GCS 14–15 within 24 h of injury.",
            "Not for penetrating trauma, known brain tumour, pre-existing neurological disorder, neuroimaging before arrival, ventricular shunt or bleeding disorder.",
        ],
        limitations: "The rule identifies children at very low risk; it supports, not replaces, clinical judgement, and observation versus CT depends on the clinician's experience, multiple findings, worsening symptoms and parental preference.",
        constraints: ["gcs must be 14 or 15: the rule does not apply below 14", "Predictors of the other age group are ignored"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let gcs = inputs.int("gcs")
        guard gcs >= 14 else {
            throw ToolErrors(field: "gcs", spec.errorText("gcs_below_14", "GCS {0}: the rule does not apply below 14 (allowed: 14–15); image and manage as a significant head injury", [.plain(String(gcs))]))
        }
        let under2 = inputs.number("age_months") < 24
        let loc = inputs.optionalNumber("loss_of_consciousness_seconds") ?? 0
        let fractureSign = under2 ? inputs.flag("palpable_skull_fracture") : inputs.flag("basilar_skull_fracture_signs")
        let highRisk = gcs == 14 || inputs.flag("altered_mental_status") || fractureSign
        let otherPredictor: Bool = under2
            ? inputs.flag("non_frontal_scalp_hematoma") || loc >= 5 || inputs.flag("severe_mechanism") || inputs.flag("acting_abnormally")
            : loc > 0 || inputs.flag("vomiting") || inputs.flag("severe_mechanism") || inputs.flag("severe_headache")
        let category: ResultCategory
        let risk: Double
        let sentence: ClinicalText
        if highRisk {
            category = .of("recommendation", "ct_recommended", .danger, label: "CT recommended")
            risk = under2 ? 4.4 : 4.3
            sentence = ClinicalText("calc.pecarn.interpretation.ct_recommended",
                                    "CT recommended: risk of clinically important brain injury about {0} %.", plain: [NumberText.plain(risk)])
        } else if otherPredictor {
            category = .of("recommendation", "observation_or_ct", .caution, label: "Observation or CT")
            risk = 0.9
            sentence = ClinicalText("calc.pecarn.interpretation.observation_or_ct",
                                    "Observation versus CT on clinical factors: risk of clinically important brain injury about {0} %.",
                                    plain: [NumberText.plain(risk)])
        } else {
            category = .of("recommendation", "ct_not_recommended", .ok, label: "CT not recommended")
            risk = under2 ? 0.02 : 0.05
            sentence = ClinicalText("calc.pecarn.interpretation.ct_not_recommended",
                                    "CT not recommended: risk of clinically important brain injury below {0} %.", plain: [NumberText.plain(risk)])
        }
        return ToolResult(
            fields: [ResultField("recommendation", .word(category.word)), ResultField("risk_percent", .number(risk)),
                     ResultField("risk_is_upper_bound", .bool(!highRisk && !otherPredictor))],
            categories: [category], interpretation: sentence)
    }
}
