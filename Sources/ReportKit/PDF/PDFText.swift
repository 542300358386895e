import Foundation

/// Text into the bytes of the standard fonts' WinAnsiEncoding (Windows-1252): Latin-1 letters
/// (é, ü, ç, ã, ñ, ß, µ, °) are single bytes, and 0x80-0x9F add – — “ ” ‘ ’ • … € Œ œ Š š Ž ž Ÿ ‰.
/// A symbol WinAnsi lacks is spelt with ones it has (≤ → <=, ₂ → 2, → → ->); a letter of another
/// script (Greek, Cyrillic, Polish ą, CJK …) cannot be, so it becomes "?" and is reported:
/// such a report needs HTML, which any browser renders in any script.
enum PDFText {
    /// Windows-1252 0x80-0x9F (five codes are undefined).
    static let high: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
        0x03BC: 0xB5,  // Greek mu, as typed for micro
        0x2212: 0x2D,  // minus sign
    ]

    static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        if (0x20...0x7E).contains(v) || (0xA0...0xFF).contains(v) { return UInt8(v) }
        if v == 0x09 { return 0x20 }
        return high[v]
    }

    /// `text` as WinAnsi bytes; `missing` collects the characters written as "?".
    static func encode(_ text: String, missing: inout Set<Character>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for character in text.precomposedStringWithCanonicalMapping {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let byte = byte(for: scalars.first!) {
                out.append(byte)
            } else if let spelt = spelling(of: character) {
                out += spelt
            } else if character.unicodeScalars.allSatisfy({ $0.properties.isDefaultIgnorableCodePoint }) {
                continue
            } else {
                out.append(0x3F)
                missing.insert(character)
            }
        }
        return out
    }

    static func encode(_ text: String) -> [UInt8] {
        var ignored = Set<Character>()
        return encode(text, missing: &ignored)
    }

    /// A symbol (not a letter) written with WinAnsi characters: the ASCII spelling the text report
    /// uses, or its compatibility form (₂ → 2, ﬁ → fi) when that is all WinAnsi.
    private static func spelling(of character: Character) -> [UInt8]? {
        if !character.isLetter, let ascii = ASCIIFolding.replacements[character] { return Array(ascii.utf8) }
        let compatible = String(character).decomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        guard compatible != String(character) else { return nil }
        var bytes: [UInt8] = []
        for scalar in compatible.unicodeScalars {
            guard let byte = byte(for: scalar) else { return nil }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : bytes
    }

    /// A PDF literal string: parentheses and backslashes escaped, bytes outside printable ASCII as octal.
    static func literal(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x28]
        out.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            switch byte {
            case 0x28, 0x29, 0x5C:
                out.append(0x5C)
                out.append(byte)
            case 0x20...0x7E:
                out.append(byte)
            default:
                out.append(0x5C)
                out.append(0x30 + (byte >> 6))
                out.append(0x30 + ((byte >> 3) & 7))
                out.append(0x30 + (byte & 7))
            }
        }
        out.append(0x29)
        return out
    }
}

extension ReportRendering {
    /// The characters of `document` that the PDF's standard fonts cannot show (they print as "?"),
    /// in order of first appearance. Not empty: offer HTML, which shows every script.
    public static func charactersMissingInPDF(_ document: ReportDocument) -> [Character] {
        var missing = Set<Character>()
        var order: [Character] = []
        for text in PDFReportRenderer.strings(of: document) {
            var found = Set<Character>()
            _ = PDFText.encode(text, missing: &found)
            for character in text where found.contains(character) && missing.insert(character).inserted {
                order.append(character)
            }
        }
        return order
    }

    /// Whether the PDF's standard fonts can show the report's own words: its title and the words
    /// the renderers add (labels, "Page 1 of 3"), all from the catalogue of its language. False
    /// for a report in Chinese: every word would print as "?", so such a report is not made as
    /// a PDF at all (HTML shows every script); a Latin-script report keeps its PDF, with the
    /// warning below for a name the fonts lack.
    public static func pdfShowsLanguage(_ document: ReportDocument) -> Bool {
        let w = document.words
        var missing = Set<Character>()
        for text in [document.title, w.ward, w.period, w.made, w.madeValue, w.software, w.patient, w.page, w.end, w.outOfRange] {
            _ = PDFText.encode(text, missing: &missing)
        }
        return missing.isEmpty
    }

    /// Those characters as one short word for a warning ("王小明", the first 12 then "…"), or nil
    /// when the PDF shows every character: what the command line and the save form both say.
    public static func charactersMissingInPDFText(_ document: ReportDocument) -> String? {
        let missing = charactersMissingInPDF(document)
        guard !missing.isEmpty else { return nil }
        return String(missing.prefix(12)) + (missing.count > 12 ? "…" : "")
    }
}
