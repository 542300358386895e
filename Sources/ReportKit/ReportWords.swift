/// The words the renderers write themselves (the stamp's labels, "Page 1 of 3", the chart's key
/// and summary, the flag on an out-of-range value) and how they write numbers, in the report's
/// language. ReportKit knows no catalogue: the app fills this from its catalogue, so a report
/// reads in one language from the title to the page footer. Templates use `{0}`, `{1}`.
public struct ReportWords: Sendable, Equatable {
    /// The language's code (BCP 47), for HTML's `lang` attribute: "en", "de", "pt-BR", "zh-Hans".
    public var languageCode: String
    /// "." or ",": the chart's tick labels and summaries write numbers with it.
    public var decimalMark: Character
    public var ward: String
    public var period: String
    public var made: String
    /// "{0} by {1}": when, who.
    public var madeValue: String
    public var software: String
    public var patient: String
    /// "Page {0} of {1}".
    public var page: String
    /// "End of {0}": the report's title.
    public var end: String
    /// After a flagged value: "(out of range)".
    public var outOfRange: String
    /// Before a chart's key: "Key".
    public var key: String
    /// "{0}: no values": a series or chart with nothing to plot.
    public var noValues: String
    /// "{0}: lowest {1}, highest {2}, latest {3} ({4})": a series in words.
    public var series: String
    /// "1 value" and "{0} values".
    public var oneValue: String
    public var values: String
    /// "{0}: line at {1}" (a centile) and "{0}: {1} to {2}" (a goal range).
    public var bandLine: String
    public var bandRange: String

    public init(languageCode: String, decimalMark: Character, ward: String, period: String, made: String, madeValue: String,
                software: String, patient: String, page: String, end: String, outOfRange: String, key: String,
                noValues: String, series: String, oneValue: String, values: String, bandLine: String, bandRange: String) {
        self.languageCode = languageCode
        self.decimalMark = decimalMark == "," ? "," : "."
        self.ward = ward
        self.period = period
        self.made = made
        self.madeValue = madeValue
        self.software = software
        self.patient = patient
        self.page = page
        self.end = end
        self.outOfRange = outOfRange
        self.key = key
        self.noValues = noValues
        self.series = series
        self.oneValue = oneValue
        self.values = values
        self.bandLine = bandLine
        self.bandRange = bandRange
    }

    /// What a document says when nobody gave it words: English, a decimal point.
    public static let english = ReportWords(
        languageCode: "en", decimalMark: ".", ward: "Ward", period: "Period", made: "Made", madeValue: "{0} by {1}",
        software: "Software", patient: "Patient", page: "Page {0} of {1}", end: "End of {0}", outOfRange: "(out of range)",
        key: "Key", noValues: "{0}: no values", series: "{0}: lowest {1}, highest {2}, latest {3} ({4})",
        oneValue: "1 value", values: "{0} values", bandLine: "{0}: line at {1}", bandRange: "{0}: {1} to {2}")

    /// `template` with `{0}`, `{1}` … replaced by `args`, each once, left to right (an argument
    /// that itself contains "{1}" is never filled in again).
    public static func fill(_ template: String, _ args: String...) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let index = Int(after[..<close]), args.indices.contains(index) {
                out += args[index]
                rest = after[after.index(after: close)...]
            } else {
                out.append("{")
                rest = after
            }
        }
        return out + rest
    }

    /// "When by who", as the stamp's "Made" line says it.
    func madeLine(_ stamp: ReportStamp) -> String { Self.fill(madeValue, stamp.madeAt, stamp.madeBy) }

    func pageLine(_ number: Int, of count: Int) -> String { Self.fill(page, String(number), String(count)) }
}
