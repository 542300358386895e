/// The drug table's wording (drug names, strengths, age bands, frequencies, sources) through the
/// catalogue, under keys derived from the English text itself (`calc.drug.frequency.every_36_hours`)
/// rather than from a band's place in the table, for three reasons: a pharmacist's change to a
/// band's wording makes a new key, so a translation of the old wording is never shown for the new
/// one (it reads in English until translated); wording shared by several bands is translated once;
/// and a result's `frequency` and `band` words (JSON keeps the English) lead back to their key
/// without knowing the band. Rendering from the numbers alone was not enough: bands carry words the
/// numbers do not ("when required", "with croup", "when parents decline the injection").
/// The table file is not changed, so its checksum and the ward's sign-off stand.
public enum DrugTableWording {
    public enum Kind: String, Sendable, CaseIterable {
        case name, strength, band, frequency, source
    }

    public static func text(_ kind: Kind, _ english: String) -> ClinicalText {
        ClinicalText("calc.drug.\(kind.rawValue).\(slug(english))", english)
    }

    /// Signs that change a band's meaning, kept in its key as words ("< 32" and "≥ 32" differ).
    static let signs: [Character: String] = ["<": " lt ", ">": " gt ", "≤": " le ", "≥": " ge ", "+": " plus "]

    /// Lower-case ASCII letters and digits, every other run an underscore; a long text keeps its
    /// first words and ends in a hash of the whole (FNV-1a), so two sources never share a key.
    static func slug(_ english: String) -> String {
        var out = ""
        var gap = false
        let spelled = english.contains(where: { signs[$0] != nil }) ? english.map { signs[$0] ?? String($0) }.joined() : english
        for scalar in spelled.unicodeScalars {
            if scalar.isASCII, let byte = UInt8(exactly: scalar.value),
               (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) {
                if gap && !out.isEmpty { out.append("_") }
                out.unicodeScalars.append(Unicode.Scalar(byte | (byte >= 65 ? 0x20 : 0)))
                gap = false
            } else {
                gap = true
            }
        }
        guard out.count > 60 else { return out }
        var hash: UInt32 = 2_166_136_261
        for byte in english.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let head = out.prefix(40)
        let cut = head.lastIndex(of: "_").map { head[..<$0] } ?? head
        let hex = String(hash, radix: 16)
        return "\(cut)_\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}

extension DrugFormulary {
    /// Every wording of the table a person reads, as catalogue texts, each key once.
    public var wordingTexts: [ClinicalText] {
        var seen = Set<String>()
        var texts: [ClinicalText] = []
        func add(_ kind: DrugTableWording.Kind, _ english: String) {
            let text = DrugTableWording.text(kind, english)
            if seen.insert(text.key).inserted { texts.append(text) }
        }
        for drug in drugs {
            add(.name, drug.name)
            for regimen in drug.regimens {
                for concentration in regimen.concentrations { add(.strength, concentration.label) }
                for band in regimen.bands {
                    add(.band, band.label)
                    add(.frequency, band.frequency)
                    add(.source, band.source)
                }
            }
        }
        return texts
    }
}
