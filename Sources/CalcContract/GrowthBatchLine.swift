import Clinical
import Foundation

/// The batch's fast path for its most common line, a plain valid growth call such as
/// `{"id":7,"tool":"growth","sex":"male","age_days":540,"weight_kg":9.05}`: keys are
/// matched as bytes (no String per key), values are checked against the growth spec's ranges
/// in place, and the answer is written straight from the computed z-scores into the batch's
/// buffer (no ToolResult, no intermediate arrays).
///
/// It only ever answers lines whose answer it can write exactly as the general path would
/// (`CalcEvaluator.answer` then `CalcAnswer.writeJSON`): anything else (an error of any kind,
/// escapes, `age_months`, a gestational age, unusual number forms, other tools) makes it return false having
/// written nothing, and the general path answers the line. CalcBatchTests holds the two paths
/// byte-equal.
enum GrowthBatchLine {
    /// The growth spec's ranges, read once from the declaration so they cannot drift from it.
    private static let ranges: (ageDays: ClosedRange<Double>, weightKg: ClosedRange<Double>, lengthCm: ClosedRange<Double>)? = {
        let spec = GrowthTool.spec
        guard spec.id == "growth",
              case .integer? = spec.input("age_days")?.kind,
              case .number? = spec.input("weight_kg")?.kind,
              case .number? = spec.input("length_cm")?.kind,
              case .word(let sexes)? = spec.input("sex")?.kind, sexes.contains("male"), sexes.contains("female"),
              let age = spec.input("age_days")?.range, let weight = spec.input("weight_kg")?.range,
              let length = spec.input("length_cm")?.range
        else { return nil }
        return (age, weight, length)
    }()

    /// Powers of ten exact in a Double, as FlatJSONReader's number fast path uses them.
    fileprivate static let powersOfTen: [Double] = (0...22).map { pow10($0) }

