import ChildProcess
import Clinical
import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// The stroke assessment report from a fixed ward and clock: the inputs in words, the module,
/// the results with their bands, the drivers, the nearest centres to the place saved with it
/// (or one line saying there is none), and the research-use statement; the patient on every
/// page; HTML a real parser accepts, a PDF qpdf finds sound; `R` opens it from the results
/// screen and from History.
final class StrokeReportTests: WardTestCase {
    /// A full-module assessment with the FAST-ED items, saved under an adult in bed 3 with the
    /// place "München", by the nurse; its id.
    @discardableResult
    func saveFullAssessment(by staff: Staff, patient: Patient?, near: String? = "München") async throws -> Int64 {
        let inputs: [String: RawValue] = [
            "age_years": .string("71"), "systolic_mmhg": .string("165"), "diastolic_mmhg": .string("95"), "gfap_pg_ml": .string("340"),
            "vigilance_reduction": .bool(false), "headache": .bool(true), "fast_ed": .number(6), "atrial_fibrillation": .bool(true),
            "anticoagulated": .bool(false), "antiplatelets": .bool(false), "arm_paresis": .bool(true), "leg_paresis": .bool(false),
            "eye_deviation": .bool(true),
        ]
        let items: [String: RawValue] = ["facial_palsy": .number(1), "arm_weakness": .number(2), "speech_changes": .number(1),
                                         "eye_deviation": .number(1), "denial_neglect": .number(1)]
        guard case .success(let result) = StrokeTriage.assess(.full, inputs, origin: .text) else { throw XCTSkip("inputs refused") }
        let draft = StrokeAssessmentRecord.draft(module: .full, inputs: inputs, fastEdItems: items, near: near, result: result,
                                                 patientId: patient?.id)
        return try await store.saveStrokeAssessment(draft, by: staff.id).record.id
    }

    func document(id: Int64, madeBy: Staff) async throws -> ReportDocument {
        try await StrokeReportPreview.document(id: id, store, localizer: try Catalogues.localizer(for: "en"), madeBy: madeBy,
                                               madeAt: Self.now, timeZone: Self.utc)
    }

