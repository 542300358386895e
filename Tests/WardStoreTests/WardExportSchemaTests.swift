import Foundation
import XCTest
@testable import WardStore

/// The export's published format (Resources/export/cotside-export.schema.json) and what the
/// exporter writes agree: every kind and key written is documented with its type, nothing
/// documented is missing, and the documented choices are the store's.
final class WardExportSchemaTests: WardStoreTestCase {
    private func schema() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/export/cotside-export.schema.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func itemProperties(_ schema: [String: Any], _ kind: String) throws -> [String: [String: Any]] {
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        let list = try XCTUnwrap(properties[kind] as? [String: Any], "\(kind) is not documented")
        let items = try XCTUnwrap(list["items"] as? [String: Any])
        return try XCTUnwrap(items["properties"] as? [String: [String: Any]])
    }

    func testEveryKeyAnExportWritesIsDocumentedWithItsType() async throws {
        _ = try await DemoWard.generate(into: try storeToSeed, cots: 2, days: 3, seed: 2, now: noon, timeZone: london)
        let out = folder.appendingPathComponent("export").path
        _ = try await store.exportWard(WardExportRequest(folder: out, format: .json, cotsideVersion: "test", exportedAt: noon), progress: { _ in })
        let written = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: out + "/" + WardExportKind.jsonFileName))) as? [String: Any])
        let schema = try schema()
        let documented = try XCTUnwrap(schema["properties"] as? [String: Any])
        XCTAssertEqual(Set(written.keys), Set(documented.keys), "top-level keys")
        XCTAssertEqual(Set(try XCTUnwrap(schema["required"] as? [String])), Set(written.keys))
        XCTAssertEqual((documented["formatVersion"] as? [String: Any])?["const"] as? Int, WardExportKind.formatVersion)

        for kind in WardExportKind.all {
            let properties = try itemProperties(schema, kind.name)
            XCTAssertEqual(Set(properties.keys), Set(kind.columns.map(\.key)), kind.name)
            for record in try XCTUnwrap(written[kind.name] as? [[String: Any]]) {
                XCTAssertEqual(Set(record.keys), Set(kind.columns.map(\.key)), "\(kind.name) record keys")
            }
            for column in kind.columns {
                let property = try XCTUnwrap(properties[column.key], "\(kind.name).\(column.key)")
                XCTAssertEqual(Self.documentedType(property), Self.type(column), "\(kind.name).\(column.key)")
            }
        }
    }

    func testDocumentedChoicesAreTheStoresOwn() throws {
        let schema = try schema()
        func choices(_ kind: String, _ key: String) throws -> Set<String> {
            Set((try itemProperties(schema, kind)[key]?["enum"] as? [Any] ?? []).compactMap { $0 as? String })
        }
        func raw<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> Set<String> where E.RawValue == String {
            Set(E.allCases.map(\.rawValue))
        }
        XCTAssertEqual(try choices("nappies", "kind"), raw(NappyKind.self))
        XCTAssertEqual(try choices("nappies", "size"), raw(NappySize.self))
        XCTAssertEqual(try choices("nappies", "stoolColour"), raw(StoolColour.self))
        XCTAssertEqual(try choices("feeds", "kind"), raw(FeedKind.self))
        XCTAssertEqual(try choices("measurements", "kind"), raw(MeasurementKind.self))
        XCTAssertEqual(try choices("medications", "doseUnit"), raw(DoseUnit.self))
        XCTAssertEqual(try choices("medications", "route"), raw(MedicationRoute.self))
        XCTAssertEqual(try choices("medications", "category"), raw(MedicationCategory.self))
        XCTAssertEqual(try choices("doseRecords", "status"), raw(DoseStatus.self))
        XCTAssertEqual(try choices("doseRecords", "withheldReason"), raw(WithheldReason.self))
        XCTAssertEqual(try choices("patients", "sex"), raw(Sex.self))
        XCTAssertEqual(try choices("staff", "role"), raw(StaffRole.self))
        XCTAssertNil(try itemProperties(schema, "staff")["pinHash"], "no secrets are documented, none exported")
    }

    /// "integer", "integer?" (nullable), "instant", "instant?" … as the schema says it.
    private static func documentedType(_ property: [String: Any]) -> String {
        if property["$ref"] as? String == "#/$defs/instant" { return "instant" }
        if let any = property["anyOf"] as? [[String: Any]], any.contains(where: { $0["$ref"] as? String == "#/$defs/instant" }) {
            return "instant?"
        }
        if let type = property["type"] as? String { return type }
        if let types = property["type"] as? [String] { return (types.first { $0 != "null" } ?? "") + "?" }
        return "?"
    }

    private static func type(_ column: WardExportColumn) -> String {
        let base: String
        switch column.type {
        case .integer: base = "integer"
        case .number: base = "number"
        case .text: base = "string"
        case .boolean: base = "boolean"
        case .instant: base = "instant"
        }
        return base + (column.nullable ? "?" : "")
    }
}
