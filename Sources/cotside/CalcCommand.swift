import ArgumentParser
import CalcContract
import CotsideApp
import Foundation
import TerminalUI

/// `cotside calc`: the calculators for scripts and other systems (interface: docs/calculators.md).
/// Arguments are captured raw, because ArgumentParser would swallow `TOOL --help` and the
/// tool's own key=value inputs; `CalcCLI` (in CalcContract) does the rest and is unit-tested.
struct CalcCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calc",
        abstract: "Run a clinical calculator, list them, or answer JSON Lines in batch.",
        discussion: CalcCLI.usage
    )

    @Argument(parsing: .captureForPassthrough, help: "--list | --batch | TOOL --help | TOOL key=value ... [--json] [--lang CODE]")
    var arguments: [String] = []

    mutating func run() throws {
        if CalcCLI.mode(arguments) == .batch {
            // A closed pipe ends the batch with an error instead of killing the process.
            signal(SIGPIPE, SIG_IGN)
            let summary = CalcBatch.run()
            if !summary.outputOK {
                printError("cotside calc --batch: could not write the answers (output closed)\n")
                throw ExitCode(1)
            }
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let language: (arguments: [String], localizer: Localizer)
        do {
            language = try CalcLanguage.choose(arguments, environment: environment)
        } catch {
            printError("cotside calc: \(error)\n")
            throw ExitCode(2)
        }
        let outcome = CalcCLI.run(language.arguments, ascii: !CalcCLI.localeIsUTF8(environment), wording: language.localizer)
        if !outcome.stdout.isEmpty { FileHandle.standardOutput.write(Data(TerminalText.sanitized(outcome.stdout).utf8)) }
        if !outcome.stderr.isEmpty { printError(outcome.stderr) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}
