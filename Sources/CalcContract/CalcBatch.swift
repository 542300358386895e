import Clinical
import Foundation

/// `cotside calc --batch`: JSON Lines in, one answer line per non-blank input line out,
/// in input order. Reads in blocks, answers each block's lines on every core, writes the
/// block's answers in order, then moves on, so memory stays flat however long the input.
public enum CalcBatch {
    public struct Options: Sendable {
        /// Bytes read from the input at a time; also bounds how many lines are in flight.
        public var blockBytes: Int = 1 << 20
        /// A line still unfinished after this many bytes is answered with an error instead of
        /// being held in memory (a line that ends within the same read block is still read).
        public var maxLineBytes: Int = 16 << 20
        /// Worker count; defaults to the machine's active cores.
        public var workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

        public init() {}
    }

    public struct Summary: Sendable, Equatable {
        /// Lines answered (blank lines excluded).
        public var answered: Int
        public var failedLines: Int
        /// False when the output could not be written (closed pipe, full disk).
        public var outputOK: Bool
    }

    /// Runs over file descriptors (stdin → stdout for the CLI).
    public static func run(input: Int32 = 0, output: Int32 = 1, options: Options = Options()) -> Summary {
        run(options: options, read: { buffer in
            while true {
                let n = Foundation.read(input, buffer.baseAddress, buffer.count)
                if n < 0 && errno == EINTR { continue }
                return max(n, 0)
            }
        }, write: { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        })
    }

    /// Runs over in-memory input; for tests and embedding.
    public static func run(_ input: [UInt8], options: Options = Options()) -> (output: [UInt8], summary: Summary) {
        var offset = 0
        var output: [UInt8] = []
        let summary = run(options: options, read: { buffer in
            let n = min(buffer.count, input.count - offset)
            input.withUnsafeBytes { src in
                buffer.baseAddress!.copyMemory(from: src.baseAddress! + offset, byteCount: n)
            }
            offset += n
            return n
        }, write: { bytes in
            output.append(contentsOf: bytes)
            return true
        })
        return (output, summary)
    }

    /// The streaming loop over any byte source and sink.
    public static func run(
        options: Options,
        read: (UnsafeMutableRawBufferPointer) -> Int,
        write: (UnsafeRawBufferPointer) -> Bool
    ) -> Summary {
        var summary = Summary(answered: 0, failedLines: 0, outputOK: true)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: options.blockBytes, alignment: 1)
        defer { block.deallocate() }
        var pending: [UInt8] = []
        let slots = Slots()
        var discarding = false
        var outputOK = true

        func emit(_ bytes: [UInt8]) {
            guard outputOK else { return }
            outputOK = bytes.withUnsafeBytes { write($0) }
        }
        func answerTooLong() {
            let answer = CalcAnswer(id: .null, tool: nil, outcome: .failure(ToolErrors(
                field: "input", "the line is longer than \(options.maxLineBytes) bytes; each line must be one small JSON object")))
            var w = JSONWriter()
            answer.writeJSON(into: &w)
            w.byte(0x0A)
            summary.answered += 1
            summary.failedLines += 1
            emit(w.bytes)
        }

        while outputOK {
            let n = read(block)
            let atEOF = n == 0
            var chunk = UnsafeRawBufferPointer(rebasing: block[0..<n])
            if discarding {
                if let newline = chunk.firstIndex(of: 0x0A) {
                    answerTooLong()
                    discarding = false
                    chunk = UnsafeRawBufferPointer(rebasing: chunk[(newline + 1)...])
                } else {
                    if atEOF { answerTooLong(); break }
                    continue
                }
            }
            pending.append(contentsOf: chunk)
            let consumed = answerCompleteLines(pending, atEOF: atEOF, options: options, slots: slots, summary: &summary, emit: emit)
            pending.removeFirst(consumed)
            if pending.count > options.maxLineBytes {
                pending.removeAll()
                discarding = true
            }
            if atEOF { break }
        }
        summary.outputOK = outputOK
        return summary
    }

    /// Answers every complete line of `bytes` (and the unterminated tail at end of input);
    /// returns how many bytes were consumed.
    static func answerCompleteLines(
        _ bytes: [UInt8], atEOF: Bool, options: Options, slots: Slots, summary: inout Summary, emit: ([UInt8]) -> Void
    ) -> Int {
        var lines: [Range<Int>] = []
        var start = 0
        var consumed = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            // memchr finds each newline a word at a time rather than byte by byte.
            if let base = buffer.baseAddress {
                while start < count, let found = memchr(base + start, 0x0A, count - start) {
                    let i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if !isBlank(buffer, start..<i) { lines.append(start..<i) }
                    start = i + 1
                }
            }
            consumed = start
            if atEOF && start < count {
                if !isBlank(buffer, start..<count) { lines.append(start..<count) }
                consumed = count
            }
        }
        guard !lines.isEmpty else { return consumed }
        answer(lines: lines, in: bytes, workers: options.workers, slots: slots, summary: &summary, emit: emit)
        return consumed
    }

    static func isBlank(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for i in range {
            switch buffer[i] {
            case 0x20, 0x09, 0x0D: continue
            default: return false
            }
        }
        return true
    }

    /// Each slice's answer buffer, kept from block to block so the pages are reused; every
    /// slot is written by exactly one worker at a time.
    final class Slots: @unchecked Sendable {
        var writers: [JSONWriter] = []
        var failures: [Int] = []

        func prepare(_ count: Int) {
            while writers.count < count { writers.append(JSONWriter(capacity: 1 << 16)) }
            failures = Array(repeating: 0, count: count)
        }
    }

    static func answer(lines: [Range<Int>], in bytes: [UInt8], workers: Int, slots: Slots,
                       summary: inout Summary, emit: ([UInt8]) -> Void) {
        let sliceCount = lines.count < 256 ? 1 : min(lines.count / 128, workers * 4)
        slots.prepare(sliceCount)
        let perSlice = (lines.count + sliceCount - 1) / sliceCount
        let work: @Sendable (Int) -> Void = { (slice: Int) in
            let lower = slice * perSlice
            let upper = min(lines.count, lower + perSlice)
            var writer = slots.writers[slice]
            slots.writers[slice] = JSONWriter(capacity: 0)   // hand the buffer over, keep it unique
            writer.reset()
            var failures = 0
            let growthStandard = GrowthBatchLine.standard
            if lower < upper {
                bytes.withUnsafeBytes { raw in
                    for k in lower..<upper {
                        var range = lines[k]
                        if range.upperBound > range.lowerBound, raw[range.upperBound - 1] == 0x0D {
                            range = range.lowerBound..<(range.upperBound - 1)
                        }
                        let line = UnsafeRawBufferPointer(rebasing: raw[range])
                        // The common valid growth line is answered without building a ToolResult.
                        if GrowthBatchLine.answer(line, standard: growthStandard, into: &writer) {
                            writer.byte(0x0A)
                            continue
                        }
                        let answer = CalcEvaluator.answer(line: line)
                        if !answer.isOK { failures += 1 }
                        answer.writeJSON(into: &writer)
                        writer.byte(0x0A)
                    }
                }
            }
            slots.writers[slice] = writer
            slots.failures[slice] = failures
        }
        if sliceCount == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: sliceCount, execute: work)
        }
        summary.answered += lines.count
        summary.failedLines += slots.failures.reduce(0, +)
        for slice in 0..<sliceCount { emit(slots.writers[slice].bytes) }
    }
}
