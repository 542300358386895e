import Clinical
import Foundation
import WardStore

/// One stroke assessment as the report tells it: the inputs and results as the store kept them
/// (the calculator contract's JSON), so a saved assessment prints as it was saved, not as the
/// model would recompute it today. Made from a stored assessment, or from the results screen
/// before (or without) saving.
public struct StrokeReportSubject: Sendable, Equatable {
    /// Whether and how it is stored: the report says so, so an unsaved page is never filed as a record.
    public enum Record: Sendable, Equatable {
        /// A stored assessment, by its id (`cotside report stroke --id`, History).
        case stored(id: Int64)
        /// Saved from the results screen just now (the screen does not hold the new id).
        case saved
        /// Not stored: the results screen before `S`.
        case unsaved
    }

    public var record: Record
    public var module: StrokeModule
    public var inputsJSON: String
    public var resultJSON: String
    public var assessedAt: Date
    public var assessedBy: Staff?
    public var patient: Patient?

    public init(record: Record, module: StrokeModule, inputsJSON: String, resultJSON: String, assessedAt: Date,
                assessedBy: Staff?, patient: Patient?) {
        self.record = record
        self.module = module
        self.inputsJSON = inputsJSON
        self.resultJSON = resultJSON
        self.assessedAt = assessedAt
        self.assessedBy = assessedBy
        self.patient = patient
    }

    /// A stored assessment with what the report read beside it; nil for a module the store
    /// would not have taken (its CHECK allows coma, limited and full only).
    public init?(_ read: StrokeAssessmentReportRead) {
        guard let module = StrokeModule(rawValue: read.assessment.module) else { return nil }
        self.init(record: .stored(id: read.assessment.id), module: module, inputsJSON: read.assessment.inputsJSON,
                  resultJSON: read.assessment.resultJSON, assessedAt: read.assessment.assessedAt,
                  assessedBy: read.assessedBy, patient: read.patient)
    }

    /// The inputs, key by key (unreadable JSON reads as none: the report then says "not recorded").
    var inputs: [String: StoredJSONValue] { StoredJSONValue.object(inputsJSON) }
    var result: [String: StoredJSONValue] { StoredJSONValue.object(resultJSON) }

    /// Where the user said they were when it was saved (`l` on the results screen), if anywhere.
    var near: String? {
        let place: String
        switch inputs[StrokeAssessmentRecord.nearKey] {
        case .text(let text)?: place = text
        case .number(let number)?: place = NumberText.plain(number)  // the contract writes a numeric word as a number
        default: return nil
        }
        let trimmed = place.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A value of a flat JSON object as the contract writes it: yes/no, a number, a word, a list
/// of words (the warnings). Booleans are never read as numbers, nor numbers as booleans.
enum StoredJSONValue: Decodable, Equatable, Sendable {
    case bool(Bool), number(Double), text(String), texts([String]), null, other

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .text(s) }
        else if let a = try? c.decode([String].self) { self = .texts(a) }
        else { self = .other }
    }

    static func object(_ json: String) -> [String: StoredJSONValue] {
        (try? JSONDecoder().decode([String: StoredJSONValue].self, from: Data(json.utf8))) ?? [:]
    }

    var number: Double? {
        switch self {
        case .number(let d): return d
        case .text(let s): return Double(s)
        default: return nil
        }
    }

    var word: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// Yes/no as the forms and the command line give it (true, or "yes", "y", "1").
    var isYes: Bool? {
        switch self {
        case .bool(let b): return b
        case .number(let d): return d != 0
        case .text(let s):
            let lower = s.lowercased()
            if ["yes", "true", "y", "1"].contains(lower) { return true }
            if ["no", "false", "n", "0"].contains(lower) { return false }
            return nil
        default: return nil
        }
    }
}
