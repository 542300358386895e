/// The report as one self-contained HTML file: inline CSS (screen and print), charts as inline
/// SVG, no script and no external URL, every text escaped. Printing: `@page` sets the paper
/// size; a section that starts a page breaks before it. The patient line is repeated on every
/// printed page through a `position: running()`-style header where the browser supports CSS
/// Paged Media (PrinceXML, WeasyPrint); Chrome, Firefox and Safari do not, so each section also
/// opens with its patient line, and each table repeats its header row (`thead`) on a new page.
struct HTMLReportRenderer {
    var options: ReportRenderOptions
    /// The document's words, set from the document rendered.
    var words: ReportWords = .english

    func render(_ document: ReportDocument) -> String {
        var renderer = self
        renderer.words = document.words
        return renderer.page(document)
    }

    private func page(_ document: ReportDocument) -> String {
        let e = HTMLEscaping.escape
        let stamp = document.stamp
        let size = options.paper == .a4 ? "A4" : "letter"
        var h = "<!DOCTYPE html>\n<html lang=\"\(e(words.languageCode))\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta name=\"generator\" content=\"\(e(stamp.software))\">\n"
        h += "<title>\(e(document.title)) – \(e(stamp.ward))</title>\n<style>\n\(Self.css(size: size, page: Self.cssContent(words.page)))</style>\n</head>\n<body>\n"
        h += "<div class=\"pagefoot\">\(e(stamp.ward)) · \(e(stamp.madeAt)) · \(e(stamp.madeBy)) · \(e(stamp.software))</div>\n"
        h += "<header class=\"report\">\n<h1>\(e(document.title))</h1>\n<dl class=\"stamp\">\n"
        h += "<dt>\(e(words.ward))</dt><dd>\(e(stamp.ward))</dd>\n"
        if let period = stamp.period { h += "<dt>\(e(words.period))</dt><dd>\(e(period))</dd>\n" }
        h += "<dt>\(e(words.made))</dt><dd>\(e(words.madeLine(stamp)))</dd>\n"
        h += "<dt>\(e(words.software))</dt><dd>\(e(stamp.software))</dd>\n</dl>\n</header>\n"
        for section in document.sections {
            h += "<section class=\"\(section.startsPage ? "newpage" : "")\">\n"
            if let patient = section.patient { h += "<p class=\"patient\">\(e(patient))</p>\n" }
            h += "<h2>\(e(section.heading))</h2>\n"
            for block in section.blocks { h += blockHTML(block) }
            h += "</section>\n"
        }
        h += "<footer class=\"report\">\(e(document.title)) · \(e(stamp.ward)) · \(e(stamp.madeAt)) · \(e(stamp.madeBy)) · \(e(stamp.software))</footer>\n"
        return h + "</body>\n</html>\n"
    }

