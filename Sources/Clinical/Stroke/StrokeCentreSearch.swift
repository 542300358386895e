import Foundation

/// A centre with its great-circle distance from where the user is.
public struct StrokeCentreDistance: Sendable, Equatable {
    public var centre: StrokeCentre
    public var kilometres: Double

    public init(centre: StrokeCentre, kilometres: Double) {
        self.centre = centre
        self.kilometres = kilometres
    }
}

/// Search, distance and filtering over a referral list. Pure functions of the list.
public enum StrokeCentreSearch {
    /// Mean Earth radius used for every distance (km), as the calculator contract fixes it.
    public static let earthRadiusKm = 6371.0

    /// Great-circle distance by the haversine formula.
    public static func distanceKm(_ a: Coordinate, _ b: Coordinate) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLon = (b.longitude - a.longitude) * rad
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// Folds case and accents so "munchen" finds "München".
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .trimmingCharacters(in: .whitespaces)
    }

    /// The same hospital listed twice (the starter list files four under two categories):
    /// keep the first, which is the more capable category in the list's order.
    public static func deduplicated(_ centres: [StrokeCentre]) -> [StrokeCentre] {
        var seen = Set<String>()
        return centres.filter { seen.insert(fold($0.name)).inserted }
    }

    /// Centres whose name or city contains `text` (case and accents ignored).
    public static func search(_ centres: [StrokeCentre], text: String) -> [StrokeCentre] {
        let q = fold(text)
        guard !q.isEmpty else { return centres }
        return centres.filter { fold($0.name).contains(q) || fold($0.city).contains(q) }
    }

    /// A location typed by the user: "lat,lon", a city of the list (the mean of its centres),
    /// or a centre's name. Nil with no match; the error names what was tried.
    public static func resolve(_ text: String, in centres: [StrokeCentre]) -> Result<Coordinate, StrokeCentreIssue> {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) {
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                return .failure(StrokeCentreIssue(entry: 0, field: "near", message: "‘\(text)’ is outside latitude −90…90, longitude −180…180"))
            }
            return .success(Coordinate(latitude: lat, longitude: lon))
        }
        let q = fold(text)
        let inCity = centres.filter { fold($0.city) == q }
        if !inCity.isEmpty {
            let lat = inCity.map(\.latitude).reduce(0, +) / Double(inCity.count)
            let lon = inCity.map(\.longitude).reduce(0, +) / Double(inCity.count)
            return .success(Coordinate(latitude: lat, longitude: lon))
        }
        if let named = centres.first(where: { fold($0.name) == q }) ?? centres.first(where: { fold($0.name).contains(q) }), !q.isEmpty {
            return .success(named.coordinate)
        }
        return .failure(StrokeCentreIssue(entry: 0, field: "near",
            message: "‘\(text)’ is neither coordinates (\"48.14,11.58\") nor a city or centre of the list"))
    }

    /// Centres of one of `types` (any type when empty) that have every one of `capabilities`:
    /// the one filter the centres screen and `cotside centres` share.
    public static func filtered(_ centres: [StrokeCentre], types: Set<StrokeCentreType> = [],
                                capabilities: Set<StrokeCapability> = []) -> [StrokeCentre] {
        centres.filter { (types.isEmpty || types.contains($0.type)) && $0.hasAll(capabilities) }
    }

    /// Centres nearest first, deduplicated, optionally only of some types and with a capability.
    public static func nearest(_ centres: [StrokeCentre], to point: Coordinate, types: Set<StrokeCentreType> = [],
                               capability: StrokeCapability? = nil) -> [StrokeCentreDistance] {
        nearest(centres, to: point, types: types, capabilities: capability.map { [$0] } ?? [])
    }

    /// Centres nearest first, deduplicated, of `types` (any when empty) with all of `capabilities`.
    public static func nearest(_ centres: [StrokeCentre], to point: Coordinate, types: Set<StrokeCentreType>,
                               capabilities: Set<StrokeCapability>) -> [StrokeCentreDistance] {
        filtered(deduplicated(centres), types: types, capabilities: capabilities)
            .map { StrokeCentreDistance(centre: $0, kilometres: distanceKm(point, $0.coordinate)) }
            .sorted { $0.kilometres < $1.kilometres || ($0.kilometres == $1.kilometres && $0.centre.name < $1.centre.name) }
    }
}

/// The starter list shipped in Resources/stroke, loaded and validated once.
public enum StrokeCentreStarterList {
    public static let fileName = "stroke/stroke-centres.json"

    public static let shared: Result<[StrokeCentre], ReferenceDataError> = {
        do throws(ReferenceDataError) {
            let text = try ReferenceFile.text(fileName)
            switch StrokeCentreParser.parseJSON(text) {
            case .success(let centres): return .success(centres)
            case .failure(let issues):
                return .failure(ReferenceDataError(file: fileName, problem: issues.issues.map(\.description).joined(separator: "; ")))
            }
        } catch {
            return .failure(error)
        }
    }()
}
