import Foundation

/// A report as plain values: what to say, not how it looks. The text, HTML and PDF renderers
/// each turn one `ReportDocument` into their format, so a handover reads the same on screen,
/// on paper and in a file, and the data behind it is assembled once.
public struct ReportDocument: Sendable, Equatable {
    /// "Shift handover", "Discharge summary".
    public var title: String
    /// Printed at the top of the first page and in every page's running header and footer.
    public var stamp: ReportStamp
    /// One section per cot (or per part of a one-patient report), in reading order.
    public var sections: [ReportSection]
    /// The words and decimal mark the renderers add (labels, page numbers, chart summaries).
    public var words: ReportWords

    public init(title: String, stamp: ReportStamp, sections: [ReportSection], words: ReportWords = .english) {
        self.title = title
        self.stamp = stamp
        self.sections = sections
        self.words = words
    }
}

/// Where, when, by whom and with what a report was made: on every page, so a loose sheet is
/// never anonymous.
public struct ReportStamp: Sendable, Equatable {
    public var ward: String
    /// The time it was made, already in ward time and words ("2026-11-26 07:30 GMT").
    public var madeAt: String
    /// "Ada Okafor (AO), nurse".
    public var madeBy: String
    /// "Cotside 0.9.0".
    public var software: String
    /// The period the report covers, in words ("since 19:30 yesterday (shift change)").
    public var period: String?
    /// The moment `madeAt` words (in the language's date order), for the PDF's CreationDate.
    public var instant: Date?

    public init(ward: String, madeAt: String, madeBy: String, software: String, period: String? = nil, instant: Date? = nil) {
        self.ward = ward
        self.madeAt = madeAt
        self.madeBy = madeBy
        self.software = software
        self.period = period
        self.instant = instant
    }
}

/// A part of a report. `patient` names the patient the section is about ("Bed 3 · Mia Jones ·
/// H123456 · DOB 2026-11-18"): renderers repeat it on every page the section runs onto.
public struct ReportSection: Sendable, Equatable {
    public var heading: String
    public var patient: String?
    public var blocks: [ReportBlock]
    /// A printed report starts this section on a new page (one cot per page, for example).
    public var startsPage: Bool

    public init(heading: String, patient: String? = nil, blocks: [ReportBlock], startsPage: Bool = false) {
        self.heading = heading
        self.patient = patient
        self.blocks = blocks
        self.startsPage = startsPage
    }
}

/// The pieces a section is made of.
public enum ReportBlock: Sendable, Equatable {
    /// A sub-heading inside a section ("Intake and output").
    case subheading(String)
    /// Running text, wrapped by the renderer (never cut).
    case paragraph(String)
    /// Labelled values, one pair a line ("Weight" → "3.42 kg (−2.1 % since birth)").
    case facts([ReportFact])
    /// Short items, one a line.
    case list([String])
    /// A table; the renderer wraps cells that do not fit, never cuts them.
    case table(ReportTable)
    /// A chart of values over time with its goal or centile bands.
    case chart(ReportChart)
    /// An empty part said in one line ("No doses withheld in this shift"), so a reader knows
    /// nothing was missed rather than wonder whether the section was dropped.
    case nothing(String)
    /// A line that must stand out (a research-use statement, "needs pharmacist review").
    case notice(String)
}

public struct ReportFact: Sendable, Equatable {
    public var label: String
    public var value: String
    /// Out of range or otherwise to be looked at: renderers mark it in words as well as style.
    public var flagged: Bool

    public init(_ label: String, _ value: String, flagged: Bool = false) {
        self.label = label
        self.value = value
        self.flagged = flagged
    }
}

public struct ReportTable: Sendable, Equatable {
    public var columns: [ReportColumn]
    public var rows: [[String]]

    public init(columns: [ReportColumn], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }
}

public struct ReportColumn: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case leading, trailing }
    public var title: String
    public var alignment: Alignment

    public init(_ title: String, alignment: Alignment = .leading) {
        self.title = title
        self.alignment = alignment
    }
}

/// Values over time. X is seconds since the chart's `start` (so the renderers need no calendar);
/// `xLabels` place the tick words.
public struct ReportChart: Sendable, Equatable {
    public var title: String
    public var unit: String
    public var series: [ReportSeries]
    /// Goal ranges or centile lines, drawn behind the series.
    public var bands: [ReportBand]
    public var xLabels: [ReportTick]
    /// The chart's x extent in seconds.
    public var span: Double

    public init(title: String, unit: String, series: [ReportSeries], bands: [ReportBand] = [],
                xLabels: [ReportTick] = [], span: Double) {
        self.title = title
        self.unit = unit
        self.series = series
        self.bands = bands
        self.xLabels = xLabels
        self.span = span
    }
}

public struct ReportSeries: Sendable, Equatable {
    public var name: String
    public var points: [ReportPoint]

    public init(name: String, points: [ReportPoint]) {
        self.name = name
        self.points = points
    }
}

public struct ReportPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A horizontal band (a goal range, low...high) or, with `low == high`, a line (a centile).
public struct ReportBand: Sendable, Equatable {
    public var label: String
    public var low: Double
    public var high: Double

    public init(label: String, low: Double, high: Double) {
        self.label = label
        self.low = low
        self.high = high
    }
}

public struct ReportTick: Sendable, Equatable {
    public var x: Double
    public var label: String

    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}
