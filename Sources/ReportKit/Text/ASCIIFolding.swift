import TextFolding

/// Plain ASCII for a locale or printer that is not UTF-8, through the one table the screen uses
/// too (`ASCIITransliteration`, read as `.print`: ° → deg, — → -). Anything with no ASCII form
/// becomes "?", so a line never carries bytes the printer would garble.
enum ASCIIFolding {
    static var replacements: [Character: String] { ASCIITransliteration.table }

    static func fold(_ text: String) -> String {
        ASCIITransliteration.fold(text, for: .print)
    }

    /// Every string of a document folded, so layout measures what is printed.
    static func fold(_ document: ReportDocument) -> ReportDocument {
        var d = document
        d.title = fold(d.title)
        d.stamp = ReportStamp(ward: fold(d.stamp.ward), madeAt: fold(d.stamp.madeAt), madeBy: fold(d.stamp.madeBy),
                              software: fold(d.stamp.software), period: d.stamp.period.map(fold),
                              instant: d.stamp.instant)
        for path in [\ReportWords.ward, \.period, \.made, \.madeValue, \.software, \.patient, \.page, \.end, \.outOfRange,
                     \.key, \.noValues, \.series, \.oneValue, \.values, \.bandLine, \.bandRange] {
            d.words[keyPath: path] = fold(d.words[keyPath: path])
        }
        d.sections = d.sections.map { section in
            var s = section
            s.heading = fold(s.heading)
            s.patient = s.patient.map(fold)
            s.blocks = s.blocks.map(fold)
            return s
        }
        return d
    }

    static func fold(_ block: ReportBlock) -> ReportBlock {
        switch block {
        case .subheading(let t): return .subheading(fold(t))
        case .paragraph(let t): return .paragraph(fold(t))
        case .facts(let facts): return .facts(facts.map { ReportFact(fold($0.label), fold($0.value), flagged: $0.flagged) })
        case .list(let items): return .list(items.map(fold))
        case .table(let table):
            return .table(ReportTable(columns: table.columns.map { ReportColumn(fold($0.title), alignment: $0.alignment) },
                                      rows: table.rows.map { $0.map(fold) }))
        case .chart(var chart):
            chart.title = fold(chart.title)
            chart.unit = fold(chart.unit)
            chart.series = chart.series.map { ReportSeries(name: fold($0.name), points: $0.points) }
            chart.bands = chart.bands.map { ReportBand(label: fold($0.label), low: $0.low, high: $0.high) }
            chart.xLabels = chart.xLabels.map { ReportTick(x: $0.x, label: fold($0.label)) }
            return .chart(chart)
        case .nothing(let t): return .nothing(fold(t))
        case .notice(let t): return .notice(fold(t))
        }
    }
}
