import WardSQL
import XCTest

/// The refusal both engines give for a database with schema steps this build does not know.
final class SQLUnknownSchemaStepsTests: XCTestCase {
    let known = ["v1_a", "v2_b", "v3_c"]

    func testAKnownPrefixOrAllStepsAreAccepted() throws {
        XCTAssertNoThrow(try SQLUnknownSchemaSteps.check(applied: [], known: known))
        XCTAssertNoThrow(try SQLUnknownSchemaSteps.check(applied: ["v1_a", "v2_b"], known: known))
        XCTAssertNoThrow(try SQLUnknownSchemaSteps.check(applied: known, known: known, recordedVersion: 3))
    }

    func testAnUnknownStepIsRefusedNamingBothStepLists() {
        XCTAssertThrowsError(try SQLUnknownSchemaSteps.check(applied: known + ["v4_future"], known: known)) { error in
            let refusal = error as! SQLUnknownSchemaSteps
            XCTAssertEqual(refusal.unknown, ["v4_future"])
            XCTAssertEqual(refusal.reason, "it was made by a newer Cotside (ward schema 4: v4_future); this Cotside writes schema 3 "
                           + "and must not change it (the ward's steps: v1–v4; this Cotside's: v1–v3)")
            XCTAssertEqual("\(refusal)", "the ward database is not changed: " + refusal.reason)
        }
    }

    /// SQLite records its schema number apart from the steps (`user_version`): a higher one is a
    /// newer Cotside's too, even when every step is known.
    func testAHigherRecordedVersionIsRefusedToo() {
        let refusal = SQLUnknownSchemaSteps(applied: known, known: known, recordedVersion: 9)
        XCTAssertTrue(refusal.isRefused)
        XCTAssertTrue(refusal.reason.hasPrefix("it was made by a newer Cotside (ward schema 9); this Cotside writes schema 3"), refusal.reason)
    }

    func testStepListsReadAsRunsOfNumberedSteps() {
        XCTAssertEqual(SQLUnknownSchemaSteps.summary([]), "none")
        XCTAssertEqual(SQLUnknownSchemaSteps.summary(["v1_a"]), "v1")
        XCTAssertEqual(SQLUnknownSchemaSteps.summary(["v1_a", "v2_b", "v3_c", "v5_e", "v99_from_the_future"]), "v1–v3, v5, v99")
        XCTAssertEqual(SQLUnknownSchemaSteps.summary(["v1_a", "hotfix", "v2_b"]), "v1, hotfix, v2")
    }
}
