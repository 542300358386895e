import XCTest
final class WardStoreTestsScaffold: XCTestCase {}
