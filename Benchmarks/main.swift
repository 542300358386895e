// `make bench` runs every suite; `cotside-bench SUITE [options]` runs one.
// The calc batch benchmark is a script (scripts/bench/calc-batch.sh) because it measures the
// installed command end to end, with a Python implementation beside it.
import Foundation

let benchArguments = Array(CommandLine.arguments.dropFirst())
let suites: [(name: String, run: ([String]) async throws -> Void)] = [
    ("store", { try await runStoreBenchmarks(arguments: $0) }),
    ("meds", { try await runMedsBenchmarks(arguments: $0) }),
    ("charts", { _ in runChartBenchmarks() }),
    ("trends", { try await runTrendsBenchmarks(arguments: $0) }),
    ("search", { try await runSearchBenchmarks(arguments: $0) }),
    ("latency", { try await runLatencyBenchmarks(arguments: $0) }),
    ("audit", { try await runAuditBenchmarks(arguments: $0) }),
    ("reports", { try await runReportBenchmarks(arguments: $0) }),
    ("render", { runRenderBenchmarks(arguments: $0) }),
    ("frames", { try await runFrameBenchmarks(arguments: $0) }),
    ("pages", { try await runPageBenchmarks(arguments: $0) }),
]
if let name = benchArguments.first, !name.hasPrefix("-") {
    guard let suite = suites.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("cotside-bench: unknown suite \(name); suites: \(suites.map(\.name).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    try await suite.run(Array(benchArguments.dropFirst()))
} else {
    for suite in suites {
        print("== \(suite.name) ==")
        try await suite.run(benchArguments)
    }
}
