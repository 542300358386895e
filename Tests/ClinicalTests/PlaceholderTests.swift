import XCTest
final class ClinicalTestsScaffold: XCTestCase {}
