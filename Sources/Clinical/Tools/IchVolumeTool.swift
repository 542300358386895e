import Foundation

/// Intracerebral haemorrhage volume estimated from plasma GFAP (iGFAP log-log model).
public enum IchVolumeTool: ClinicalTool {
    /// The GFAP range the model was built on; outside it the result is an extrapolation.
    static let modelRange = 29.0...10_001.0

    static let gfapInput = InputSpec(
        key: "gfap_pg_ml", label: "Plasma GFAP", unit: "pg/mL", kind: .number, range: 0.1...100_000,
        help: "The model was built on 29–10001 pg/mL; outside that a warning is given")

    static let gfapReference = Reference(
        authors: "Foerch C, Niessner M, Back T, et al",
        title: "Diagnostic accuracy of plasma glial fibrillary acidic protein for differentiating intracerebral hemorrhage and cerebral ischemia in patients with symptoms of acute stroke",
        source: "Clin Chem 2012;58(1):237-245", year: 2012)

    public static let spec = ToolSpec(
        id: "ich_volume", name: "ICH volume from GFAP", group: .strokeTriage,
        summary: "log10 V = 0.0192 + 0.4533 · log10 GFAP, with severity and mortality bands",
        inputs: [gfapInput],
        references: [
            gfapReference,
            Reference(authors: "Broderick JP, Brott TG, Duldner JE, Tomsick T, Huster G",
                      title: "Volume of intracerebral hemorrhage. A powerful and easy-to-use predictor of 30-day mortality",
                      source: "Stroke 1993;24(7):987-993", year: 1993),
            Reference(authors: "iGFAP Project Team", title: "iGFAP Stroke Triage Assistant: ICH volume model (log-log regression)",
                      source: "iGFAP design document", year: 2025),
        ],
        applicability: ["Adults with suspected stroke, blood drawn within the early hours of symptom onset; coma module (GCS < 8)."],
        limitations: "Research use only, not a clinical decision: the GFAP volume estimate does not replace brain imaging.",
        notFor: [.adultsOnly]
    )

    public static func volume(gfap: Double) -> Double {
        pow(10, 0.0192 + 0.4533 * log10(gfap))
    }

    static func severity(_ v: Double) -> ResultCategory {
        switch v {
        case ..<10: return .of("severity", "small", .info)
        case ..<20: return .of("severity", "moderate", .caution)
        case ..<30: return .of("severity", "large", .danger)
        default: return .of("severity", "critical", .danger)
        }
    }

    static func mortality(_ v: Double) -> ResultCategory {
        let word: String
        switch v {
        case ..<10: word = "5-10%"
        case ..<30: word = "10-19%"
        case ..<50: word = "19-44%"
        case ..<60: word = "44-91%"
        default: word = "91-100%"
        }
        return ResultCategory(key: "mortality_range", word: word, label: "30-day mortality \(word)",
                              severity: v < 30 ? .caution : .danger)
    }

    public static func gfapWarningTexts(_ gfap: Double) -> [ClinicalText] {
        modelRange.contains(gfap) ? [] :
            [ClinicalText("calc.ich_volume.warning.gfap_outside_model",
                          "GFAP {0} pg/mL is outside the model's 29–10001 pg/mL; the result is an extrapolation.", plain: [NumberText.plain(gfap)])]
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let gfap = inputs.number("gfap_pg_ml")
        let v = volume(gfap: gfap)
        let sev = severity(v), mort = mortality(v)
        return ToolResult(
            fields: [ResultField("volume_ml", .number(v)), ResultField("severity", .word(sev.word)),
                     ResultField("mortality_range", .word(mort.word))],
            categories: [sev, mort],
            interpretation: ClinicalText("calc.ich_volume.interpretation", "Estimated ICH volume {0} mL: {1}; 30-day mortality {2}.",
                                         [.plain(NumberText.rounded(v, digits: 1)),
                                          .text(ClinicalText("calc.ich_volume.severity.\(sev.word)", sev.word)), .plain(mort.word)]),
            warnings: gfapWarningTexts(gfap))
    }
}
