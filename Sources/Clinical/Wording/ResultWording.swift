/// Words a result's values read in, shared by the Tools pane and the `calc` text: yes/no, and
/// the contract's value words (`p95_to_p95_plus_12`, `who_child_growth_standards`, `iv`) as
/// people say them. JSON keeps the words; people read `calc.value.<group>.<id>` in their language.
public enum ResultWording {
    public static let yes = ClinicalText("calc.value.yes", "yes")
    public static let no = ClinicalText("calc.value.no", "no")

    /// One value word: what the result carries, the id its key ends in, and its English.
    struct ValueWord {
        var word: String
        var id: String
        var english: String
    }

    /// Value words by group; `groups` says which result keys read from which group.
    static let valueWords: [String: [ValueWord]] = [
        "bp_band": [
            ValueWord(word: "below_p90", id: "below_p90", english: "below the 90th percentile"),
            ValueWord(word: "p90_to_p95", id: "p90_to_p95", english: "90th to below the 95th percentile"),
            ValueWord(word: "p95_to_p95_plus_12", id: "p95_to_p95_plus_12", english: "95th percentile to below the 95th + 12 mmHg"),
            ValueWord(word: "p95_plus_12_or_more", id: "p95_plus_12_or_more", english: "95th percentile + 12 mmHg or more"),
        ],
        "chart": [
            ValueWord(word: GrowthChartChoice.Chart.who.rawValue, id: GrowthChartChoice.Chart.who.rawValue,
                      english: GrowthChartChoice.Chart.who.name),
            ValueWord(word: GrowthChartChoice.Chart.intergrowthPreterm.rawValue, id: GrowthChartChoice.Chart.intergrowthPreterm.rawValue,
                      english: GrowthChartChoice.Chart.intergrowthPreterm.name),
        ],
        "chart_age": [
            ValueWord(word: "chronological", id: "chronological", english: "chronological age"),
            ValueWord(word: "corrected", id: "corrected", english: "corrected age"),
            ValueWord(word: "postmenstrual", id: "postmenstrual", english: "postmenstrual age"),
        ],
        "fluid": [
            ValueWord(word: MaintenanceElectrolytes.isotonicFluid, id: "isotonic", english: MaintenanceElectrolytes.isotonicFluid),
        ],
        "review": [
            ValueWord(word: "needs_local_pharmacist_review", id: "needs_local_pharmacist_review", english: DosageTool.needsReview),
        ],
        "route": DrugFormulary.Routes.all.map { ValueWord(word: $0, id: $0, english: DrugFormulary.Routes.words($0)) },
        "sex": [
            ValueWord(word: "male", id: "male", english: "male"),
            ValueWord(word: "female", id: "female", english: "female"),
        ],
    ]

    /// The group each result key's words come from.
    static let groups: [String: String] = [
        "systolic_band": "bp_band", "diastolic_band": "bp_band", "chart": "chart", "chart_age": "chart_age",
        "fluid": "fluid", "review": "review", "route": "route", "sex": "sex",
    ]

    /// The catalogue text of `word` under `group` (nil for a word the group does not declare).
    public static func valueText(group: String, _ word: String) -> ClinicalText? {
        valueWords[group]?.first { $0.word == word }.map { ClinicalText("calc.value.\(group).\($0.id)", $0.english) }
    }

    /// "male" / "female" in a sentence.
    public static func sexText(_ sex: ReferenceSex) -> ClinicalText {
        ClinicalText("calc.value.sex.\(sex.rawValue)", sex.rawValue)
    }

    /// The catalogue text of the word a result carries under `key`: a declared value word, or the
    /// drug table's own wording of a dose's frequency and age band; nil for words shown as they
    /// are (a table version).
    public static func text(forWord word: String, key: String) -> ClinicalText? {
        switch key {
        case "frequency": return DrugTableWording.text(.frequency, word)
        case "band": return DrugTableWording.text(.band, word)
        default: return groups[key].flatMap { valueText(group: $0, word) }
        }
    }

    /// `word` under `key` as people read it in the lookup's language.
    public static func words(_ word: String, key: String, lookup: (any ClinicalLookup)?) -> String {
        text(forWord: word, key: key)?.resolved(lookup) ?? word
    }

    /// Every declared value word as catalogue texts (en.json holds each).
    public static var declaredTexts: [ClinicalText] {
        [yes, no] + valueWords.keys.sorted().flatMap { group in
            valueWords[group]!.map { ClinicalText("calc.value.\(group).\($0.id)", $0.english) }
        }
    }
}
