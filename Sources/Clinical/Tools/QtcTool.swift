/// Heart-rate-corrected QT interval by Bazett's formula.
public enum QtcTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "qtc", name: "QTc (Bazett)", group: .calculators,
        summary: "QTc = QT / √RR (RR in seconds)",
        inputs: [
            InputSpec(key: "qt_ms", label: "QT interval", unit: "ms", kind: .number, range: 150...800),
            InputSpec(key: "heart_rate_bpm", label: "Heart rate", unit: "bpm", kind: .number, range: 20...350,
                      isRequired: false, help: "Give this or rr_ms"),
            InputSpec(key: "rr_ms", label: "RR interval", unit: "ms", kind: .number, range: 150...3000,
                      isRequired: false, help: "Give this or heart_rate_bpm"),
        ],
        references: [
            Reference(authors: "Bazett HC", title: "An analysis of the time-relations of electrocardiograms",
                      source: "Heart 1920;7:353-370", year: 1920),
        ],
        applicability: [
            "Bazett overcorrects at fast heart rates, common in infants; measure QT in lead II or V5.",
            "Cut-offs: normal < 440 ms, borderline 440–460 ms, prolonged > 460 ms.",
        ],
        limitations: "An automated QT measurement can be wrong; confirm by hand before acting.",
        constraints: ["give heart_rate_bpm or rr_ms, not both"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let rate = inputs.optionalNumber("heart_rate_bpm"), rr = inputs.optionalNumber("rr_ms")
        let rrSeconds: Double
        switch (rate, rr) {
        case (.some, .some):
            throw ToolErrors(field: "rr_ms", spec.oneNotBoth("heart_rate_bpm", "rr_ms"))
        case (nil, nil):
            throw ToolErrors(field: "heart_rate_bpm", spec.eitherRequired("heart_rate_bpm", "rr_ms"))
        case (let bpm?, nil): rrSeconds = 60 / bpm
        case (nil, let ms?): rrSeconds = ms / 1000
        }
        let qtc = inputs.number("qt_ms") / rrSeconds.squareRoot()
        let category: ResultCategory
        if qtc < 440 {
            category = .of("interpretation", "normal", .ok)
        } else if qtc <= 460 {
            category = .of("interpretation", "borderline", .caution)
        } else {
            category = .of("interpretation", "prolonged", .danger)
        }
        return ToolResult(fields: [ResultField("qtc_ms", .number(qtc)), ResultField("interpretation", .word(category.word))],
                          categories: [category],
                          interpretation: ClinicalText("calc.qtc.interpretation.\(category.word)", "QTc {0} ms: \(category.word).",
                                                       plain: [NumberText.rounded(qtc, digits: 0)]))
    }
}
