import XCTest
final class CotsideAppTestsScaffold: XCTestCase {}
