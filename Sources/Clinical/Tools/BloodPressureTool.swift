import Foundation

/// Paediatric blood pressure category by the AAP 2017 tables (Flynn et al.).
public enum BloodPressureTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "bp", name: "Blood pressure percentile (AAP 2017)", group: .calculators,
        summary: "BP thresholds for sex, age and height; normal, elevated, stage 1 or stage 2 hypertension",
        inputs: [
            InputSpec(key: "sex", label: "Sex", kind: .word(["male", "female"]), chartField: .sex),
            InputSpec(key: "age_years", label: "Age", unit: "years", kind: .number, range: 1...17,
                      help: "The table of the completed year is used", chartField: .ageYears),
            InputSpec(key: "height_cm", label: "Height", unit: "cm", kind: .number, range: 10...250, chartField: .lengthCm),
            InputSpec(key: "systolic_mmhg", label: "Systolic", unit: "mmHg", kind: .number, range: 40...250),
            InputSpec(key: "diastolic_mmhg", label: "Diastolic", unit: "mmHg", kind: .number, range: 20...180),
        ],
        references: [
            Reference(
                authors: "Flynn JT, Kaelber DC, Baker-Smith CM, et al.",
                title: "Clinical Practice Guideline for Screening and Management of High Blood Pressure in Children and Adolescents",
                source: "Pediatrics 2017;140(3):e20171904", year: 2017),
        ],
        applicability: [
            "Children and adolescents 1–17 years; thresholds from Tables 4 (boys) and 5 (girls), normal-weight reference.",
            "Under 13 years: percentile thresholds with the 'whichever is lower' adult caps of Table 3; from 13 years: adult cut-offs.",
            "The height column is the one whose listed height for the age is nearest the child's height.",
        ],
        limitations: "A category from one reading is not a diagnosis: AAP 2017 asks for repeated auscultatory readings on separate visits (and ambulatory monitoring where indicated) before hypertension is diagnosed.",
        constraints: []
    )

    /// The contract's band words for a reading against one column's percentiles.
    static func band(_ reading: Double, _ p: AAPBloodPressureTable.Percentiles) -> String {
        if reading < p.p90 { return "below_p90" }
        if reading < p.p95 { return "p90_to_p95" }
        if reading < p.p95Plus12 { return "p95_to_p95_plus_12" }
        return "p95_plus_12_or_more"
    }

    /// Table 3 for one component under 13 years: each percentile threshold or the adult
    /// value, whichever is lower (systolic 120/130/140, diastolic 80/80/90).
    static func childStage(_ reading: Double, _ p: AAPBloodPressureTable.Percentiles, adult: (elevated: Double, stage1: Double, stage2: Double)) -> Int {
        if reading >= min(p.p95Plus12, adult.stage2) { return 3 }
        if reading >= min(p.p95, adult.stage1) { return 2 }
        if reading >= min(p.p90, adult.elevated) { return 1 }
        return 0
    }

    /// Adult cut-offs from 13 years: systolic 120 / 130 / 140, diastolic – / 80 / 90.
    static func adolescentStage(systolic s: Double, diastolic d: Double) -> Int {
        let systolic = s >= 140 ? 3 : s >= 130 ? 2 : s >= 120 ? 1 : 0
        let diastolic = d >= 90 ? 3 : d >= 80 ? 2 : 0
        return max(systolic, diastolic)
    }

    static let stages: [(word: String, label: String, severity: Severity)] = [
        ("normal", "Normal", .ok),
        ("elevated", "Elevated blood pressure", .caution),
        ("stage1_hypertension", "Stage 1 hypertension", .danger),
        ("stage2_hypertension", "Stage 2 hypertension", .danger),
    ]

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let table = try AAPBloodPressureTable.shared.tableOrToolError()
        let sex: ReferenceSex = inputs.word("sex") == "male" ? .male : .female
        let age = Int(inputs.number("age_years").rounded(.down))
        let height = inputs.number("height_cm")
        let systolic = inputs.number("systolic_mmhg"), diastolic = inputs.number("diastolic_mmhg")
        let column = table.nearestColumn(sex, ageYears: age, heightCm: height)
        let columns = table.columns(sex, ageYears: age)

        var fields = [
            ResultField("height_column_percentile", .integer(column.heightPercentile)),
            ResultField("height_column_cm", .number(column.heightCm)),
        ]
        var warnings: [ClinicalText] = []
        let stage: Int
        if age < 13 {
            let s = column.systolic, d = column.diastolic
            fields += [
                ResultField("systolic_p50_mmhg", .number(s.p50)),
                ResultField("systolic_p90_mmhg", .number(s.p90)),
                ResultField("systolic_p95_mmhg", .number(s.p95)),
                ResultField("systolic_p95_plus_12_mmhg", .number(s.p95Plus12)),
                ResultField("diastolic_p50_mmhg", .number(d.p50)),
                ResultField("diastolic_p90_mmhg", .number(d.p90)),
                ResultField("diastolic_p95_mmhg", .number(d.p95)),
                ResultField("diastolic_p95_plus_12_mmhg", .number(d.p95Plus12)),
                ResultField("systolic_band", .word(band(systolic, s))),
                ResultField("diastolic_band", .word(band(diastolic, d))),
            ]
            stage = max(childStage(systolic, s, adult: (120, 130, 140)),
                        childStage(diastolic, d, adult: (80, 80, 90)))
        } else {
            stage = adolescentStage(systolic: systolic, diastolic: diastolic)
        }
        let category = stages[stage]
        fields.append(ResultField("category", .word(category.word)))

        if let first = columns.first, let last = columns.last, height < first.heightCm - 5 || height > last.heightCm + 5 {
            warnings.append(ClinicalText(
                "calc.bp.warning.height_outside_table",
                "Height {0} cm is well outside the {1}–{2} cm the table lists at age {3}; the {4}th-percentile column was used.",
                plain: [NumberText.plain(height), NumberText.plain(first.heightCm), NumberText.plain(last.heightCm), age,
                        column.heightPercentile]))
        }
        if diastolic >= systolic {
            warnings.append(ClinicalText("calc.bp.warning.diastolic_not_below",
                                         "Diastolic {0} mmHg is not below systolic {1} mmHg: check the reading.",
                                         plain: [NumberText.plain(diastolic), NumberText.plain(systolic)]))
        }
        let basis = age < 13
            ? ClinicalText("calc.bp.basis.child", "age {0}, {1}, {2}th height percentile column ({3} cm)",
                           [.plain(String(age)), .text(ResultWording.sexText(sex)),
                            .plain(String(column.heightPercentile)), .plain(NumberText.plain(column.heightCm))])
            : ClinicalText("calc.bp.basis.adult", "adult cut-offs from age 13")
        return ToolResult(
            fields: fields,
            categories: [ResultCategory(key: "category", word: category.word, label: category.label, severity: category.severity)],
            interpretation: ClinicalText("calc.bp.interpretation.\(category.word)", "{0}/{1} mmHg: \(category.label.lowercased()) ({2}).",
                                         [.plain(NumberText.plain(systolic)), .plain(NumberText.plain(diastolic)), .text(basis)]),
            warnings: warnings)
    }
}
