import Foundation
import ReportKit

/// Report rendering benchmarks (suite `render`): a ward handover document of 40 cots (a section each, ~12 blocks:
/// facts, a table of doses, a paragraph, a list, empty parts, a 48-point chart with a goal band)
/// rendered as text, HTML and PDF. Only rendering is timed (the document is built once); the
/// store side of a handover is timed with the report commands. Targets: text ≤ 50 ms, PDF ≤ 500 ms
/// (medians, release build).
///
/// Arguments: `--runs N` (default 21), `--cots N` (default 40).
func runRenderBenchmarks(arguments: [String]) {
    func value(_ name: String) -> Int? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    }
    let runs = value("--runs") ?? 21
    let cots = value("--cots") ?? 40
    let document = benchmarkHandover(cots: cots)
    print("Report benchmarks: \(cots)-cot handover (median and p90 of \(runs) runs)")
    let cases: [(String, ReportFormat, ReportRenderOptions, Double)] = [
        ("text, 80 columns", .text, .init(), 50),
        ("text, 80 columns, ASCII", .text, .init(ascii: true), 50),
        ("HTML, inline SVG charts", .html, .init(), 200),
        ("PDF, A4", .pdf, .init(), 500),
    ]
    for (name, format, options, target) in cases {
        var samples: [Double] = []
        var size = 0
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let elapsed = clock.measure { size = ReportRendering.render(document, as: format, options: options).count }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        samples.sort()
        let median = samples[samples.count / 2], p90 = samples[samples.count * 9 / 10]
        print("  " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
              + String(format: " median %8.2f ms   p90 %8.2f ms   (target %4.0f ms)   %7d bytes", median, p90, target, size))
    }
}

/// A handover shaped like the real one, with accented names, one value in four flagged.
func benchmarkHandover(cots: Int) -> ReportDocument {
    let stamp = ReportStamp(ward: "Neonatal Unit – Ward 4", madeAt: "2026-11-26 07:30 GMT", madeBy: "Ada Okafor (AO), nurse",
                            software: "Cotside bench", period: "since 19:30 yesterday (shift change)")
    let sections = (0..<cots).map { cot -> ReportSection in
        let points = (0..<48).map { ReportPoint(x: Double($0) * 900, y: 140 + 25 * sin(Double($0 + cot) / 5)) }
        let chart = ReportChart(title: "Heart rate", unit: "/min", series: [ReportSeries(name: "Heart rate", points: points)],
                                bands: [ReportBand(label: "Goal", low: 120, high: 160)],
                                xLabels: [ReportTick(x: 0, label: "19:30"), ReportTick(x: 21_600, label: "01:30"),
                                          ReportTick(x: 43_200, label: "07:30")], span: 43_200)
        let drugs = ["Gentamicin", "Benzylpenicillin", "Paracetamol"]
        let doses: [[String]] = (0..<6).map { (i: Int) -> [String] in
            let status = i % 4 == 3 ? "withheld" : "given"
            let note = i % 2 == 0 ? "level due before the next dose" : ""
            return ["0\(i):00", drugs[i % 3], "\(17 + i) mg", status, note]
        }
        return ReportSection(heading: "Bed \(cot + 1) · Zoë Müller", patient: "Bed \(cot + 1) · Zoë Müller · H\(100_000 + cot)", blocks: [
            .subheading("Who"),
            .facts((0..<8).map { ReportFact("Fact \($0)", "value \($0) with some words (−\($0).1 % since birth)", flagged: $0 % 4 == 0) }),
            .subheading("Intake and output"),
            .paragraph(String(repeating: "Feeds of expressed breast milk every three hours, tolerated well. ", count: 4)),
            .subheading("Medications"),
            .table(ReportTable(columns: [ReportColumn("Time"), ReportColumn("Drug"), ReportColumn("Dose", alignment: .trailing),
                                         ReportColumn("Status"), ReportColumn("Note")], rows: doses)),
            .nothing("No doses missed in this shift"),
            .subheading("Observations"),
            .chart(chart),
            .list(["Cranial ultrasound booked for 11:00", "Señora García may visit", "Notes: \(cot)"]),
            .nothing("No calculator results saved in this shift"),
            .notice("Check the gentamicin level before the next dose."),
        ], startsPage: true)
    }
    return ReportDocument(title: "Shift handover", stamp: stamp, sections: sections)
}
