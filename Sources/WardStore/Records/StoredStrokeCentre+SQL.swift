import Foundation
import WardSQL

/// A stroke centre read and inserted through WardSQL. Not an `SQLRecord`: its id is optional (a
/// centre from a file has none until stored), so it is read and written column by column here,
/// named as GRDB names them (one column per property; the flags stored as booleans). Named
/// `storedList`/`store` so they are never mistaken for GRDB's `all()`/`insert(_:)` on the same type.
extension StoredStrokeCentre {
    init(reading row: some SQLColumnReader) throws {
        self.init(id: try row.column("id"), name: try row.column("name"), type: try row.column("type"),
                  address: try row.column("address"), city: try row.column("city"), postcode: try row.column("postcode"),
                  region: try row.column("region"), country: try row.column("country"), latitude: try row.column("latitude"),
                  longitude: try row.column("longitude"), phone: try row.column("phone"),
                  emergencyPhone: try row.column("emergencyPhone"), neurosurgery: try row.column("neurosurgery"),
                  thrombectomy: try row.column("thrombectomy"), thrombolysis: try row.column("thrombolysis"),
                  beds: try row.column("beds"), network: try row.column("network"), sourceId: try row.column("sourceId"))
    }

    /// The ward's list in the order it was stored.
    static func storedList(_ db: some SQLConnection) throws -> [StoredStrokeCentre] {
        try db.fetchAll("SELECT * FROM stroke_centre ORDER BY id").map(StoredStrokeCentre.init(reading:))
    }

    /// Stores the centre as a new row (its own id, if any, is ignored) and returns the new id.
    @discardableResult
    func store(_ db: some SQLConnection) throws -> Int64 {
        try db.insertReturningId("""
            INSERT INTO stroke_centre (name, type, address, city, postcode, region, country, latitude, longitude, phone,
                emergencyPhone, neurosurgery, thrombectomy, thrombolysis, beds, network, sourceId)
            VALUES (\(name), \(type), \(address), \(city), \(postcode), \(region), \(country), \(latitude), \(longitude),
                \(phone), \(emergencyPhone), \(neurosurgery), \(thrombectomy), \(thrombolysis), \(beds), \(network), \(sourceId))
            RETURNING id
            """)
    }
}
