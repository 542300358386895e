@testable import ReportKit

/// A fixed two-cot handover with every kind of block, accented names and symbols, a long
/// word and a wide table: the document the golden files and format checks are made from.
enum ReportFixture {
    static let stamp = ReportStamp(ward: "Neonatal Unit – Ward 4", madeAt: "2026-11-26 07:30 GMT",
                                   madeBy: "Ada Okafor (AO), nurse", software: "Cotside 0.9.0",
                                   period: "since 19:30 yesterday (shift change)")

    static let document = ReportDocument(title: "Shift handover", stamp: stamp, sections: [
        ReportSection(heading: "Bed 3 · Zoë Müller", patient: "Bed 3 · Zoë Müller · H123456 · DOB 2026-11-18", blocks: [
            .subheading("Who"),
            .facts([
                ReportFact("Age", "8 days (corrected 34+2 weeks)"),
                ReportFact("Weight", "3.42 kg (−2.1 % since birth, +40 g over 7 days)"),
                ReportFact("Temperature", "38.4 °C at 05:10", flagged: true),
                ReportFact("Days since admission", "8"),
            ]),
            .subheading("Intake and output"),
            .paragraph("Feeds of expressed breast milk every three hours, tolerated well; the 04:00 feed was partly "
                       + "vomited and the nurse in charge was told. Intake 152 mL/kg/day against a target of 150 mL/kg/day."),
            .table(ReportTable(columns: [ReportColumn("Time"), ReportColumn("Drug"), ReportColumn("Dose", alignment: .trailing),
                                         ReportColumn("Status"), ReportColumn("Note")],
                               rows: [["06:00", "Gentamicin", "17 mg", "given", "level due before the next dose, taken at 05:30"],
                                      ["08:00", "Benzylpenicillin", "170 mg", "due", ""],
                                      ["02:00", "Paracetamol", "51 mg", "withheld", "temperature settled; parents asked for a review"]])),
            .chart(ReportChart(title: "Heart rate", unit: "/min",
                               series: [ReportSeries(name: "Heart rate", points: [
                                   ReportPoint(x: 0, y: 150), ReportPoint(x: 3600 * 2, y: 162), ReportPoint(x: 3600 * 4, y: 181),
                                   ReportPoint(x: 3600 * 6, y: 170), ReportPoint(x: 3600 * 8, y: 158), ReportPoint(x: 3600 * 10, y: 149),
                                   ReportPoint(x: 3600 * 12, y: 155)])],
                               bands: [ReportBand(label: "Goal", low: 120, high: 160)],
                               xLabels: [ReportTick(x: 0, label: "19:30"), ReportTick(x: 3600 * 6, label: "01:30"),
                                         ReportTick(x: 3600 * 12, label: "07:30")],
                               span: 3600 * 12)),
            .nothing("No doses missed in this shift"),
            .list(["Cranial ultrasound booked for 11:00", "Señora García (grandmother) may visit; ça va",
                   "Pneumonoultramicroscopicsilicovolcanoconiosisandanotherverylongwordwithoutspaces tested"]),
        ], startsPage: true),
        ReportSection(heading: "Bed 4 · Ñuño Gonçalves", patient: "Bed 4 · Ñuño Gonçalves · H654321 · DOB 2026-11-20", blocks: [
            .facts([ReportFact("Weight", "2.10 kg"), ReportFact("SpO₂ goal", "91–95 %")]),
            .chart(ReportChart(title: "Weight", unit: "kg", series: [ReportSeries(name: "Weight", points: [
                ReportPoint(x: 0, y: 2.2), ReportPoint(x: 86_400, y: 2.12), ReportPoint(x: 86_400 * 2, y: 2.1)])],
                               bands: [ReportBand(label: "50th centile", low: 2.15, high: 2.15)],
                               xLabels: [ReportTick(x: 0, label: "24 Nov"), ReportTick(x: 86_400 * 2, label: "26 Nov")],
                               span: 86_400 * 2)),
            .nothing("No notes written in this shift"),
            .notice("Research use only: the µg/kg dose of straße-medicine is not validated."),
        ], startsPage: true),
    ])
}
