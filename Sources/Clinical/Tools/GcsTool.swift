/// Glasgow Coma Scale with the paediatric verbal wording for children under 5.
public enum GcsTool: ClinicalTool {
    /// Verbal wording for children of 5 and over (Teasdale & Jennett).
    public static let standardVerbal: [ChoiceOption] = [
        ChoiceOption(1, "No verbal response"),
        ChoiceOption(2, "Incomprehensible sounds"),
        ChoiceOption(3, "Inappropriate words"),
        ChoiceOption(4, "Confused"),
        ChoiceOption(5, "Oriented"),
    ]

    /// Verbal wording for children under 5 (James & Trauner 1985; Reilly 1988).
    public static let paediatricVerbal: [ChoiceOption] = [
        ChoiceOption(1, "No vocal response"),
        ChoiceOption(2, "Moans to pain, inconsolable, agitated"),
        ChoiceOption(3, "Cries to pain, inconsistently consolable, moaning"),
        ChoiceOption(4, "Cries but consolable; irritable"),
        ChoiceOption(5, "Alert, coos and babbles, smiles, follows objects, interacts"),
    ]

    /// The verbal options to show: the paediatric wording under 5 years (or when age is unknown
    /// the standard one). The values are the same, only the descriptors differ.
    public static func verbalOptions(ageYears: Double?) -> [ChoiceOption] {
        underFive.options(for: ageYears, default: standardVerbal)
    }

    /// The verbal row's wording rule: the paediatric descriptors while age_years is under 5.
    static let underFive = OptionWording(dependsOn: "age_years", below: 5, options: paediatricVerbal)

    public static let spec = ToolSpec(
        id: "gcs", name: "Glasgow Coma Scale (paediatric)", group: .scores,
        summary: "Conscious level: eye, verbal, motor (3–15); paediatric verbal wording under 5",
        inputs: [
            CommonInputs.choice("eye", "Eye opening", [
                (1, "No eye opening"),
                (2, "Eye opening to pain"),
                (3, "Eye opening to speech or sound"),
                (4, "Eyes open spontaneously"),
            ]),
            InputSpec(key: "verbal", label: "Best verbal response", kind: .choice(standardVerbal),
                      help: "Under 5 years: 5 coos and babbles, interacts; 4 cries but consolable, irritable; 3 cries to pain, inconsistently consolable; 2 moans to pain, inconsolable, agitated; 1 no vocal response",
                      optionWording: underFive),
            CommonInputs.choice("motor", "Best motor response", [
                (1, "No motor response"),
                (2, "Extension to pain (decerebrate)"),
                (3, "Abnormal flexion to pain (decorticate)"),
                (4, "Withdraws from pain"),
                (5, "Localises pain (infant: withdraws from touch)"),
                (6, "Obeys commands (infant: moves spontaneously and purposefully)"),
            ]),
            InputSpec(key: "age_years", label: "Age", unit: "years", kind: .number, range: 0...18, isRequired: false,
                      help: "Selects the paediatric verbal wording under 5 years", chartField: .ageYears),
        ],
        references: [
            Reference(authors: "Teasdale G, Jennett B", title: "Assessment of coma and impaired consciousness. A practical scale",
                      source: "Lancet 1974;2(7872):81-84", year: 1974),
            Reference(authors: "James HE, Trauner DA", title: "The Glasgow Coma Scale",
                      source: "In: James HE, Anas NG, Perkin RM (eds). Brain Insults in Infants and Children. Grune & Stratton", year: 1985),
            Reference(authors: "Reilly PL, Simpson DA, Sprod R, Thomas L",
                      title: "Assessing the conscious level in infants and young children: a paediatric version of the Glasgow Coma Scale",
                      source: "Childs Nerv Syst 1988;4(1):30-33", year: 1988),
        ],
        applicability: ["Use the paediatric verbal wording for children under 5 (and for any child who cannot yet speak)."],
        limitations: "The total hides which component is impaired; record eye, verbal and motor separately (e.g. E3 V4 M5)."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let e = inputs.int("eye"), v = inputs.int("verbal"), m = inputs.int("motor")
        let score = e + v + m
        let category: ResultCategory
        switch score {
        case ...8: category = .of("severity", "severe", .danger)
        case 9...12: category = .of("severity", "moderate", .caution)
        default: category = .of("severity", "mild", .ok)
        }
        return ToolResult(
            fields: [ResultField("score", .integer(score)), ResultField("severity", .word(category.word))],
            categories: [category],
            interpretation: ClinicalText("calc.gcs.interpretation.\(category.word)",
                                         "GCS {0} (E{1} V{2} M{3}): \(category.word) impairment of consciousness.", plain: [score, e, v, m]))
    }
}
