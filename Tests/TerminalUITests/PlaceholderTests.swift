import XCTest
final class TerminalUITestsScaffold: XCTestCase {}
