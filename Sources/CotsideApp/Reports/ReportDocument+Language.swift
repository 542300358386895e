import Foundation
import ReportKit

extension ReportWords {
    /// The renderers' own words from the catalogue (`report.doc.*`), the HTML language code and
    /// the decimal mark of `t`'s language.
    init(_ t: Localizer) {
        self.init(languageCode: t.language.code, decimalMark: LanguageFormat(t).decimalMark,
                  ward: t("report.doc.ward"), period: t("report.doc.period"), made: t("report.doc.made"),
                  madeValue: t("report.doc.made_value"), software: t("report.doc.software"), patient: t("report.doc.patient"),
                  page: t("report.doc.page"), end: t("report.doc.end"), outOfRange: t("report.doc.out_of_range"),
                  key: t("report.doc.key"), noValues: t("report.doc.no_values"), series: t("report.doc.series"),
                  oneValue: t("report.doc.value_one"), values: t("report.doc.values"), bandLine: t("report.doc.band_line"),
                  bandRange: t("report.doc.band_range"))
    }
}

extension ReportDocument {
    /// The document wholly in `t`'s language: the renderers' words (stamp labels, "Page 1 of 3",
    /// the chart's key and summary, `<html lang>`) and each number's decimal mark. Every report
    /// document ends with it, so the preview, a saved file, a print and `cotside report` agree.
    func localized(_ t: Localizer) -> ReportDocument {
        var copy = written(in: LanguageFormat(t))
        copy.words = ReportWords(t)
        return copy
    }

    /// The document with each number's decimal point written as `format`'s language writes it
    /// ("3.250 kg" → "3,250 kg"): the reports' words come from the catalogue, their numbers from
    /// shared formatters, so the mark is set once here. Chart points stay numbers (the renderers
    /// draw them with the words' decimal mark).
    private func written(in format: LanguageFormat) -> ReportDocument {
        guard format.decimalMark != "." else { return self }
        var copy = self
        let d = format.decimals
        copy.stamp.period = stamp.period.map(d)
        copy.sections = sections.map { section in
            var section = section
            section.patient = section.patient.map(d)
            section.blocks = section.blocks.map { block in
                switch block {
                case .subheading(let text): return .subheading(d(text))
                case .paragraph(let text): return .paragraph(d(text))
                case .facts(let facts):
                    return .facts(facts.map { fact in var fact = fact; fact.value = d(fact.value); return fact })
                case .list(let items): return .list(items.map(d))
                case .table(let table):
                    var table = table
                    table.rows = table.rows.map { $0.map(d) }
                    return .table(table)
                case .chart(let chart):
                    var chart = chart
                    chart.unit = d(chart.unit)
                    chart.bands = chart.bands.map { band in var band = band; band.label = d(band.label); return band }
                    chart.xLabels = chart.xLabels.map { tick in var tick = tick; tick.label = d(tick.label); return tick }
                    return .chart(chart)
                case .nothing(let text): return .nothing(d(text))
                case .notice(let text): return .notice(d(text))
                }
            }
            return section
        }
        return copy
    }
}