    func blockHTML(_ block: ReportBlock) -> String {
        let e = HTMLEscaping.escape
        switch block {
        case .subheading(let text):
            return "<h3>\(e(text))</h3>\n"
        case .paragraph(let text):
            return "<p>\(e(text))</p>\n"
        case .facts(let facts):
            var h = "<table class=\"facts\">\n<tbody>\n"
            for fact in facts {
                if fact.flagged {
                    h += "<tr class=\"flagged\"><th scope=\"row\">\(e(fact.label))</th><td>\(e(fact.value)) <strong>\(e(words.outOfRange))</strong></td></tr>\n"
                } else {
                    h += "<tr><th scope=\"row\">\(e(fact.label))</th><td>\(e(fact.value))</td></tr>\n"
                }
            }
            return h + "</tbody>\n</table>\n"
        case .list(let items):
            return "<ul>\n" + items.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
        case .table(let table):
            var h = "<table class=\"grid\">\n<thead>\n<tr>"
            for column in table.columns {
                h += "<th scope=\"col\"\(column.alignment == .trailing ? " class=\"num\"" : "")>\(e(column.title))</th>"
            }
            h += "</tr>\n</thead>\n<tbody>\n"
            for row in table.rows {
                h += "<tr>"
                for (index, cell) in row.enumerated() {
                    let trailing = index < table.columns.count && table.columns[index].alignment == .trailing
                    h += "<td\(trailing ? " class=\"num\"" : "")>\(e(cell))</td>"
                }
                h += "</tr>\n"
            }
            return h + "</tbody>\n</table>\n"
        case .chart(let chart):
            let title = chart.unit.isEmpty ? chart.title : "\(chart.title) (\(chart.unit))"
            return "<figure class=\"chart\">\n<figcaption>\(e(title))</figcaption>\n\(HTMLChart(chart: chart, words: words).svg())\n<ul class=\"summary\">\n"
                + ChartSummary.lines(chart, words).map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n</figure>\n"
        case .nothing(let text):
            return "<p class=\"nothing\">\(e(text))</p>\n"
        case .notice(let text):
            return "<p class=\"notice\"><strong>\(e(text))</strong></p>\n"
        }
    }

    /// "Page {0} of {1}" as CSS generated content: `"Page " counter(page) " of " counter(pages)`.
    static func cssContent(_ template: String) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "<", with: "\\3C ") + "\""
        }
        let marker = "\u{1}"
        let parts = ReportWords.fill(template, marker + "page" + marker, marker + "pages" + marker)
            .split(separator: Character(marker), omittingEmptySubsequences: true)
        return parts.map { part in part == "page" || part == "pages" ? "counter(\(part))" : quoted(String(part)) }
            .joined(separator: " ")
    }

    static func css(size: String, page: String) -> String {
        """
        body { font-family: Helvetica, Arial, sans-serif; font-size: 11pt; line-height: 1.35; color: #111; margin: 1.5em auto; max-width: 48em; padding: 0 1em; }
        h1 { font-size: 18pt; margin: 0 0 .3em; }
        h2 { font-size: 14pt; margin: .4em 0 .4em; border-bottom: 1px solid #888; }
        h3 { font-size: 11.5pt; margin: 1em 0 .3em; }
        dl.stamp { display: grid; grid-template-columns: max-content auto; gap: .1em 1em; margin: 0 0 1em; }
        dl.stamp dt { font-weight: bold; } dl.stamp dd { margin: 0; }
        section { border-top: 2px solid #333; margin-top: 1.5em; padding-top: .5em; }
        p.patient { font-weight: bold; margin: 0; string-set: patient content(); }
        p.nothing { color: #444; font-style: italic; }
        p.notice { border: 2px solid #b03a2e; padding: .4em .6em; }
        table { border-collapse: collapse; margin: .4em 0; }
        table.facts th { text-align: left; font-weight: normal; color: #333; padding: .1em 1.2em .1em 0; vertical-align: top; }
        table.grid th, table.grid td { border: 1px solid #aaa; padding: .2em .5em; text-align: left; vertical-align: top; }
        table.grid th { background: #eee; }
        .num { text-align: right !important; }
        tr.flagged td, tr.flagged th { color: #b03a2e; font-weight: bold; }
        figure.chart { margin: .6em 0; break-inside: avoid; page-break-inside: avoid; }
        figure.chart figcaption { font-weight: bold; }
        svg.chart { width: 100%; max-width: 640px; height: auto; font-size: 10px; font-family: inherit; }
        svg.chart .band { fill: #2e86c1; fill-opacity: .15; }
        svg.chart .centile { stroke: #555; stroke-dasharray: 4 3; }
        svg.chart .axis, svg.chart .tick { stroke: #333; }
        svg.chart .series polyline { stroke-width: 1.5; }
        svg.chart .bandlabel { fill: #555; }
        ul.summary { margin: .2em 0; font-size: 10pt; }
        .pagefoot { display: none; }
        footer.report { margin-top: 2em; font-size: 9pt; color: #444; border-top: 1px solid #888; }
        @page { size: \(size); margin: 18mm 15mm 20mm;
          @top-left { content: string(patient); font-size: 9pt; }
          @bottom-right { content: \(page); font-size: 9pt; } }
        @media print {
          body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
          section.newpage { break-before: page; page-break-before: always; border-top: none; }
          header.report + section.newpage { break-before: auto; page-break-before: auto; }
          thead { display: table-header-group; }
          tr, li, p { break-inside: avoid; page-break-inside: avoid; }
          .pagefoot { display: block; position: fixed; bottom: 0; left: 0; right: 0; font-size: 8pt; color: #444; }
          a { color: inherit; text-decoration: none; }
        }

        """
    }
}