    func testAStoredAssessmentReadsAsWrittenHere() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let patient = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "1955-05-01", ga: (40, 0))
        let id = try await saveFullAssessment(by: nurse, patient: patient)
        let text = String(decoding: ReportRendering.render(try await document(id: id, madeBy: nurse), as: .text), as: UTF8.self)
        XCTAssertEqual(text, StrokeReportGolden.full)
    }

    func testAnUnattachedAssessmentWithoutAPlaceSaysSoInOneLineAndNamesNoPatient() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        guard case .success(let result) = StrokeTriage.assess(.coma, ["gfap_pg_ml": .string("1000")], origin: .text) else {
            return XCTFail("coma inputs refused")
        }
        let draft = StrokeAssessmentRecord.draft(module: .coma, inputs: ["gfap_pg_ml": .string("1000")], result: result, patientId: nil)
        let id = try await store.saveStrokeAssessment(draft, by: nurse.id).record.id
        let document = try await document(id: id, madeBy: nurse)
        XCTAssertEqual(document.sections.map(\.patient), [nil, nil, nil, nil])
        let text = String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self)
        for expected in ["Patient      none: saved unattached (triage before admission)",
                         "Module       Coma module: comatose patient (GCS < 8), ICH volume from GFAP",
                         "Plasma GFAP  1000 pg/mL",
                         "ICH volume (from GFAP)  23.9 mL, large (out of range)",
                         "LVO probability         not computed: the full module only",
                         "The drivers come from the LVO model, so the full module only",
                         "No location was saved with this assessment, so no centres are listed",
                         "** For research use only."] {
            XCTAssertTrue(text.contains(expected), "\(expected) in:\n\(text)")
        }
        XCTAssertFalse(text.contains("Patient: "), text)
        XCTAssertFalse(text.contains("stroke_report."), "every word comes from the catalogue: \(text)")
    }

    func testAPlaceTheReferralListDoesNotKnowIsSaidNotGuessed() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let id = try await saveFullAssessment(by: nurse, patient: nil, near: "Atlantis")
        let text = String(decoding: ReportRendering.render(try await document(id: id, madeBy: nurse), as: .text, options: .init(width: 200)),
                          as: UTF8.self)
        XCTAssertTrue(text.contains("The location saved with this assessment, ‘Atlantis’, is not a city, centre or \"lat,lon\" of the "
                                    + "referral list, so no centres are listed."), text)
    }

    func testAnIdThatIsNoAssessmentIsRefusedNamingWhatExists() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let patient = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "1955-05-01", ga: (40, 0))
        try await saveFullAssessment(by: nurse, patient: patient)
        try await saveFullAssessment(by: nurse, patient: patient)
        for _ in 0..<3 {
            _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: patient.id, toolId: "bsa", inputsJSON: "{}",
                                                                           resultJSON: "{}", summary: "bsa", reviewed: true), by: nil)
        }
        do {
            _ = try await document(id: 3, madeBy: nurse)
            XCTFail("a calculator result's id made a stroke report")
        } catch let error as StrokeReportError {
            XCTAssertEqual(error.description, "3 is a saved calculator result (bsa), not a stroke assessment; "
                           + "`cotside stroke export` lists the stroke assessments with their ids")
        }
        do {
            _ = try await document(id: 9, madeBy: nurse)
            XCTFail("an unknown id made a stroke report")
        } catch let error as StrokeReportError {
            XCTAssertEqual(error.description, "9: no stroke assessment has this id; stored assessments: 1–2")
        }
    }

    func testHTMLParsesAndThePDFIsSoundWithThePatientAndTheStampOnEveryPage() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let patient = try await admit(bed: "3", given: "Zoë", family: "Müller", dob: "1955-05-01", ga: (40, 0))
        let document = try await document(id: try await saveFullAssessment(by: nurse, patient: patient), madeBy: nurse)

        let html = String(decoding: ReportRendering.render(document, as: .html), as: UTF8.self)
        let htmlFile = folder.appendingPathComponent("stroke.html").path
        try Data(html.utf8).write(to: URL(fileURLWithPath: htmlFile))
        try ReportFileCheck.assertParsesAsHTML(htmlFile)
        XCTAssertFalse(html.contains("<script"), "no script")
        for expected in ["Stroke assessment report", "Zoë Müller", "For research use only", "Klinikum rechts der Isar"] {
            XCTAssertTrue(html.contains(expected), "\(expected) in the HTML")
        }

        let pdfFile = folder.appendingPathComponent("stroke.pdf").path
        try Data(ReportRendering.render(document, as: .pdf)).write(to: URL(fileURLWithPath: pdfFile))
        let (pages, pageTexts, text) = try ReportFileCheck.checkedPDF(pdfFile, layout: false)
        XCTAssertGreaterThanOrEqual(pages, 1)
        XCTAssertEqual(pageTexts.count, pages)
        for (index, page) in pageTexts.enumerated() {
            XCTAssertTrue(page.contains("Zoë Müller · H300"), "page \(index + 1) names its patient: \(page)")
            XCTAssertTrue(page.contains("Page \(index + 1) of \(pages)"), "page \(index + 1) is numbered")
            XCTAssertTrue(page.contains("Made 2026-11-21 14:05 GMT by Nia Nurse (NN), nurse"), "page \(index + 1) is stamped: \(page)")
            XCTAssertTrue(page.contains("Cotside \(CotsideVersion.string)"), "page \(index + 1) names the software")
        }
        for expected in ["For research use only", "ICH volume (from GFAP)", "LVO probability", "FAST-ED items",
                         "Klinikum rechts der Isar"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in the PDF's text")
        }
    }

    func testROnTheResultsScreenAndOnASavedAssessmentInHistoryOpensTheReport() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2006-05-01", ga: (40, 0))
        try await startShell()
        await signIn(nurse)
        // The coma module's results, with the place said (l), not saved: the report says it is not a record.
        await press(.char("3"))
        await type("stroke")
        await press(.enter, .char("y"))
        await type("1000")
        await press(.enter, .char("l"))
        await type("München")
        await press(.enter)
        XCTAssertTrue(shell.front is StrokeResultsScreen)
        await press(.char("R"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        var text = screenText(height: 40)
        XCTAssertTrue(text.contains("Stroke assessment report"), text)
        XCTAssertTrue(text.contains("not saved: this page is not a record"), text)
        XCTAssertTrue(text.contains("by Nia Nurse (NN), nurse"), text)
        // Not saved yet, but a patient is selected: the report names them, as the save line does.
        XCTAssertTrue(text.contains("Patient: Bed 3 · Ada Lovelace · H300 · DOB 2006-05-01"), text)
        XCTAssertTrue(text.contains("Ada Lovelace, bed 3, H300 (S on the results screen saves it under this patient)"), text)
        XCTAssertFalse(text.contains("none: saved unattached"), text)
        await press(.char("]"), .char("]"), .char("]"))
        text = screenText(height: 40)
        XCTAssertTrue(text.contains("23.9 mL, large"), text)
        await press(.char("]"))
        XCTAssertTrue(screenText(height: 40).contains("Nearest to München"), screenText(height: 40))
        await press(.escape)
        XCTAssertTrue(shell.front is StrokeResultsScreen)

        // Saved under the patient, with the place: the report names both.
        await press(.char("S"), .char("y"))
        let stored = try await store.strokeAssessments()
        XCTAssertEqual(stored.first?.inputsJSON, #"{"gfap_pg_ml":1000,"near":"München"}"#)
        await press(.char("R"))
        text = screenText(height: 40)
        XCTAssertTrue(text.contains("saved to the ward (History lists it)"), text)
        XCTAssertTrue(text.contains("Patient: Bed 3 · Ada Lovelace · H300 · DOB 2006-05-01"), text)

        // R in History opens the stored one by its id.
        for _ in 0..<8 where !shell.stack.isEmpty { await press(shell.front is ConfirmScreen ? .char("y") : .escape) }
        XCTAssertTrue(shell.stack.isEmpty, screenText())
        await press(.char("2"))
        XCTAssertTrue(screenText().contains("Stroke triage coma"), screenText())
        await press(.char("R"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        text = screenText(height: 40)
        XCTAssertTrue(text.contains("stored assessment #\(stored.first?.id ?? 0)"), text)
        XCTAssertTrue(text.contains("Patient: Bed 3 · Ada Lovelace · H300 · DOB 2006-05-01"), text)
    }

    func testAnAssessmentThatIsGoneSaysSoInPlaceOfTheReport() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        shell.apply(.push(ReportPreviewScreen(StrokeReportPreview.stored(id: 42))), from: shell.front)
        await shell.settle()
        XCTAssertTrue(screenText().contains("42: no stroke assessment has this id; none is stored"), screenText())
        XCTAssertFalse(screenText().contains("Reading the ward"), screenText())
        await press(.char("w"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, "nothing to save")
    }

    func testRInHistoryOnAnythingButAStrokeAssessmentSaysWhatItIsFor() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let patient = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(patient, .wet, minutesAgo: 10)
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        await press(.char("R"))
        XCTAssertFalse(shell.front is ReportPreviewScreen)
        XCTAssertEqual(messageText, "R makes the report of a saved stroke assessment: select one first.")
    }
}

/// Checked by eye (fixed clock 2026-11-21 14:05 UTC): GFAP 340 pg/mL gives 10^(0.0192 + 0.4533 ×
/// log10 340) = 14.7 mL, moderate (10–20 mL), 30-day mortality 10-19 %; FAST-ED 6 standardised
/// (6 − 3.70) / 2.31 × 1.65 = +1.65, GFAP −0.99, intercept −0.41, logit +0.24, Platt-calibrated
/// to 32 %: medium, below 1/3, so the nearest thrombolysis-capable units to München's centres.
enum StrokeReportGolden {
    static let full = #"""
        ================================================================================
        Stroke assessment report
        Ward: Ward
        Made: 2026-11-21 14:05 GMT by Nia Nurse (NN), nurse
        Software: Cotside 0.1.0
        ================================================================================

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Ada Lovelace · H300 · DOB 1955-05-01
        Stroke triage assessment
        ------------------------

            Record       stored assessment #1
            Assessed     2026-11-21 14:05 GMT
            Assessed by  Nia Nurse (NN), nurse
            Module       Full module: examinable patient, ICH volume and LVO probability
                         (GFAP and FAST-ED)
            Patient      Ada Lovelace, bed 3, H300

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Ada Lovelace · H300 · DOB 1955-05-01
        Inputs
        ------

            Age                  71 years
            Systolic BP          165 mmHg
            Diastolic BP         95 mmHg
            Plasma GFAP          340 pg/mL
            Reduced vigilance    no
            Headache             yes
            FAST-ED score        6
            Atrial fibrillation  yes
            Anticoagulated       no
            On antiplatelets     no
            Arm paresis          yes
            Leg paresis          no
            Eye deviation        yes

        FAST-ED items
        ~~~~~~~~~~~~~

            Facial palsy      1: Partial or complete paralysis
            Arm weakness      2: No effort against gravity or no movement
            Speech changes    1: Mild to moderate
            Eye deviation     1: Partial
            Denial / neglect  1: Extinction to bilateral simultaneous stimulation in one
                              sensory modality

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Ada Lovelace · H300 · DOB 1955-05-01
        Results
        -------

          ** For research use only. This is not a clinical decision and does not replace
             brain imaging or a stroke physician's assessment.

            ICH volume (from GFAP)  14.7 mL, moderate
            30-day mortality        10-19%
            LVO probability         32 %, medium risk · below the model's threshold
                                    (1/3)
            ICH probability         not available offline (the design's remote models)
            Suggested destination   stroke unit able to give thrombolysis

          Bands: small < 10 mL, moderate 10–20, large 20–30, critical ≥ 30.

        Drivers of the LVO probability (signed contributions to the logit)
        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

          Driver                                Logit  Effect
          ------------------------------------  -----  ---------------
          FAST-ED                               +1.65  raises LVO risk
          GFAP                                  −0.99  lowers LVO risk
          baseline                              −0.41  lowers LVO risk
          LVO logit (before Platt calibration)  +0.24

          Bands: low < 25 %, medium 25–50 %, high 50–70 %, very high ≥ 70 % (iGFAP
          design's risk ring)

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Ada Lovelace · H300 · DOB 1955-05-01
        Nearest suitable centres
        ------------------------

          Nearest to München with the suggested capability (stroke unit able to give
          thrombolysis), by great-circle distance:

          Distance  Centre               Address             Phone       Capabilities
          --------  -------------------  ------------------  ----------  ---------------
            2.7 km  Klinikum rechts der  Ismaninger Str.     emergency   thrombectomy,
                    Isar München (TUM)   22, 81675 München   +49 89      neurosurgery,
                    (neurosurgical                           4140-2249   thrombolysis
                    centre)
            2.8 km  Städtisches          Kölner Platz 1,     emergency   thrombectomy,
                    Klinikum München     80804 München       +49 89      neurosurgery,
                    Schwabing                                3068-2050   thrombolysis
                    (neurosurgical
                    centre)
            4.4 km  Städtisches          Englschalkinger     emergency   thrombectomy,
                    Klinikum München     Str. 77, 81925      +49 89      neurosurgery,
                    Bogenhausen          München             9270-2050   thrombolysis
                    (neurosurgical
                    centre)

        ================================================================================
        End of Stroke assessment report - Ward - 2026-11-21 14:05 GMT

        """#
}
