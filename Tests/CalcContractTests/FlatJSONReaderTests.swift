import XCTest
@testable import CalcContract
import Clinical

/// The batch line reader: flat objects of JSON scalars (RFC 8259 grammar), nested values
/// reported as wrong types, garbage rejected with a message.
final class FlatJSONReaderTests: XCTestCase {
    func read(_ text: String) -> FlatObject? {
        if case .success(let o) = FlatJSONReader.read(text) { return o }
        return nil
    }

    func error(_ text: String) -> JSONReadError? {
        if case .failure(let e) = FlatJSONReader.read(text) { return e }
        return nil
    }

    func testScalars() {
        let o = read(#" { "id" : 7 , "tool":"bsa","a":-1.5e2,"b":true,"c":false,"d":null,"e":0,"f":0.1} "#)
        XCTAssertEqual(o?.members.map(\.key), ["id", "tool", "a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(o?.value("tool"), .string("bsa"))
        XCTAssertEqual(o?.value("a"), .number(-150))
        XCTAssertEqual(o?.value("b"), .bool(true))
        XCTAssertEqual(o?.value("c"), .bool(false))
        XCTAssertEqual(o?.value("d"), .null)
        XCTAssertEqual(o?.value("f"), .number(0.1))
        XCTAssertEqual(o?.idText, Array("7".utf8))
        XCTAssertEqual(read("{}")?.members.count, 0)
    }

    func testNumbersMatchTheStandardLibrary() {
        for text in ["0.7601", "19", "110.25", "1e-7", "123456789012345678901234567890", "0.1234567890123456789",
                     "-0.0", "2.2250738585072014e-308", "1.7976931348623157e308", "5e-324", "99.99999999999999"] {
            XCTAssertEqual(read("{\"x\":\(text)}")?.value("x"), .number(Double(text)!), text)
        }
        if case .number(let v)? = read(#"{"x":1e999}"#)?.value("x") { XCTAssertEqual(v, .infinity) } else { XCTFail("1e999") }
    }

    func testStringEscapes() {
        let o = read(#"{"s":"a\"b\\c\/d\n\t\u00e9\ud83d\ude00 ü"}"#)
        XCTAssertEqual(o?.value("s"), .string("a\"b\\c/d\n\té😀 ü"))
        XCTAssertEqual(read(#"{"id":"x\"1"}"#)?.idText, Array(#""x\"1""#.utf8))
    }

    func testNestedValuesAreReportedNotRead() {
        let o = read(#"{"tool":"bsa","weight_kg":{"a":[1,{"b":[]}]},"height_cm":[1,2],"x":1}"#)
        XCTAssertEqual(o?.nested.map(\.key), ["weight_kg", "height_cm"])
        XCTAssertEqual(o?.nested.map(\.kind), ["an object", "an array"])
        XCTAssertEqual(o?.members.map(\.key), ["tool", "x"])
        let deep = "{\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        XCTAssertEqual(read(deep)?.nested.map(\.key), ["x"])
        let unclosed = "{\"x\":" + String(repeating: "[", count: 100_000)
        XCTAssertNotNil(error(unclosed))
    }

    func testGarbageIsRejected() {
        let bad = ["", "   ", "not json", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":01}", "{\"a\":1.}",
                   "{\"a\":.5}", "{\"a\":+1}", "{\"a\":tru}", "{\"a\":\"x}", "{\"a\":\"\u{1}\"}", "{a:1}", "{\"a\":1} x",
                   "{\"a\":NaN}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{'a':1}", "{\"a\" 1}", "{\"a\":1 \"b\":2}"]
        for text in bad {
            XCTAssertNotNil(error(text), text)
            XCTAssertEqual(error(text)?.isJSONButNotObject, false, text)
        }
        XCTAssertEqual(error("[1,2]")?.isJSONButNotObject, true)
        XCTAssertEqual(error("42")?.isJSONButNotObject, true)
    }

    func testInvalidUtf8AndNulBytes() {
        XCTAssertNotNil(FlatJSONReader.read([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D]).failureValue)
        XCTAssertNotNil(FlatJSONReader.read([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x00, 0x22, 0x7D]).failureValue)
        XCTAssertNotNil(FlatJSONReader.read([0x7B, 0x00, 0x7D]).failureValue)
        XCTAssertNotNil(FlatJSONReader.read([0xFF, 0xFE]).failureValue)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
