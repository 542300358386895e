// Benchmarks entry point. The lead wires the other areas in; store benchmarks run with `store`.
import Foundation

let benchArguments = Array(CommandLine.arguments.dropFirst())
if benchArguments.first == "store" || benchArguments.isEmpty {
    try await runStoreBenchmarks(arguments: Array(benchArguments.dropFirst()))
} else {
    print("cotside-bench: unknown benchmark \(benchArguments[0]); use `store`")
}
