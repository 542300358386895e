import Clinical

/// The `cotside calc` command line, apart from argument capture and real stdin/stdout,
/// so it can be tested as a function: arguments in, text and an exit code out.
public enum CalcCLI {
    public struct Outcome: Sendable, Equatable {
        public var stdout: String
        public var stderr: String
        public var exitCode: Int32

        public init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0) {
            self.stdout = stdout
            self.stderr = stderr
            self.exitCode = exitCode
        }
    }

    /// What the arguments ask for.
    public enum Mode: Equatable, Sendable {
        case batch
        case other
    }

    /// Exit codes of the contract: 0 answered, 2 bad input or usage.
    public static let exitOK: Int32 = 0
    public static let exitBadInput: Int32 = 2

    public static let usage = """
        Usage:
          cotside calc --list                        list the tools
          cotside calc TOOL --help                   a tool's inputs, ranges and reference
          cotside calc TOOL key=value ... [--json]   run a tool (exit 2 on bad input)
          cotside calc --batch < in.jsonl > out.jsonl
                                                     JSON Lines: one answer per non-blank line, in order

        """

    public static func mode(_ arguments: [String]) -> Mode {
        arguments == ["--batch"] ? .batch : .other
    }

    /// Whether the locale can show the status symbols (✔ ▲); otherwise ASCII stands in.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// Everything but `--batch` (which streams; see `CalcBatch.run`). `ascii` swaps the status
    /// symbols for ASCII ones in human text (non-UTF-8 terminals); `wording` is the catalogue
    /// human text is worded from (nil: English). `--json` answers are the same in every language.
    public static func run(_ arguments: [String], ascii: Bool = false, wording: (any ClinicalLookup)? = nil) -> Outcome {
        if arguments.isEmpty {
            return Outcome(stderr: usage + "\n" + TextRenderer.list(wording: wording), exitCode: exitBadInput)
        }
        if arguments.contains("--batch") {
            return Outcome(stderr: "cotside calc: --batch takes no other arguments; it reads JSON Lines on stdin\n", exitCode: exitBadInput)
        }
        if arguments.first == "--list" {
            guard arguments.count == 1 else {
                return Outcome(stderr: "cotside calc: --list takes no other arguments\n", exitCode: exitBadInput)
            }
            return Outcome(stdout: TextRenderer.list(wording: wording))
        }
        if arguments.first == "--help" || arguments.first == "-h" {
            return Outcome(stdout: usage + "\n" + TextRenderer.list(wording: wording))
        }
        // --json may stand anywhere; the first remaining argument names the tool.
        let json = arguments.contains("--json")
        var rest = arguments.filter { $0 != "--json" }
        let name = rest.isEmpty ? "" : rest.removeFirst()
        if name.hasPrefix("-") {
            return Outcome(stderr: "cotside calc: unknown option ‘\(name)’\n" + usage, exitCode: exitBadInput)
        }
        guard let tool = ToolRegistry.tool(id: name) else {
            let answer = CalcAnswer(id: .absent, tool: name.isEmpty ? nil : name, outcome: .failure(ToolErrors(
                field: "tool", name.isEmpty ? "a tool is required (tools: \(CalcEvaluator.toolList))" : "unknown tool ‘\(name)’ (tools: \(CalcEvaluator.toolList))")))
            return failure(answer, json: json)
        }
        if rest.contains("--help") || rest.contains("-h") {
            return Outcome(stdout: TextRenderer.help(tool.spec, wording: wording))
        }
        if let option = rest.first(where: { $0.hasPrefix("--") }) {
            let answer = CalcAnswer(id: .absent, tool: tool.spec.id, outcome: .failure(ToolErrors(
                field: option, "unknown option ‘\(option)’ (options: --json, --help)")))
            return failure(answer, json: json)
        }
        let answer = CalcEvaluator.answer(tool: tool.spec.id, arguments: rest)
        switch answer.outcome {
        case .failure: return failure(answer, json: json)
        case .success(let result):
            if json { return Outcome(stdout: answer.json + "\n") }
            let raw = (try? KeyValueArguments.parse(rest).get()) ?? [:]
            return Outcome(stdout: TextRenderer.result(result, spec: tool.spec, inputs: raw, ascii: ascii, wording: wording))
        }
    }

    static func failure(_ answer: CalcAnswer, json: Bool) -> Outcome {
        guard case .failure(let errors) = answer.outcome else { return Outcome() }
        if json { return Outcome(stdout: answer.json + "\n", exitCode: exitBadInput) }
        return Outcome(stderr: TextRenderer.errors(errors, tool: answer.tool), exitCode: exitBadInput)
    }
}
