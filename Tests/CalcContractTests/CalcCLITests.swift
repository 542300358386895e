import XCTest
import Foundation
@testable import CalcContract
import Clinical

/// `cotside calc` behaviour as a function of its arguments (exit codes from the contract:
/// 0 answered, 2 bad input / unknown tool).
final class CalcCLITests: XCTestCase {
    func testSingleCallJson() {
        let out = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--json"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.hasPrefix(#"{"ok":true,"tool":"bsa","result":{"bsa_m2":0.76194"#))
        XCTAssertTrue(out.stdout.hasSuffix("\n"))
        let first = CalcCLI.run(["--json", "bsa", "height_cm=110", "weight_kg=19"])
        XCTAssertEqual(first.stdout, out.stdout, "--json may come first")
        let unknown = CalcCLI.run(["--json", "bmi"])
        XCTAssertEqual(unknown.exitCode, 2)
        XCTAssertTrue(unknown.stdout.hasPrefix(#"{"ok":false,"tool":"bmi","errors":[{"field":"tool""#), unknown.stdout)
    }

    func testBadInputExitsTwoWithErrors() {
        let text = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=0"])
        XCTAssertEqual(text.exitCode, 2)
        XCTAssertTrue(text.stderr.contains("weight_kg: 0 kg is outside 0.1–300 kg"), text.stderr)
        let json = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=abc", "--json"])
        XCTAssertEqual(json.exitCode, 2)
        XCTAssertTrue(json.stdout.hasPrefix(#"{"ok":false,"tool":"bsa","errors":[{"field":"weight_kg""#), json.stdout)
        XCTAssertEqual(CalcCLI.run(["bsa", "height_cm"]).exitCode, 2)
        XCTAssertEqual(CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--frobnicate"]).exitCode, 2)
    }

    func testUnknownToolNamesTheTools() {
        let out = CalcCLI.run(["bmi", "weight_kg=3"])
        XCTAssertEqual(out.exitCode, 2)
        XCTAssertTrue(out.stderr.contains("unknown tool ‘bmi’"))
        XCTAssertTrue(out.stderr.contains("apgar, ballard"))
    }

    func testHumanText() {
        let out = CalcCLI.run(["apgar", "appearance=1", "pulse=2", "grimace=2", "activity=2", "respiration=2"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.contains("Category  ✔ Reassuring"), out.stdout)
        XCTAssertTrue(out.stdout.contains("Score     9 points"), out.stdout)
        XCTAssertTrue(out.stdout.contains("APGAR 9"))
        XCTAssertTrue(out.stdout.contains("Reference: Apgar V."))
        XCTAssertTrue(out.stdout.contains("Pulse 2: ≥ 100 bpm"), out.stdout)
        let toddler = CalcCLI.run(["gcs", "eye=3", "verbal=4", "motor=5", "age_years=2"]).stdout
        XCTAssertTrue(toddler.contains("Best verbal response 4: Cries but consolable"), toddler)
        let child = CalcCLI.run(["gcs", "eye=3", "verbal=4", "motor=5", "age_years=7"]).stdout
        XCTAssertTrue(child.contains("Best verbal response 4: Confused"), child)
        let warned = CalcCLI.run(["ivfluid", "weight_kg=80"])
        XCTAssertTrue(warned.stdout.contains("warning: "))
    }

    /// People's words, not the contract's keys: labels and units from the tools' declarations;
    /// the JSON keeps the keys.
    func testTextShowsLabelsAndUnitsNotKeys() {
        let bsa = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19"]).stdout
        XCTAssertTrue(bsa.contains("  Body surface area  0.7619 m²\n"), bsa)
        XCTAssertFalse(bsa.contains("bsa_m2"), bsa)
        let dose = CalcCLI.run(["dosage", "drug=paracetamol", "weight_kg=16"]).stdout
        XCTAssertTrue(dose.contains("Dose  ") && dose.contains("240 mg"), dose)
        XCTAssertTrue(dose.split(separator: "\n").contains { $0.hasPrefix("  Capped at the maximum ") && $0.hasSuffix("  no") }, dose)
        XCTAssertFalse(dose.contains("dose_mg") || dose.contains("max_single_dose_mg"), dose)
        let gcs = CalcCLI.run(["gcs", "eye=4", "verbal=5", "motor=6"]).stdout
        XCTAssertTrue(gcs.contains("Severity  ✔ Mild"), gcs)
        XCTAssertFalse(gcs.contains("severity"), gcs)
        let pram = CalcCLI.run(["pram", "suprasternal_retractions=0", "scalene_retractions=0", "wheezing=1", "air_entry=0", "spo2_percent=97"]).stdout
        XCTAssertTrue(pram.contains("Score     1 point\n"), pram)
        let growth = CalcCLI.run(["growth", "sex=female", "age_days=100", "weight_kg=5.5"]).stdout
        XCTAssertTrue(growth.contains("Weight-for-age") && growth.contains("z-score"), growth)
        XCTAssertFalse(growth.contains("weight_for_age"), growth)
        let json = CalcCLI.run(["bsa", "height_cm=110", "weight_kg=19", "--json"]).stdout
        XCTAssertTrue(json.contains("\"bsa_m2\":"), "the machine contract keeps its keys")
        for tool in ToolRegistry.all {
            for key in Self.declaredKeys(tool.spec.id) {
                XCTAssertTrue(OutputLabel.isDeclared(key, tool: tool.spec.id), "\(tool.spec.id).\(key) has no wording")
            }
        }
    }

    /// The result keys each tool's row in docs/calculators.md lists, for the wording check.
    static func declaredKeys(_ id: String) -> [String] {
        let keys: [String: [String]] = [
            "apgar": ["score", "category"], "ballard": ["score", "gestational_age_weeks"],
            "pews": ["score", "category"], "flacc": ["score", "category"], "gcs": ["score", "severity"],
            "pram": ["score", "severity"], "pecarn": ["recommendation", "risk_percent", "risk_is_upper_bound"],
            "phoenix": ["score", "respiratory", "cardiovascular", "coagulation", "neurologic", "sepsis", "septic_shock"],
            "dosage": ["dose_mg", "max_single_dose_mg", "capped", "dose_ml", "frequency", "max_daily_dose_mg", "mg_per_kg_dose", "doses_per_day"],
            "ivfluid": ["ml_per_day", "ml_per_hour"], "bsa": ["bsa_m2"],
            "corrected_age": ["chronological_age_days", "corrected_age_days", "postmenstrual_age_days"],
            "growth": ["weight_for_age", "length_for_age", "z", "percentile", "age_days"],
            "dehydration": ["deficit_ml", "maintenance_ml_24h", "total_ml_24h", "first_8h_ml_per_hour", "next_16h_ml_per_hour"],
            "fena": ["fena_percent", "interpretation"],
            "ett": ["uncuffed_id_mm", "cuffed_id_mm", "oral_depth_cm", "suction_catheter_fr", "id_mm"],
            "gfr": ["egfr_ml_min_1_73m2"], "qtc": ["qtc_ms", "interpretation"],
            "bp": ["height_column_percentile", "systolic_p90_mmhg", "systolic_p95_mmhg", "diastolic_p90_mmhg", "diastolic_p95_mmhg",
                   "systolic_band", "diastolic_band", "category"],
            "bilirubin": ["phototherapy_threshold_mg_dl", "escalation_threshold_mg_dl", "exchange_threshold_mg_dl", "above_phototherapy", "above_exchange",
                          "thresholds_apply", "status"],
            "fast_ed": ["score"], "ich_volume": ["volume_ml", "severity", "mortality_range"],
            "lvo": ["probability", "above_threshold", "gfap_contribution", "fast_ed_contribution"],
        ]
        return keys[id] ?? []
    }

    func testAsciiSymbolsForNonUtf8Locales() {
        let out = CalcCLI.run(["flacc", "face=2", "legs=2", "activity=2", "cry=2", "consolability=2"], ascii: true)
        XCTAssertTrue(out.stdout.contains("! Severe"), out.stdout)
        XCTAssertFalse(out.stdout.contains("✔"))
        XCTAssertTrue(CalcCLI.localeIsUTF8(["LANG": "C.UTF-8"]))
        XCTAssertFalse(CalcCLI.localeIsUTF8(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        XCTAssertFalse(CalcCLI.localeIsUTF8([:]))
    }

    /// The usage promises what the batch does: a blank line gets no answer, so "one answer per
    /// input line" would mislead anyone pairing answers with lines by counting.
    func testUsageStatesTheBlankLineRuleTheBatchFollows() {
        let input = #"{"id":1,"tool":"bsa","height_cm":110,"weight_kg":19}"# + "\n \t\n\n" + #"{"id":2,"tool":"bsa","height_cm":110,"weight_kg":19}"# + "\n"
        let answers = String(decoding: CalcBatch.run(Array(input.utf8)).output, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(answers.count, 2, "whitespace-only lines are skipped")
        XCTAssertTrue(CalcCLI.usage.contains("one answer per non-blank line"), CalcCLI.usage)
        XCTAssertFalse(CalcCLI.usage.contains("one answer per input line"), CalcCLI.usage)
    }

    func testListAndHelp() {
        let list = CalcCLI.run(["--list"])
        XCTAssertEqual(list.exitCode, 0)
        for id in ToolRegistry.ids { XCTAssertTrue(list.stdout.contains("  \(id) "), id) }
        XCTAssertTrue(list.stdout.contains("Stroke triage"))
        let help = CalcCLI.run(["ballard", "--help"])
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertTrue(help.stdout.contains("Sticky, friable, transparent"))
        XCTAssertTrue(help.stdout.contains("J Pediatr 1991"))
        let bsaHelp = CalcCLI.run(["bsa", "--help"]).stdout
        XCTAssertTrue(bsaHelp.contains("weight_kg"))
        XCTAssertTrue(bsaHelp.contains("0.1–300 kg"))
        XCTAssertTrue(CalcCLI.run(["pecarn", "--help"]).stdout.contains("does not apply below 14"))
        XCTAssertEqual(CalcCLI.run([]).exitCode, 2)
        XCTAssertEqual(CalcCLI.mode(["--batch"]), .batch)
        XCTAssertEqual(CalcCLI.run(["--batch", "x"]).exitCode, 2)
    }

    /// `calc dosage --help` lists every drug of the table with its routes; `--json` carries the
    /// band, route and review keys, and `calc ivfluid --json` the day's sodium and potassium
    /// (10 kg: 1000 mL, Na 30 and K 20 mmol/day — Holliday–Segar 3 and 2 mmol per 100 mL).
    func testDosageHelpListsEveryDrugAndTheJSONKeys() throws {
        let help = CalcCLI.run(["dosage", "--help"]).stdout
        for drug in ["paracetamol (oral, iv)", "gentamicin (iv)", "caffeine_citrate_loading (iv)",
                     "caffeine_citrate_maintenance (iv, oral)", "morphine (iv, oral)", "phytomenadione (im, oral)"] {
            XCTAssertTrue(help.contains(drug), drug)
        }
        let dose = CalcCLI.run(["dosage", "drug=gentamicin", "weight_kg=1.2", "age_days=3", "gestational_age_weeks=29", "--json"])
        XCTAssertEqual(dose.exitCode, 0, dose.stderr)
        let result = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(dose.stdout.utf8)) as? [String: Any])?["result"] as? [String: Any])
        XCTAssertEqual(result["dose_mg"] as? Double, 6)
        XCTAssertEqual(result["interval_hours"] as? Double, 48)
        XCTAssertEqual(result["route"] as? String, "iv")
        XCTAssertEqual(result["review"] as? String, "needs_local_pharmacist_review")
        let fluid = CalcCLI.run(["ivfluid", "weight_kg=10", "--json"])
        let fluidResult = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(fluid.stdout.utf8)) as? [String: Any])?["result"] as? [String: Any])
        XCTAssertEqual(fluidResult["sodium_mmol_day"] as? Double, 30)
        XCTAssertEqual(fluidResult["potassium_mmol_day"] as? Double, 20)
        let missingGestation = CalcCLI.run(["dosage", "drug=gentamicin", "weight_kg=1.2", "age_days=3"])
        XCTAssertEqual(missingGestation.exitCode, 2)
        XCTAssertTrue(missingGestation.stderr.contains("gestational_age_weeks"), missingGestation.stderr)
    }

    /// Gentamicin 1.2 kg at 29 weeks: 6 mg every 48 h, and the source states no maximum. The
    /// regimen's 3 mg per 24 h must not read as a "maximum" below the 6 mg dose; paracetamol's
    /// stated caps keep their words. The JSON keys stay as the contract has them.
    func testAFigureTheSourceDoesNotStateIsNotLabelledAMaximum() throws {
        let gentamicin = CalcCLI.run(["dosage", "drug=gentamicin", "weight_kg=1.2", "age_days=3", "gestational_age_weeks=29"])
        XCTAssertEqual(gentamicin.exitCode, 0, gentamicin.stderr)
        XCTAssertFalse(gentamicin.stdout.contains("Maximum single dose"), gentamicin.stdout)
        XCTAssertFalse(gentamicin.stdout.contains("Maximum daily dose"), gentamicin.stdout)
        XCTAssertTrue(gentamicin.stdout.contains("Dose per 24 h (regimen)"), gentamicin.stdout)
        XCTAssertTrue(gentamicin.stdout.contains("no maximum stated in the source"), gentamicin.stdout)
        let paracetamol = CalcCLI.run(["dosage", "drug=paracetamol", "weight_kg=16"]).stdout
        XCTAssertTrue(paracetamol.contains("Maximum single dose"), paracetamol)
        XCTAssertTrue(paracetamol.contains("Maximum daily dose"), paracetamol)
        let json = CalcCLI.run(["dosage", "drug=gentamicin", "weight_kg=1.2", "age_days=3", "gestational_age_weeks=29", "--json"]).stdout
        XCTAssertTrue(json.contains(#""max_single_dose_mg""#) && json.contains(#""max_daily_dose_mg""#), json)
    }
}
