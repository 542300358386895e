import Clinical
@testable import CalcContract

/// Bad `cotside calc` calls of every tool, made from the tools' declarations so a new input
/// or tool is covered without editing this list: each input out of range, not a number, not
/// a whole number, not an option, not a boolean or date, left out when required; an unknown
/// input; each tool's rules between inputs (both of two, neither, too early...); and the
/// call's own mistakes (unknown tool, not key=value, a key twice, an unknown option).
enum BadCalls {
    struct Call {
        /// What goes wrong, for failure messages ("bsa: height_cm not a number").
        var why: String
        var arguments: [String]
    }

    /// A valid call per tool as key=value arguments: the documentation's first sample.
    static func validArguments(_ tool: String) throws -> [String] {
        guard let sample = CalculatorDocsTests.samples[tool]?.first else { return [] }
        let object = try FlatJSONReader.read(sample).get()
        return object.members.filter { $0.key != "tool" }.map { member in
            switch member.value {
            case .number(let n): return "\(member.key)=\(NumberText.plain(n))"
            case .bool(let b): return "\(member.key)=\(b)"
            case .string(let s): return "\(member.key)=\(s)"
            case .null: return "\(member.key)="
            }
        }
    }

    /// Each tool's rules between inputs, as whole calls (`ClinicalTool` ids).
    static let rules: [String: [(String, [String])]] = [
        "bilirubin": [("both units", ["gestational_age_weeks=38", "age_hours=48", "tsb_mg_dl=10", "tsb_umol_l=171"]),
                      ("no bilirubin", ["gestational_age_weeks=38", "age_hours=48"])],
        "gfr": [("both units", ["height_cm=120", "creatinine_mg_dl=0.5", "creatinine_umol_l=50"]), ("no creatinine", ["height_cm=120"])],
        "qtc": [("rate and RR", ["qt_ms=400", "heart_rate_bpm=60", "rr_ms=1000"]), ("neither", ["qt_ms=400"])],
        "ett": [("age and weight", ["age_years=6", "weight_kg=2"]), ("neither", [])],
        "growth": [("days and months", ["sex=male", "age_days=3", "age_months=1", "weight_kg=3"]),
                   ("no age", ["sex=male", "weight_kg=3"]), ("no measure", ["sex=male", "age_days=3"]),
                   ("days without weeks", ["sex=male", "age_days=3", "weight_kg=3", "gestational_age_days=2"]),
                   ("before 27 weeks", ["sex=male", "age_days=3", "weight_kg=1", "gestational_age_weeks=23"])],
        "dosage": [("no such route", ["drug=ibuprofen", "weight_kg=16", "route=iv"]),
                   ("another drug's strength", ["drug=ibuprofen", "weight_kg=16", "concentration=120mg_5ml"]),
                   ("days without weeks", ["drug=paracetamol", "weight_kg=16", "gestational_age_days=2"]),
                   ("dosed by gestation", ["drug=gentamicin", "weight_kg=1.2", "age_days=3"])],
        "ivfluid": [("a neonate", ["weight_kg=3", "age_days=2"])],
        "corrected_age": [("as of before birth", ["birth_date=2026-11-05", "gestational_age_weeks=30", "as_of=2026-11-01"])],
        "pecarn": [("GCS 13", ["age_months=30", "gcs=13"])],
    ]

    /// Every bad call of one tool, each with the tool's id first.
    static func calls(_ tool: any ClinicalTool.Type) throws -> [Call] {
        let spec = tool.spec
        let valid = try validArguments(spec.id)
        func with(_ key: String, _ value: String?) -> [String] {
            let rest = valid.filter { !$0.hasPrefix("\(key)=") }
            return [spec.id] + rest + (value.map { ["\(key)=\($0)"] } ?? [])
        }
        var out: [Call] = [Call(why: "\(spec.id): unknown input", arguments: [spec.id] + valid + ["bogus=1"])]
        for input in spec.inputs {
            func add(_ why: String, _ value: String?) { out.append(Call(why: "\(spec.id): \(input.key) \(why)", arguments: with(input.key, value))) }
            switch input.kind {
            case .number, .integer:
                add("not a number", "abc")
                if let range = input.range {
                    add("above its range", NumberText.plain(range.upperBound + 1))
                    add("below its range", NumberText.plain(range.lowerBound - 1))
                }
                if input.kind == .integer, let range = input.range, range.upperBound - range.lowerBound >= 1 {
                    add("not whole", NumberText.plain(range.lowerBound + 0.5))
                }
            case .choice:
                add("not a number", "abc")
                add("not an option", "99")
            case .boolean:
                add("not a boolean", "maybe")
            case .date:
                add("not a date", "someday")
            case .word:
                add("not allowed", "zzz")
            }
            if input.isRequired, input.kind != .boolean { add("left out", nil) }
        }
        for (why, arguments) in rules[spec.id] ?? [] {
            out.append(Call(why: "\(spec.id): \(why)", arguments: [spec.id] + arguments))
        }
        return out
    }

    /// Mistakes in the call itself, not of one tool's inputs.
    static let callMistakes: [Call] = [
        Call(why: "unknown tool", arguments: ["bmi", "weight_kg=3"]),
        Call(why: "not key=value", arguments: ["bsa", "height_cm", "weight_kg=3"]),
        Call(why: "no key", arguments: ["bsa", "=110", "weight_kg=3"]),
        Call(why: "a key twice", arguments: ["bsa", "height_cm=110", "height_cm=111", "weight_kg=3"]),
        Call(why: "unknown option", arguments: ["bsa", "--fast", "height_cm=110", "weight_kg=3"]),
        Call(why: "an option for no tool", arguments: ["--fast"]),
        Call(why: "--list with more", arguments: ["--list", "bsa"]),
        Call(why: "--batch with more", arguments: ["--batch", "bsa"]),
    ]

    /// Every bad call of every tool, and the call's own mistakes.
    static func all() throws -> [Call] {
        try ToolRegistry.all.flatMap(calls) + callMistakes
    }

    /// The catalogue texts of every error the bad calls bring out (and those inside them).
    static func errorTexts() throws -> [ClinicalText] {
        var texts: [ClinicalText] = []
        for call in try all() where call.arguments.first.map({ !$0.hasPrefix("-") }) ?? false {
            let answer = CalcEvaluator.answer(tool: call.arguments[0], arguments: Array(call.arguments.dropFirst()))
            guard case .failure(let errors) = answer.outcome else { continue }
            texts += errors.errors.compactMap(\.text)
        }
        return texts
    }
}
