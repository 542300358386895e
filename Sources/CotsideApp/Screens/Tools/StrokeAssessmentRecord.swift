import Clinical
import Foundation
import WardStore

/// Turns a finished triage assessment into what the store keeps (inputs and results as the
/// calculator contract's JSON) and stored assessments into the export.
public enum StrokeAssessmentRecord {
    /// The inputs key under which the place the user gave (`l` on the results screen: a city, a
    /// centre or "lat,lon") is kept, so the report can list the centres nearest to it.
    public static let nearKey = "near"

    /// The FAST-ED sub-form's items, when there were any, go in with the inputs as
    /// `fast_ed_<item>` (the module has its own boolean `eye_deviation`); the place, when given,
    /// as `near`.
    public static func draft(module: StrokeModule, inputs: [String: RawValue], fastEdItems: [String: RawValue]? = nil,
                             near: String? = nil, result: StrokeAssessmentResult, patientId: Int64?) -> StrokeAssessmentDraft {
        var all = inputs
        for (key, value) in fastEdItems ?? [:] { all["fast_ed_" + key] = value }
        if let near, !near.isEmpty { all[nearKey] = .string(near) }
        return StrokeAssessmentDraft(patientId: patientId, module: module.rawValue,
                                     inputsJSON: ContractJSON.object(all), resultJSON: ContractJSON.result(result.summary),
                                     summary: summary(result))
    }

    /// One line for History, the handover, the discharge summary and the text export, in words
    /// ("ICH 8.4 mL small · LVO 84 % very high risk · destination: thrombectomy-capable centre
    /// (research use only)"). The destination is the kind of centre the model suggests, never a
    /// treatment order ("needs thrombolysis" read as one under a neonate's name on a handover).
    public static func summary(_ result: StrokeAssessmentResult) -> String {
        var parts = ["ICH \(NumberText.rounded(result.ichVolume.number("volume_ml") ?? 0, digits: 1)) mL \(result.ichVolume.word("severity") ?? "")"]
        if let p = result.lvo?.number("probability"), let band = result.lvoBand {
            parts.append("LVO \(NumberText.rounded(p * 100, digits: 0)) % \(band.label.lowercased())")
        }
        parts.append("destination: \(result.suggestedCapability.rawValue)-capable \(result.suggestedCapability == .thrombectomy ? "centre" : "unit")")
        return parts.joined(separator: " · ") + " (research use only)"
    }

    /// `cotside stroke export`: JSON Lines (one assessment an object) or text lines.
    public static func export(_ rows: [StoredStrokeAssessment], json: Bool) -> String {
        if json {
            return rows.map { row in
                let patient = row.patientId.map(String.init) ?? "null"
                let by = row.assessedBy.map(String.init) ?? "null"
                let at = ISO8601DateFormatter().string(from: row.assessedAt)
                return "{\"id\":\(row.id),\"assessed_at\":\"\(at)\",\"module\":\"\(row.module)\",\"patient_id\":\(patient),\"assessed_by\":\(by),\"inputs\":\(row.inputsJSON),\"result\":\(row.resultJSON)}"
            }.map { $0 + "\n" }.joined()
        }
        return rows.map { row in
            "\(ISO8601DateFormatter().string(from: row.assessedAt))  #\(row.id)  \(row.module)  \(row.summary)\n"
        }.joined()
    }
}

/// The calculator contract's JSON for inputs and results (keys in order, unrounded numbers).
public enum ContractJSON {
    public static func object(_ raw: [String: RawValue]) -> String {
        "{" + raw.keys.sorted().map { key in "\(string(key)):\(value(raw[key]!))" }.joined(separator: ",") + "}"
    }

    public static func result(_ result: ToolResult) -> String {
        var fields = result.fields.map { "\(string($0.key)):\(value($0.value))" }
        fields.append("\"warnings\":[\(result.warnings.map(string).joined(separator: ","))]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func value(_ v: RawValue) -> String {
        switch v {
        case .number(let d): return number(d)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return Double(s).map(number) ?? string(s)
        case .null: return "null"
        }
    }

    static func value(_ v: ResultValue) -> String {
        switch v {
        case .number(let d): return number(d)
        case .integer(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .word(let w): return string(w)
        case .object(let fields): return "{" + fields.map { "\(string($0.key)):\(value($0.value))" }.joined(separator: ",") + "}"
        }
    }

    static func number(_ d: Double) -> String {
        d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null"
    }

    /// One JSON string writer for the whole app: the export's.
    static func string(_ s: String) -> String { WardExportText.jsonString(s) }
}
