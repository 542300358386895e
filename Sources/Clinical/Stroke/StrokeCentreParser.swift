import Foundation

/// One thing wrong with one entry of a centres file; `entry` is 1-based (the CSV line
/// number counts the header as line 1, so it matches what an editor shows).
public struct StrokeCentreIssue: Error, Sendable, Equatable, CustomStringConvertible {
    public var entry: Int
    public var field: String?
    public var message: String
    /// True when `entry` is a CSV line number rather than a JSON array position.
    public var isLine: Bool

    public init(entry: Int, field: String?, isLine: Bool = false, message: String) {
        self.entry = entry
        self.field = field
        self.message = message
        self.isLine = isLine
    }

    public var description: String {
        "\(entry == 0 ? "file" : "\(isLine ? "line" : "entry") \(entry)")\(field.map { " (\($0))" } ?? ""): \(message)"
    }
}

/// Every problem found in a centres file, reported together.
public struct StrokeCentreIssues: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [StrokeCentreIssue]
    public init(_ issues: [StrokeCentreIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Reads referral lists: JSON in the starter list's shape, or CSV with a header naming the
/// same keys. Every entry is checked and every problem reported; callers import nothing
/// unless the whole file is valid.
public enum StrokeCentreParser {
    public static let requiredKeys = ["name", "type", "city", "latitude", "longitude"]
    public static let knownKeys: Set<String> = [
        "name", "type", "address", "city", "postcode", "region", "country", "latitude", "longitude", "phone",
        "emergency_phone", "neurosurgery", "thrombectomy", "thrombolysis", "beds", "network", "pwa_id",
        "pwa_region_key", "pwa_category",
    ]

    /// JSON or CSV, told apart by the first non-blank character (`[` starts JSON).
    public static func parse(_ text: String) -> Result<[StrokeCentre], StrokeCentreIssues> {
        text.drop { $0.isWhitespace }.first == "[" ? parseJSON(text) : parseCSV(text)
    }

    public static func parseJSON(_ text: String) -> Result<[StrokeCentre], StrokeCentreIssues> {
        let array: [JSONCell]
        do {
            array = try JSONDecoder().decode([JSONCell].self, from: Data(text.utf8))
        } catch {
            return .failure(StrokeCentreIssues([StrokeCentreIssue(entry: 0, field: nil, message: "is not a JSON array of centre objects")]))
        }
        var centres: [StrokeCentre] = []
        var issues: [StrokeCentreIssue] = []
        for (i, item) in array.enumerated() {
            guard case .object(let fields) = item else {
                issues.append(StrokeCentreIssue(entry: i + 1, field: nil, message: "is not an object"))
                continue
            }
            switch centre(from: fields, entry: i + 1, strictTypes: true) {
            case .success(let c): centres.append(c)
            case .failure(let e): issues += e.issues
            }
        }
        if array.isEmpty { issues.append(StrokeCentreIssue(entry: 0, field: nil, message: "holds no centres")) }
        return issues.isEmpty ? .success(centres) : .failure(StrokeCentreIssues(issues))
    }

    public static func parseCSV(_ text: String) -> Result<[StrokeCentre], StrokeCentreIssues> {
        let rows = csvRows(text)
        guard let header = rows.first?.cells.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else {
            return .failure(StrokeCentreIssues([StrokeCentreIssue(entry: 0, field: nil, message: "is empty (expected a CSV header naming \(requiredKeys.joined(separator: ", ")))")]))
        }
        var issues: [StrokeCentreIssue] = []
        for key in requiredKeys where !header.contains(key) {
            issues.append(StrokeCentreIssue(entry: 1, field: key, isLine: true, message: "the header has no column ‘\(key)’ (required: \(requiredKeys.joined(separator: ", ")))"))
        }
        for key in header where !knownKeys.contains(key) {
            issues.append(StrokeCentreIssue(entry: 1, field: key, isLine: true, message: "unknown column ‘\(key)’ (known: \(knownKeys.sorted().joined(separator: ", ")))"))
        }
        guard issues.isEmpty else { return .failure(StrokeCentreIssues(issues)) }
        var centres: [StrokeCentre] = []
        for row in rows.dropFirst() where !row.cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            guard row.cells.count == header.count else {
                issues.append(StrokeCentreIssue(entry: row.line, field: nil, isLine: true, message: "has \(row.cells.count) cells; the header has \(header.count)"))
                continue
            }
            var fields: [String: FieldValue] = [:]
            for (key, cell) in zip(header, row.cells) {
                let t = cell.trimmingCharacters(in: .whitespaces)
                if !t.isEmpty { fields[key] = .text(t) }
            }
            switch centre(from: fields, entry: row.line, strictTypes: false) {
            case .success(let c): centres.append(c)
            case .failure(let e): issues += e.issues.map { var i = $0; i.isLine = true; return i }
            }
        }
        if centres.isEmpty && issues.isEmpty { issues.append(StrokeCentreIssue(entry: 0, field: nil, message: "holds no centres")) }
        return issues.isEmpty ? .success(centres) : .failure(StrokeCentreIssues(issues))
    }

    enum FieldValue: Decodable {
        case text(String), number(Double), bool(Bool), other

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .text(s) }
            else { self = .other }
        }
    }

    /// An array element: an object of fields (nulls dropped) or anything else.
    enum JSONCell: Decodable {
        case object([String: FieldValue])
        case other

        init(from decoder: Decoder) throws {
            if let dict = try? decoder.singleValueContainer().decode([String: FieldValue?].self) {
                self = .object(dict.compactMapValues { $0 })
            } else {
                self = .other
            }
        }
    }

    /// Builds and checks one centre. JSON is typed strictly; CSV cells are parsed from text.
    static func centre(from f: [String: FieldValue], entry: Int, strictTypes: Bool) -> Result<StrokeCentre, StrokeCentreIssues> {
        var issues: [StrokeCentreIssue] = []
        func issue(_ field: String, _ message: String) { issues.append(StrokeCentreIssue(entry: entry, field: field, message: message)) }
        func text(_ key: String, required: Bool = false) -> String? {
            switch f[key] {
            case .text(let s)?:
                let t = s.trimmingCharacters(in: .whitespaces)
                if t.isEmpty && required { issue(key, "is empty") }
                return t.isEmpty ? nil : t
            case nil: if required { issue(key, "is missing") }; return nil
            case .number(let n)? where !strictTypes: return String(n)
            default: issue(key, "must be text"); return nil
            }
        }
        func number(_ key: String, range: ClosedRange<Double>, required: Bool) -> Double? {
            var value: Double?
            switch f[key] {
            case .number(let n)?: value = n
            case .text(let s)? where !strictTypes:
                guard let n = Double(s), n.isFinite else { issue(key, "‘\(s)’ is not a number (\(NumberText.plain(range.lowerBound))…\(NumberText.plain(range.upperBound)))"); return nil }
                value = n
            case nil: if required { issue(key, "is missing") }; return nil
            default: issue(key, "must be a number (\(NumberText.plain(range.lowerBound))…\(NumberText.plain(range.upperBound)))"); return nil
            }
            if let v = value, !range.contains(v) { issue(key, "\(NumberText.plain(v)) is outside \(NumberText.plain(range.lowerBound))…\(NumberText.plain(range.upperBound))"); return nil }
            return value
        }
        func flag(_ key: String) -> Bool {
            switch f[key] {
            case .bool(let b)?: return b
            case nil: return false
            case .text(let s)? where !strictTypes:
                switch s.lowercased() {
                case "true", "yes", "1", "y": return true
                case "false", "no", "0", "n": return false
                default: issue(key, "‘\(s)’ is not true or false"); return false
                }
            default: issue(key, "must be true or false"); return false
            }
        }
        for key in f.keys.sorted() where !knownKeys.contains(key) {
            issue(key, "unknown key (known: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        let name = text("name", required: true)
        let typeWord = text("type", required: true)
        var type: StrokeCentreType?
        if let typeWord {
            type = StrokeCentreType(rawValue: typeWord)
            if type == nil { issue("type", "‘\(typeWord)’ is not a centre type (\(StrokeCentreType.allCases.map(\.rawValue).joined(separator: ", ")))") }
        }
        let city = text("city", required: true)
        let lat = number("latitude", range: -90...90, required: true)
        let lon = number("longitude", range: -180...180, required: true)
        let beds = number("beds", range: 0...100_000, required: false)
        if let beds, beds != beds.rounded() { issue("beds", "must be a whole number") }
        let centre = StrokeCentre(
            name: name ?? "", type: type ?? .regionalStrokeUnit, address: text("address"), city: city ?? "",
            postcode: text("postcode"), region: text("region"), country: text("country"),
            latitude: lat ?? 0, longitude: lon ?? 0, phone: text("phone"), emergencyPhone: text("emergency_phone"),
            neurosurgery: flag("neurosurgery"), thrombectomy: flag("thrombectomy"), thrombolysis: flag("thrombolysis"),
            beds: beds.map { Int($0) }, network: text("network"), sourceId: text("pwa_id"))
        _ = text("pwa_region_key")
        _ = text("pwa_category")
        return issues.isEmpty ? .success(centre) : .failure(StrokeCentreIssues(issues))
    }

    /// RFC 4180-style rows: commas, double-quoted cells with "" escapes and embedded newlines.
    static func csvRows(_ text: String) -> [(line: Int, cells: [String])] {
        var rows: [(Int, [String])] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var line = 1, rowStart = 1
        var chars = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { cell.append("\""); i += 1 } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    cell.append(c)
                }
            } else {
                switch c {
                case "\"": quoted = true
                case ",": cells.append(cell); cell = ""
                case "\n":
                    cells.append(cell); cell = ""
                    rows.append((rowStart, cells)); cells = []
                    line += 1; rowStart = line
                default: cell.append(c)
                }
            }
            i += 1
        }
        if !cell.isEmpty || !cells.isEmpty { cells.append(cell); rows.append((rowStart, cells)) }
        return rows
    }
}
