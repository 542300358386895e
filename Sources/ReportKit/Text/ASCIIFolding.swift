/// Plain ASCII for a locale or printer that is not UTF-8: accents dropped (é → e), and the
/// symbols reports use spelt out (° → deg, µ → u, – → -, “ ” → ", ▲ → ^). Anything with no
/// ASCII form becomes "?", so a line never carries bytes the printer would garble.
enum ASCIIFolding {
    static let replacements: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
        "µ": "u", "μ": "u", "°": "deg", "º": "o", "ª": "a",
        "–": "-", "—": "-", "‒": "-", "―": "-", "−": "-", "‐": "-", "‑": "-",
        "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": "\"",
        "…": "...", "·": "-", "•": "*", "×": "x", "÷": "/", "±": "+/-", "≤": "<=", "≥": ">=", "≠": "!=",
        "≈": "~", "→": "->", "←": "<-", "↑": "^", "↓": "v", "▲": "^", "▼": "v", "△": "^", "▽": "v",
        "½": "1/2", "¼": "1/4", "¾": "3/4", "²": "2", "³": "3", "¹": "1", "€": "EUR", "£": "GBP",
        "©": "(c)", "®": "(R)", "™": "(TM)", "✓": "v", "✔": "v", "✗": "x", "✘": "x", "§": "S", "¶": "P",
        "\u{00A0}": " ", "\u{2009}": " ", "\u{202F}": " ", "\u{2007}": " ", "\u{2002}": " ", "\u{2003}": " ",
        "\u{200B}": "", "\u{FEFF}": "", "‰": " per mille", "¿": "?", "¡": "!", "\t": " ",
    ]

    static func fold(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                out.append(character)
            } else if let replacement = replacements[character] {
                out += replacement
            } else {
                // Decompose (é → e + ◌́, ₂ → 2) and keep the ASCII base letters.
                let base = String(character).decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)
                out += base.isEmpty ? "?" : String(String.UnicodeScalarView(base))
            }
        }
        return out
    }

    /// Every string of a document folded, so layout measures what is printed.
    static func fold(_ document: ReportDocument) -> ReportDocument {
        var d = document
        d.title = fold(d.title)
        d.stamp = ReportStamp(ward: fold(d.stamp.ward), madeAt: fold(d.stamp.madeAt), madeBy: fold(d.stamp.madeBy),
                              software: fold(d.stamp.software), period: d.stamp.period.map(fold))
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
