import Clinical
import TerminalUI

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

    /// `usage` in the wording's language (the command names and options stay as typed).
    static let usageText = ClinicalText("calc.text.usage_block", usage)

    public static func mode(_ arguments: [String]) -> Mode {
        arguments == ["--batch"] ? .batch : .other
    }

    /// Whether the locale can show the status symbols (✔ ▲); otherwise ASCII stands in.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        LocaleCharset.namesUTF8(environment)
    }

    /// Everything but `--batch` (which streams; see `CalcBatch.run`). `ascii` swaps the status
    /// symbols for ASCII ones in human text (non-UTF-8 terminals); `wording` is the catalogue
    /// human text is worded from (nil: English). `--json` answers are the same in every language.
    public static func run(_ arguments: [String], ascii: Bool = false, wording: (any ClinicalLookup)? = nil) -> Outcome {
        if arguments.isEmpty {
            return Outcome(stderr: usageText.resolved(wording) + "\n" + TextRenderer.list(wording: wording), exitCode: exitBadInput)
        }
        if arguments.contains("--batch") {
            return Outcome(stderr: "cotside calc: \(CallErrorText.batchAlone.resolved(wording))\n", exitCode: exitBadInput)
        }
        if arguments.first == "--list" {
            guard arguments.count == 1 else {
                return Outcome(stderr: "cotside calc: \(CallErrorText.listAlone.resolved(wording))\n", exitCode: exitBadInput)
            }
            return Outcome(stdout: TextRenderer.list(wording: wording))
        }
        if arguments.first == "--help" || arguments.first == "-h" {
            return Outcome(stdout: usageText.resolved(wording) + "\n" + TextRenderer.list(wording: wording))
        }
        // --json may stand anywhere; the first remaining argument names the tool.
        let json = arguments.contains("--json")
        var rest = arguments.filter { $0 != "--json" }
        let name = rest.isEmpty ? "" : rest.removeFirst()
        if name.hasPrefix("-") {
            return Outcome(stderr: "cotside calc: \(CallErrorText.unknownOption(name).resolved(wording))\n" + usageText.resolved(wording), exitCode: exitBadInput)
        }
        guard let tool = ToolRegistry.tool(id: name) else {
            let answer = CalcAnswer(id: .absent, tool: name.isEmpty ? nil : name, outcome: .failure(ToolErrors(
                field: "tool", name.isEmpty ? CallErrorText.toolRequired : CallErrorText.unknownTool(name))))
            return failure(answer, json: json, wording: wording)
        }
        if rest.contains("--help") || rest.contains("-h") {
            return Outcome(stdout: TextRenderer.help(tool.spec, wording: wording))
        }
        if let option = rest.first(where: { $0.hasPrefix("--") }) {
            let answer = CalcAnswer(id: .absent, tool: tool.spec.id, outcome: .failure(ToolErrors(
                field: option, CallErrorText.unknownToolOption(option))))
            return failure(answer, json: json, wording: wording)
        }
        let answer = CalcEvaluator.answer(tool: tool.spec.id, arguments: rest)
        switch answer.outcome {
        case .failure: return failure(answer, json: json, wording: wording)
        case .success(let result):
            if json { return Outcome(stdout: answer.json + "\n") }
            let raw = (try? KeyValueArguments.parse(rest).get()) ?? [:]
            return Outcome(stdout: TextRenderer.result(result, spec: tool.spec, inputs: raw, ascii: ascii, wording: wording))
        }
    }

    /// Bad input: the contract's English JSON with `--json`, else every error in the wording's language.
    static func failure(_ answer: CalcAnswer, json: Bool, wording: (any ClinicalLookup)?) -> Outcome {
        guard case .failure(let errors) = answer.outcome else { return Outcome() }
        if json { return Outcome(stdout: answer.json + "\n", exitCode: exitBadInput) }
        return Outcome(stderr: TextRenderer.errors(errors, tool: answer.tool, wording: wording), exitCode: exitBadInput)
    }
}
