import Foundation
import ReportKit

extension ReportDocument {
    /// The document with each number's decimal point written as `format`'s language writes it
    /// ("3.250 kg" → "3,250 kg"): the reports' words come from the catalogue, their numbers from
    /// shared formatters, so the mark is set once here for preview, file and print alike.
    /// Chart points stay numbers (the renderers draw them).
    func written(in format: LanguageFormat) -> ReportDocument {
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
                    chart.bands = chart.bands.map { band in var band = band; band.label = d(band.label); return band }
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
