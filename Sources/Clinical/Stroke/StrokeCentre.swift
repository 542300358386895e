import Foundation

/// Kinds of stroke centre in the starter list (see Resources/stroke/PROVENANCE.md).
public enum StrokeCentreType: String, Sendable, CaseIterable, Codable {
    case neurosurgicalCenter = "neurosurgical_center"
    case comprehensiveStrokeCenter = "comprehensive_stroke_center"
    case regionalStrokeUnit = "regional_stroke_unit"
    case thrombolysisHospital = "thrombolysis_hospital"

    /// The type in words for the command line ("comprehensive stroke centre"); the screens
    /// take theirs from the language catalogue (`stroke.type.<raw value>`).
    public var words: String {
        switch self {
        case .neurosurgicalCenter: return "neurosurgical centre"
        case .comprehensiveStrokeCenter: return "comprehensive stroke centre"
        case .regionalStrokeUnit: return "regional stroke unit"
        case .thrombolysisHospital: return "thrombolysis hospital"
        }
    }
}

/// What a centre can do; triage results route by these, not by the type name.
public enum StrokeCapability: String, Sendable, CaseIterable, Codable {
    case thrombectomy, neurosurgery, thrombolysis
}

/// A point on the globe in decimal degrees.
public struct Coordinate: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One hospital of a referral list. The JSON keys are the starter list's (snake_case);
/// an imported list uses the same keys, in JSON or as a CSV header.
public struct StrokeCentre: Sendable, Equatable, Codable {
    public var name: String
    public var type: StrokeCentreType
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
    /// The id the source list gave the entry (`pwa_id` in the starter list).
    public var sourceId: String?

    enum CodingKeys: String, CodingKey {
        case name, type, address, city, postcode, region, country, latitude, longitude, phone
        case emergencyPhone = "emergency_phone"
        case neurosurgery, thrombectomy, thrombolysis, beds, network
        case sourceId = "pwa_id"
    }

    public init(name: String, type: StrokeCentreType, address: String? = nil, city: String, postcode: String? = nil,
                region: String? = nil, country: String? = nil, latitude: Double, longitude: Double,
                phone: String? = nil, emergencyPhone: String? = nil, neurosurgery: Bool = false,
                thrombectomy: Bool = false, thrombolysis: Bool = false, beds: Int? = nil, network: String? = nil,
                sourceId: String? = nil) {
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

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    public func has(_ capability: StrokeCapability) -> Bool {
        switch capability {
        case .thrombectomy: return thrombectomy
        case .neurosurgery: return neurosurgery
        case .thrombolysis: return thrombolysis
        }
    }

    /// Capabilities as words ("thrombectomy, thrombolysis").
    public var capabilityWords: [String] { capabilities.map(\.rawValue) }

    /// What the centre can do, in the order of `StrokeCapability.allCases`.
    public var capabilities: [StrokeCapability] { StrokeCapability.allCases.filter(has) }

    /// True when the centre has every one of `required` (an empty set asks for nothing).
    public func hasAll(_ required: Set<StrokeCapability>) -> Bool { required.allSatisfy(has) }
}
