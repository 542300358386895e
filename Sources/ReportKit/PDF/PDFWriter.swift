/// The bytes of a PDF 1.4 file: numbered objects, each remembered at its byte offset for the
/// cross-reference table, then the trailer. Objects are written in the order they are added;
/// an id can be reserved first (the page tree before its pages) and filled in later.
struct PDFWriter {
    private(set) var bytes: [UInt8] = []
    private var offsets: [Int] = [0]  // object 0 is the free list head

    init() {
        // The binary comment line tells transfer tools the file is binary.
        append("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8($0.value) })
    }

    /// A new object number, to be written later with `write(_:_:)`.
    mutating func reserve() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    mutating func add(_ body: String) -> Int {
        let id = reserve()
        write(id, body)
        return id
    }

    mutating func write(_ id: Int, _ body: String) {
        offsets[id] = bytes.count
        append(Array("\(id) 0 obj\n\(body)\nendobj\n".utf8))
    }

    /// A stream object (uncompressed: content streams stay readable and pdftotext-friendly).
    mutating func addStream(_ content: [UInt8], dictionary: String = "") -> Int {
        let id = reserve()
        offsets[id] = bytes.count
        append(Array("\(id) 0 obj\n<< /Length \(content.count)\(dictionary.isEmpty ? "" : " " + dictionary) >>\nstream\n".utf8))
        append(content)
        append(Array("\nendstream\nendobj\n".utf8))
        return id
    }

    /// The finished file: xref with each object's offset (10 digits, 20-byte lines), trailer, startxref.
    mutating func finish(root: Int, info: Int) -> [UInt8] {
        precondition(!offsets.dropFirst().contains(-1), "every reserved PDF object is written")
        let xref = bytes.count
        var table = "xref\n0 \(offsets.count)\n0000000000 65535 f \n"
        for offset in offsets.dropFirst() {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(offsets.count) /Root \(root) 0 R /Info \(info) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        append(Array(table.utf8))
        return bytes
    }

    private mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }
}
