/// The report as one self-contained HTML file (placeholder until the HTML renderer lands).
struct HTMLReportRenderer {
    var options: ReportRenderOptions
    func render(_ document: ReportDocument) -> String {
        "<!DOCTYPE html><html><body><pre>" + TextReportRenderer(options: options).render(document) + "</pre></body></html>"
    }
}
