import Clinical
import Foundation
import WardStore

/// The referral list in force: the shipped starter list, extended or replaced by the list the
/// hospital imported into the ward database (so every workstation sees the same one).
public enum StrokeCentreDirectory {
    public static func effective(starter: [StrokeCentre], imported: [StoredStrokeCentre], mode: StrokeCentreListMode) -> [StrokeCentre] {
        let own = imported.compactMap(centre(from:))
        guard mode == .extend else { return own }
        let ownNames = Set(own.map { $0.name.lowercased() })
        return own + starter.filter { !ownNames.contains($0.name.lowercased()) }
    }

    /// Reads the imported list from the store and combines it with the starter list.
    public static func load(from store: any ToolResultStore) async throws -> [StrokeCentre] {
        let starter = try StrokeCentreStarterList.shared.get()
        let (mode, imported) = try await store.strokeCentres()
        return effective(starter: starter, imported: imported, mode: mode)
    }

    public static func stored(_ c: StrokeCentre) -> StoredStrokeCentre {
        StoredStrokeCentre(name: c.name, type: c.type.rawValue, address: c.address, city: c.city, postcode: c.postcode,
                           region: c.region, country: c.country, latitude: c.latitude, longitude: c.longitude,
                           phone: c.phone, emergencyPhone: c.emergencyPhone, neurosurgery: c.neurosurgery,
                           thrombectomy: c.thrombectomy, thrombolysis: c.thrombolysis, beds: c.beds,
                           network: c.network, sourceId: c.sourceId)
    }

    public static func centre(from s: StoredStrokeCentre) -> StrokeCentre? {
        guard let type = StrokeCentreType(rawValue: s.type) else { return nil }
        return StrokeCentre(name: s.name, type: type, address: s.address, city: s.city, postcode: s.postcode,
                            region: s.region, country: s.country, latitude: s.latitude, longitude: s.longitude,
                            phone: s.phone, emergencyPhone: s.emergencyPhone, neurosurgery: s.neurosurgery,
                            thrombectomy: s.thrombectomy, thrombolysis: s.thrombolysis, beds: s.beds,
                            network: s.network, sourceId: s.sourceId)
    }

    /// `cotside centres` as text, two lines a centre: distance (when a location was given),
    /// name and type in words; then the address, the capabilities in words and the phones.
    public static func text(_ rows: [StrokeCentreDistance], located: Bool) -> String {
        guard !rows.isEmpty else { return "No centre matches.\n" }
        return rows.map { row in
            let c = row.centre
            let distance = located ? String(format: "%7.1f km  ", row.kilometres) : ""
            let indent = located ? String(repeating: " ", count: distance.count) : "  "
            let phones = [c.phone.map { "tel \($0)" }, c.emergencyPhone.map { "emergency \($0)" }].compactMap { $0 }.joined(separator: ", ")
            let capabilities = c.capabilityWords.isEmpty ? "no listed capability" : c.capabilityWords.joined(separator: ", ")
            let second = [c.address ?? c.city, capabilities, phones.isEmpty ? nil : phones].compactMap { $0 }.joined(separator: " — ")
            return "\(distance)\(c.name) — \(c.type.words)\n\(indent)\(second)"
        }.joined(separator: "\n") + "\n"
    }

    /// `cotside centres --json`: an array of the centres in the list's own keys, plus distance_km.
    public static func json(_ rows: [StrokeCentreDistance], located: Bool) throws -> String {
        struct Row: Encodable {
            var centre: StrokeCentre
            var distance: Double?
            func encode(to encoder: Encoder) throws {
                try centre.encode(to: encoder)
                var c = encoder.container(keyedBy: Key.self)
                if let distance { try c.encode(distance, forKey: Key(stringValue: "distance_km")!) }
            }
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(rows.map { Row(centre: $0.centre, distance: located ? $0.kilometres : nil) })
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
