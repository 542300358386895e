/// New Ballard Score: gestational age from neuromuscular and physical maturity.
public enum BallardTool: ClinicalTool {
    static let criteria = ["posture", "square_window", "arm_recoil", "popliteal_angle", "scarf_sign", "heel_to_ear",
                           "skin", "lanugo", "plantar_surface", "breast", "eye_ear", "genitals"]

    public static let spec = ToolSpec(
        id: "ballard", name: "New Ballard Score", group: .scores,
        summary: "Gestational age estimate from neuromuscular and physical maturity (20–44 weeks)",
        inputs: [
            CommonInputs.choice("posture", "Posture (neuromuscular)", [
                (0, "Arms and legs extended"),
                (1, "Slight flexion of hips and knees, arms extended"),
                (2, "Stronger flexion of legs, arms extended"),
                (3, "Arms slightly flexed, legs flexed and abducted"),
                (4, "Full flexion of arms and legs"),
            ]),
            CommonInputs.choice("square_window", "Square window (wrist)", [
                (-1, "> 90°"), (0, "90°"), (1, "60°"), (2, "45°"), (3, "30°"), (4, "0°"),
            ]),
            CommonInputs.choice("arm_recoil", "Arm recoil", [
                (0, "180°: no recoil"), (1, "140–180°"), (2, "110–140°"), (3, "90–110°"), (4, "< 90°: brisk full recoil"),
            ]),
            CommonInputs.choice("popliteal_angle", "Popliteal angle", [
                (-1, "180°"), (0, "160°"), (1, "140°"), (2, "120°"), (3, "100°"), (4, "90°"), (5, "< 90°"),
            ]),
            CommonInputs.choice("scarf_sign", "Scarf sign", [
                (-1, "Elbow reaches well beyond the opposite axillary line (full scarf)"),
                (0, "Elbow reaches the opposite axillary line"),
                (1, "Elbow between the opposite axillary line and the midline"),
                (2, "Elbow at the midline"),
                (3, "Elbow does not reach the midline"),
                (4, "Elbow stays at the same-side axillary line"),
            ]),
            CommonInputs.choice("heel_to_ear", "Heel to ear", [
                (-1, "Heel reaches the ear, leg fully extended, no resistance"),
                (0, "Heel near the ear, knee almost straight"),
                (1, "Heel to the nose/chin level, slight knee flexion"),
                (2, "Heel to the upper chest, knee flexed"),
                (3, "Heel to the umbilicus, marked knee flexion"),
                (4, "Heel barely lifts, knee fully flexed, strong resistance"),
            ]),
            CommonInputs.choice("skin", "Skin (physical)", [
                (-1, "Sticky, friable, transparent"),
                (0, "Gelatinous, red, translucent"),
                (1, "Smooth, pink, visible veins"),
                (2, "Superficial peeling and/or rash, few veins"),
                (3, "Cracking, pale areas, rare veins"),
                (4, "Parchment, deep cracking, no vessels"),
                (5, "Leathery, cracked, wrinkled"),
            ]),
            CommonInputs.choice("lanugo", "Lanugo", [
                (-1, "None"), (0, "Sparse"), (1, "Abundant"), (2, "Thinning"), (3, "Bald areas"), (4, "Mostly bald"),
            ]),
            CommonInputs.choice("plantar_surface", "Plantar surface", [
                (-2, "Heel–toe < 40 mm"),
                (-1, "Heel–toe 40–50 mm"),
                (0, "Heel–toe > 50 mm, no crease"),
                (1, "Faint red marks"),
                (2, "Anterior transverse crease only"),
                (3, "Creases over the anterior two thirds"),
                (4, "Creases over the entire sole"),
            ]),
            CommonInputs.choice("breast", "Breast", [
                (-1, "Imperceptible"),
                (0, "Barely perceptible"),
                (1, "Flat areola, no bud"),
                (2, "Stippled areola, 1–2 mm bud"),
                (3, "Raised areola, 3–4 mm bud"),
                (4, "Full areola, 5–10 mm bud"),
            ]),
            CommonInputs.choice("eye_ear", "Eye / ear", [
                (-2, "Lids fused tightly"),
                (-1, "Lids fused loosely"),
                (0, "Lids open; pinna flat, stays folded"),
                (1, "Slightly curved pinna; soft, slow recoil"),
                (2, "Well-curved pinna; soft but ready recoil"),
                (3, "Formed and firm, instant recoil"),
                (4, "Thick cartilage, ear stiff"),
            ]),
            CommonInputs.choice("genitals", "Genitals (male / female)", [
                (-1, "Male: scrotum flat, smooth. Female: clitoris prominent, labia flat"),
                (0, "Male: scrotum empty, faint rugae. Female: prominent clitoris, small labia minora"),
                (1, "Male: testes in upper canal, rare rugae. Female: prominent clitoris, enlarging minora"),
                (2, "Male: testes descending, few rugae. Female: majora and minora equally prominent"),
                (3, "Male: testes down, good rugae. Female: majora large, minora small"),
                (4, "Male: testes pendulous, deep rugae. Female: majora cover clitoris and minora"),
            ]),
        ],
        references: [
            Reference(authors: "Ballard JL, Khoury JC, Wedig K, Wang L, Eilers-Walsman BL, Lipp R",
                      title: "New Ballard Score, expanded to include extremely premature infants",
                      source: "J Pediatr 1991;119(3):417-423", year: 1991),
        ],
        applicability: [
            "Most accurate when examined within 12 hours of birth for infants under 26 weeks, and within 96 hours for others.",
            "Maturity rating: score −10 = 20 weeks to score 50 = 44 weeks, 2 weeks per 5 points.",
        ],
        limitations: "The New Ballard Score estimates gestational age to about ±2 weeks; an early dating ultrasound is more accurate when available."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let score = scoreSum(inputs, criteria)
        let weeks = (2 * Double(score) + 120) / 5
        var warnings: [ClinicalText] = []
        if score < -10 {
            warnings.append(ClinicalText("calc.ballard.warning.below_rating",
                                         "Score {0} is below −10, the lowest point of the maturity rating (20 weeks); {1} weeks is an extrapolation.",
                                         plain: [score, NumberText.rounded(weeks, digits: 1)]))
        }
        return ToolResult(
            fields: [ResultField("score", .integer(score)), ResultField("gestational_age_weeks", .number(weeks))],
            interpretation: ClinicalText("calc.ballard.interpretation", "Ballard score {0}: estimated gestational age {1} weeks.",
                                         plain: [score, NumberText.rounded(weeks, digits: 1)]),
            warnings: warnings)
    }
}
