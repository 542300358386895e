/// The report as PDF (placeholder until the PDF writer lands).
struct PDFReportRenderer {
    var options: ReportRenderOptions
    func render(_ document: ReportDocument) -> [UInt8] { [] }
}
