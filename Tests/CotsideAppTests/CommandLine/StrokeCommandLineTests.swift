import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// `cotside centres` and `cotside stroke`, run as the real binary on a test database.
@MainActor
final class StrokeCommandLineTests: WardTestCase {
    var cli: BinaryRunner!

    override func setUp() async throws {
        try await super.setUp()
        var env = environment
        env["COTSIDE_NOW"] = "2026-11-21T14:05:00Z"
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        cli = BinaryRunner(binary: try BinaryRunner.locate(), environment: env)
    }

    func run(_ arguments: String...) throws -> BinaryRunner.Outcome {
        try cli.run(arguments + ["--db", databasePath])
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Text output: two lines a centre, the type and the capabilities in words.
    func testNearestCentresFilteredByCapability() async throws {
        let out = try run("centres", "--near", "München", "--capability", "thrombectomy", "--limit", "2")
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, out.stdout)
        XCTAssertTrue(lines[0].contains(" km  ") && lines[0].hasSuffix(" — neurosurgical centre"), lines[0])
        XCTAssertTrue(lines[1].contains("München — thrombectomy, neurosurgery, thrombolysis — tel "), lines[1])
        XCTAssertFalse(out.stdout.contains("neurosurgical_center"), "the type in words, not its key")
        let json = try run("centres", "--near", "48.37,10.89", "--type", "regional_stroke_unit", "--json", "--limit", "1")
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(rows.first?["type"] as? String, "regional_stroke_unit")
        XCTAssertNotNil(rows.first?["distance_km"] as? Double)
    }

    func testTypeAndCapabilityFiltersCombine() async throws {
        var out = try run("centres", "--type", "comprehensive-stroke-center,regional_stroke_unit", "--json")
        XCTAssertEqual(out.status, 0, out.stderr)
        var rows = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(Set(rows.compactMap { $0["type"] as? String }), ["comprehensive_stroke_center", "regional_stroke_unit"])
        out = try run("centres", "--capability", "thrombectomy, neurosurgery", "--json")
        rows = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as! [[String: Any]]
        XCTAssertFalse(rows.isEmpty)
        XCTAssertTrue(rows.allSatisfy { $0["thrombectomy"] as? Bool == true && $0["neurosurgery"] as? Bool == true })
        out = try run("centres", "--type", "thrombolysis_hospital", "--capability", "neurosurgery")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, "No centre matches.\n")
    }

    func testBadOptionsExitTwoNamingWhatIsAllowed() async throws {
        var out = try run("centres", "--capability", "teleporting")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("--capability teleporting is not allowed; use one of: thrombectomy, neurosurgery, thrombolysis"), out.stderr)
        out = try run("centres", "list", "--type", "hospital")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("--type hospital is not allowed; use one of: neurosurgical_center, comprehensive_stroke_center, regional_stroke_unit, thrombolysis_hospital"), out.stderr)
        out = try run("centres", "--capability", "thrombectomy,flying")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("--capability flying is not allowed"), out.stderr)
        out = try run("centres", "--type", "regional_stroke_unit", "--type", "thrombolysis_hospital")
        XCTAssertEqual(out.status, 2, "one --type with a comma-separated list, not two")
        out = try run("centres", "--near", "Atlantis")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("neither coordinates"), out.stderr)
    }

    func testHelpListsTheAllowedTypesAndCapabilities() async throws {
        for arguments in [["centres", "--help"], ["centres", "list", "--help"]] {
            let out = try cli.run(arguments)
            XCTAssertEqual(out.status, 0, out.stderr)
            let help = out.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            for word in ["--type", "--capability", "neurosurgical_center", "comprehensive_stroke_center", "regional_stroke_unit",
                         "thrombolysis_hospital", "thrombectomy, neurosurgery, thrombolysis"] {
                XCTAssertTrue(help.contains(word), "\(arguments.joined(separator: " ")) does not mention \(word):\n\(out.stdout)")
            }
        }
    }

    func testImportIsValidatedLineByLineAndAllOrNothing() async throws {
        let bad = try file("bad.csv", "name,type,city,latitude,longitude\nGood,regional_stroke_unit,Ulm,48.4,10.0\nBad,hospital,Ulm,48.4,200\n")
        _ = try await addStaff("Nia Nurse", "NN")
        var out = try run("centres", "import", bad, "--by", "NN")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("nothing imported"), out.stderr)
        XCTAssertTrue(out.stderr.contains("line 3 (type): ‘hospital’ is not a centre type"), out.stderr)
        XCTAssertTrue(out.stderr.contains("line 3 (longitude): 200 is outside -180…180"), out.stderr)
        var list = try await store.strokeCentres()
        XCTAssertEqual(list.centres.count, 0)

        let good = try file("own.csv", "name,type,city,latitude,longitude,thrombectomy\nKinderklinik Nord,comprehensive_stroke_center,Hamburg,53.6,10.0,yes\n")
        out = try run("centres", "import", good, "--replace", "--by", "NN")
        XCTAssertEqual(out.status, 0, out.stderr)
        list = try await store.strokeCentres()
        XCTAssertEqual(list.mode, .replace)
        out = try run("centres")
        XCTAssertEqual(out.stdout, "Kinderklinik Nord — comprehensive stroke centre\n  Hamburg — thrombectomy\n")
    }

    func testAssessThenExport() async throws {
        _ = try await addStaff("Nia Nurse", "NN")
        var out = try run("stroke", "assess", "coma", "gfap_pg_ml=1000", "--by", "NN")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("coma  ICH 23.9 mL large"), out.stdout)
        XCTAssertTrue(out.stdout.contains("research use"), out.stdout)
        out = try run("stroke", "assess", "full", "gfap_pg_ml=100", "--by", "NN")
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("fast_ed is required"), out.stderr)
        out = try run("stroke", "export", "--json")
        let lines = out.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "the refused assessment was not stored")
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        XCTAssertEqual(object["module"] as? String, "coma")
        XCTAssertEqual(object["assessed_at"] as? String, "2026-11-21T14:05:00Z")
        XCTAssertEqual((object["inputs"] as? [String: Any])?["gfap_pg_ml"] as? Double, 1000)
    }
}