    private static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<n { v *= 10 }
        return v
    }

    // Bits for the keys seen on a line.
    private static let idBit = 1, toolBit = 2, sexBit = 4, ageBit = 8, weightBit = 16, lengthBit = 32

    /// The WHO tables for `answer`, taken out of `WHOGrowthStandard.shared` once per batch slice:
    /// read on every line, the shared `Result` is copied (its seven arrays retained and released)
    /// across the module boundary, which made the fast path about 1.7 times slower.
    static var standard: WHOGrowthStandard? { try? WHOGrowthStandard.shared.get() }

    /// Answers `line` into `w` (without the newline) when it is a plain valid growth call;
    /// otherwise returns false and leaves `w` untouched.
    static func answer(_ line: UnsafeRawBufferPointer, into w: inout JSONWriter) -> Bool {
        answer(line, standard: standard, into: &w)
    }

    /// `answer(_:into:)` with the tables already in hand (nil when they failed to load: every
    /// line then takes the general path, which reports why).
    static func answer(_ line: UnsafeRawBufferPointer, standard: WHOGrowthStandard?, into w: inout JSONWriter) -> Bool {
        guard let ranges, let standard else { return false }
        var c = Cursor(line.assumingMemoryBound(to: UInt8.self))
        var seen = 0
        var idRange: Range<Int>?
        var male = false
        var ageDays = 0.0, weight = 0.0, length = 0.0

        c.skipSpace()
        guard c.take(UInt8(ascii: "{")) else { return false }
        while true {
            c.skipSpace()
            guard let key = c.plainString() else { return false }
            c.skipSpace()
            guard c.take(UInt8(ascii: ":")) else { return false }
            c.skipSpace()
            let bit: Int
            switch key.count {
            case 2 where c.equals(key, "id"):
                bit = idBit
                let start = c.i
                if c.peek(0x22) {
                    guard c.plainString() != nil else { return false }
                } else {
                    guard c.skipNumber() else { return false }
                }
                idRange = start..<c.i
            case 4 where c.equals(key, "tool"):
                bit = toolBit
                guard let value = c.plainString(), c.equals(value, "growth") else { return false }
            case 3 where c.equals(key, "sex"):
                bit = sexBit
                guard let value = c.plainString() else { return false }
                if c.equals(value, "male") { male = true } else if !c.equals(value, "female") { return false }
            case 8 where c.equals(key, "age_days"):
                bit = ageBit
                guard let v = c.plainNumber(), v == v.rounded(), ranges.ageDays.contains(v) else { return false }
                ageDays = v
            case 9 where c.equals(key, "weight_kg"):
                bit = weightBit
                guard let v = c.plainNumber(), ranges.weightKg.contains(v) else { return false }
                weight = v
            case 9 where c.equals(key, "length_cm"):
                bit = lengthBit
                guard let v = c.plainNumber(), ranges.lengthCm.contains(v) else { return false }
                length = v
            default:
                return false
            }
            guard seen & bit == 0 else { return false }
            seen |= bit
            c.skipSpace()
            if c.take(UInt8(ascii: ",")) { continue }
            guard c.take(UInt8(ascii: "}")) else { return false }
            break
        }
        c.skipSpace()
        guard c.atEnd,
              seen & (toolBit | sexBit | ageBit) == toolBit | sexBit | ageBit,
              seen & (weightBit | lengthBit) != 0 else { return false }

        // The valid call, computed and written as GrowthTool.compute and CalcAnswer.writeJSON do.
        let sex: ReferenceSex = male ? .male : .female
        let day = Int(ageDays)
        let hasWeight = seen & weightBit != 0, hasLength = seen & lengthBit != 0
        let weightZ = hasWeight ? standard.zScore(.weightForAge, sex, day: day, value: weight) : 0
        let lengthZ = hasLength ? standard.zScore(.lengthForAge, sex, day: day, value: length) : 0
        let weightP = hasWeight ? WHOGrowthStandard.percentile(z: weightZ) : 0
        let lengthP = hasLength ? WHOGrowthStandard.percentile(z: lengthZ) : 0

        let weightWarns = hasWeight && abs(weightZ) > GrowthTool.implausibleZ
        let lengthWarns = hasLength && abs(lengthZ) > GrowthTool.implausibleZ
        // Everything up to the warnings is composed in a scratch buffer with plain pointer
        // writes and appended once: per-piece array appends cost more than the z-scores.
        // At most about 480 bytes besides the id.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024 + (idRange?.count ?? 0)) { scratch in
            var o = Out(base: scratch.baseAddress!)
            if let idRange {
                o.put("{\"id\":")
                o.put(UnsafeRawBufferPointer(rebasing: line[idRange]))
                o.put(",\"ok\":true,\"tool\":\"growth\",\"result\":{")
            } else {
                o.put("{\"id\":null,\"ok\":true,\"tool\":\"growth\",\"result\":{")
            }
            if hasWeight {
                o.put("\"weight_for_age\":{\"z\":")
                o.number(weightZ)
                o.put(",\"percentile\":")
                o.number(weightP)
                o.put("},")
            }
            if hasLength {
                o.put("\"length_for_age\":{\"z\":")
                o.number(lengthZ)
                o.put(",\"percentile\":")
                o.number(lengthP)
                o.put("},")
            }
            o.put("\"age_days\":")
            o.integer(day)
            // No gestation on the line: WHO by chronological age (GrowthChartChoice).
            o.put(",\"chart\":\"who_child_growth_standards\",\"chart_age\":\"chronological\",\"chart_age_days\":")
            o.integer(day)
            o.put(",\"summary\":\"")
            if hasWeight {
                o.put("Weight-for-age z ")
                o.rounded(weightZ, digits: 2)
                o.put(" (percentile ")
                o.rounded(weightP, digits: 1)
                o.put(")")
            }
            if hasLength {
                o.put(hasWeight ? "; Length-for-age z " : "Length-for-age z ")
                o.rounded(lengthZ, digits: 2)
                o.put(" (percentile ")
                o.rounded(lengthP, digits: 1)
                o.put(")")
            }
            o.put(" at day ")
            o.integer(day)
            o.put(male ? ", male. WHO Child Growth Standards, chronological age.\"},\"warnings\":["
                       : ", female. WHO Child Growth Standards, chronological age.\"},\"warnings\":[")
            w.raw(UnsafeRawBufferPointer(start: scratch.baseAddress, count: o.n))
        }
        // Rare (|z| > 5): written through JSONWriter's own string escaping.
        if weightWarns { warning("Weight-for-age", weightZ, into: &w) }
        if lengthWarns {
            if weightWarns { w.byte(UInt8(ascii: ",")) }
            warning("Length-for-age", lengthZ, into: &w)
        }
        w.raw("]}")
        return true
    }

    /// A reading position in one line. A struct with mutating methods rather than nested
    /// functions capturing a local index, which would cost a dynamic exclusivity check per call.
    struct Cursor {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0

        init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

        var atEnd: Bool { i >= b.count }

        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }

        @inline(__always) func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }

        @inline(__always) func peekDigit() -> Bool { i < b.count && isDigit(b[i]) }

        /// Consumes `c` if it is the next byte.
        @inline(__always) mutating func take(_ c: UInt8) -> Bool {
            guard peek(c) else { return false }
            i += 1
            return true
        }

        @inline(__always) mutating func skipSpace() {
            while i < b.count {
                switch b[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        /// A plain decimal (no sign, no exponent, at most 15 significant digits), read exactly
        /// as FlatJSONReader reads it; nil for anything else.
        mutating func plainNumber() -> Double? {
            guard peekDigit() else { return nil }
            var mantissa: UInt64 = 0
            var digits = 0
            if b[i] == 0x30 {
                i += 1
                if peekDigit() { return nil }
            } else {
                while peekDigit() {
                    if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48) }
                    digits += 1
                    i += 1
                }
            }
            var fractionDigits = 0
            if take(UInt8(ascii: ".")) {
                guard peekDigit() else { return nil }
                while peekDigit() {
                    if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48) }
                    if mantissa != 0 || digits > 0 { digits += 1 }
                    fractionDigits += 1
                    i += 1
                }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) { return nil }
            guard digits <= 15, fractionDigits <= 22 else { return nil }
            return Double(mantissa) / GrowthBatchLine.powersOfTen[fractionDigits]
        }

        /// Skips a JSON number of any form (an `id` is echoed as written); false if malformed.
        mutating func skipNumber() -> Bool {
            _ = take(UInt8(ascii: "-"))
            guard peekDigit() else { return false }
            if b[i] == 0x30 {
                i += 1
                if peekDigit() { return false }
            } else {
                while peekDigit() { i += 1 }
            }
            if take(UInt8(ascii: ".")) {
                guard peekDigit() else { return false }
                while peekDigit() { i += 1 }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard peekDigit() else { return false }
                while peekDigit() { i += 1 }
            }
            return true
        }

        /// A string of printable ASCII without escapes, from its opening quote; returns the
        /// range of its contents, nil for anything else (escapes and UTF-8 take the general path).
        mutating func plainString() -> Range<Int>? {
            guard take(0x22) else { return nil }
            let start = i
            while i < b.count {
                let c = b[i]
                if c == 0x22 { i += 1; return start..<(i - 1) }
                if c < 0x20 || c >= 0x7F || c == 0x5C { return nil }
                i += 1
            }
            return nil
        }

        @inline(__always) func equals(_ r: Range<Int>, _ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard r.count == count else { return false }
            return memcmp(b.baseAddress! + r.lowerBound, word.utf8Start, count) == 0
        }
    }

    /// Appends to a scratch buffer large enough for the answer (checked by the caller's sizing).
    /// `number`, `integer` and `rounded` write exactly what JSONWriter.number,
    /// JSONWriter.integer and NumberText.appendRounded append.
    struct Out {
        let base: UnsafeMutablePointer<UInt8>
        var n = 0

        @inline(__always) mutating func put(_ s: StaticString) {
            (base + n).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
            n += s.utf8CodeUnitCount
        }

        mutating func put(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(base + n).copyMemory(from: source, byteCount: bytes.count)
            n += bytes.count
        }

        mutating func integer(_ v: Int) {
            n += NumberText.writeDecimal(Int64(v), digits: 0, into: UnsafeMutableBufferPointer(start: base + n, count: 32))
        }

        mutating func number(_ v: Double) {
            guard v.isFinite else { put("null"); return }
            if v == v.rounded(), abs(v) < 1e15 {
                integer(Int(v))
                if v == 0, v.sign == .minus { return }
                put(".0")
                return
            }
            var sink = PointerSink(base: base, n: n)
            v.write(to: &sink)
            n = sink.n
        }

        mutating func rounded(_ v: Double, digits: Int) {
            let scaled = (v * NumberText.powerOfTen(digits)).rounded()
            if (1...4).contains(digits), abs(scaled) < 1e15 {
                n += NumberText.writeDecimal(Int64(scaled), digits: digits, into: UnsafeMutableBufferPointer(start: base + n, count: 32))
            } else {
                var sink = PointerSink(base: base, n: n)
                sink.write(NumberText.rounded(v, digits: digits))
                n = sink.n
            }
        }
    }

    /// Receives `Double.write(to:)`'s ASCII straight into the scratch buffer.
    struct PointerSink: TextOutputStream {
        let base: UnsafeMutablePointer<UInt8>
        var n: Int

        mutating func write(_ string: String) {
            for b in string.utf8 {
                base[n] = b
                n += 1
            }
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let source = buffer.baseAddress else { return }
            (base + n).update(from: source, count: buffer.count)
            n += buffer.count
        }
    }

    /// GrowthTool's implausible-value warning, as a JSON string.
    private static func warning(_ what: StaticString, _ z: Double, into w: inout JSONWriter) {
        w.string("\(what) z \(NumberText.rounded(z, digits: 2)) is beyond ±\(NumberText.plain(GrowthTool.implausibleZ)) SD: likely a measurement or entry error; measure again.")
    }
}
