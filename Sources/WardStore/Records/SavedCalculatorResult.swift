import Foundation
import GRDB

/// A calculator result saved to a patient's chart after the "I have reviewed this result"
/// step. Inputs and result are kept as the contract's JSON so the record outlives UI changes.
public struct SavedCalculatorResult: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "calculator_result"

    public var id: Int64
    public var patientId: Int64
    public var toolId: String
    /// The inputs as the calculator contract's flat JSON object.
    public var inputsJSON: String
    /// The result object (`{"ok":true,"tool":…,"result":{…},"warnings":[…]}` shape's `result`).
    public var resultJSON: String
    /// One line for History ("bsa_m2 0.76").
    public var summary: String
    /// The user confirmed "I have reviewed this result" (the table refuses anything else).
    public var reviewed: Bool
    public var savedBy: Int64?
    public var savedAt: Date
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
}

/// What the save step hands the store.
public struct CalculatorResultDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var toolId: String
    public var inputsJSON: String
    public var resultJSON: String
    public var summary: String
    public var reviewed: Bool

    public init(patientId: Int64, toolId: String, inputsJSON: String, resultJSON: String, summary: String, reviewed: Bool) {
        self.patientId = patientId
        self.toolId = toolId
        self.inputsJSON = inputsJSON
        self.resultJSON = resultJSON
        self.summary = summary
        self.reviewed = reviewed
    }
}

/// One completed stroke triage assessment (coma, limited or full module), patient optional:
/// triage often happens before anyone is admitted to a bed.
public struct StoredStrokeAssessment: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "stroke_assessment"

    public var id: Int64
    public var patientId: Int64?
    public var module: String
    public var inputsJSON: String
    public var resultJSON: String
    public var summary: String
    public var assessedBy: Int64?
    public var assessedAt: Date
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
}

public struct StrokeAssessmentDraft: Sendable, Hashable, Codable {
    public var patientId: Int64?
    public var module: String
    public var inputsJSON: String
    public var resultJSON: String
    public var summary: String

    public init(patientId: Int64?, module: String, inputsJSON: String, resultJSON: String, summary: String) {
        self.patientId = patientId
        self.module = module
        self.inputsJSON = inputsJSON
        self.resultJSON = resultJSON
        self.summary = summary
    }
}

/// A hospital of the ward's own stroke referral list (imported with `cotside centres import`).
/// Same fields as the shipped starter list; the store does not know the Clinical types.
public struct StoredStrokeCentre: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "stroke_centre"

    public var id: Int64?
    public var name: String
    public var type: String
    public var address: String?
    public var city: String
    public var postcode: String?
    public var region: String?
    public var country: String?
    public var latitude: Double
    public var longitude: Double
    public var phone: String?
    public var emergencyPhone: String?
    public var neurosurgery: Bool
    public var thrombectomy: Bool
    public var thrombolysis: Bool
    public var beds: Int?
    public var network: String?
    public var sourceId: String?

    public init(id: Int64? = nil, name: String, type: String, address: String?, city: String, postcode: String?,
                region: String?, country: String?, latitude: Double, longitude: Double, phone: String?,
                emergencyPhone: String?, neurosurgery: Bool, thrombectomy: Bool, thrombolysis: Bool, beds: Int?,
                network: String?, sourceId: String?) {
        self.id = id
        self.name = name
        self.type = type
        self.address = address
        self.city = city
        self.postcode = postcode
        self.region = region
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.phone = phone
        self.emergencyPhone = emergencyPhone
        self.neurosurgery = neurosurgery
        self.thrombectomy = thrombectomy
        self.thrombolysis = thrombolysis
        self.beds = beds
        self.network = network
        self.sourceId = sourceId
    }
}

/// How the ward's imported list relates to the shipped starter list.
public enum StrokeCentreListMode: String, Sendable, Codable {
    /// Starter list plus the imported centres (an imported centre of the same name wins).
    case extend
    /// The imported list only.
    case replace
}
