import ArgumentParser
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// `cotside report …`: documents made from the chart, as text, HTML or PDF.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make a report from the chart: text, HTML or PDF.",
        subcommands: [ReportHandoverCommand.self, ReportPatientCommand.self]
    )
}

/// `cotside report handover`: every admitted cot's shift (or one cot's), since the ward's last
/// shift change (in the hour after one, the shift that has just ended) unless `--since` says otherwise. A read, but the report names who made it, so
/// `--by` is required (no PIN: nothing is stored).
struct ReportHandoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handover",
        abstract: "The shift handover of the ward, or of one cot.",
        discussion: """
        Covers the shift since the ward's last shift change (setting shift_changes, default 07:30 and 19:30; \
        in the hour after a change, the shift that has just ended) unless --since is given, up to now or \
        --until. Text goes to standard output unless --out names a \
        file; files are written 0600 and never over an existing one without --force. Text is plain ASCII \
        when the locale (LC_ALL, LC_CTYPE, LANG) is not UTF-8. --print sends the report to the default \
        printer with CUPS' lp.
        """
    )

    @Option(help: ArgumentHelp("Only the patient admitted in this bed.", valueName: "bed")) var bed: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Start of the period (default: the last shift change), e.g. \"19:30\", -12h.",
                                                        valueName: "time"))
    var since: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("End of the period (default: now).", valueName: "time"))
    var until: String?
    @OptionGroup var report: ReportOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        try report.check()
        let ward = try WardCLI(options: options)
        let member = try await report.maker(ward)
        var patientId: Int64?
        if let bed { patientId = try await ward.patient(bed: bed).id }
        let settings = try await ward.store.settings()
        let until = try until.map { try ward.time($0, option: "--until") } ?? ward.now
        let since = try since.map { try ward.time($0, option: "--since") }
            ?? settings.shiftChanges.handoverStart(at: until, timeZone: ward.timeZone)
        guard since <= until else {
            throw CommandFailure.usage("--since \(ward.clockText(since)) is after --until \(ward.clockText(until)); "
                                       + "the start must be at or before the end")
        }
        let handover = try await ward.write {
            try await ward.store.handover(HandoverRequest(patientId: patientId, since: since, until: until, timeZone: ward.timeZone))
        }
        let document = HandoverDocument(handover, localizer: try Catalogues.localizer(for: "en"), madeBy: member,
                                        madeAt: ward.now).document
        try report.deliver(document, name: "handover")
    }
}

/// Whether the locale's character set is UTF-8, as the C library decides it: the first of
/// LC_ALL, LC_CTYPE and LANG that is set and not empty names the locale.
enum LocaleCharset {
    static func isUTF8(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}

/// Where a rendered report goes: standard output, a file (0600, never over an existing one
/// without force, never a partial one), and the printer when asked.
struct ReportOutput {
    let bytes: [UInt8]
    let format: ReportFormat
    let out: String?
    let force: Bool
    let print: Bool
    /// The temporary file's name for lp without --out ("handover", "patient-report").
    var name = "report"
    var environment = ProcessInfo.processInfo.environment

    func deliver() throws {
        var saved: String?
        if let out {
            do {
                try ReportFile.write(bytes, to: out, force: force)
            } catch let error as ReportFileError {
                throw CommandFailure.usage("--out: \(error.description)")
            }
            saved = out
        } else if !print {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        guard print else {
            printError("cotside: report written to \(out ?? "")\n")
            return
        }
        // Printing needs a file lp can read: --out's, else one in the private temporary folder.
        let file = try saved ?? temporaryFile()
        guard let lp = Printer.lp(environment) else {
            let place = saved.map { "the report was saved to \($0)" }
                ?? "the report was saved to \(file); print it from there, or name the file with --out"
            throw CommandFailure.runtime("--print: CUPS' lp is not installed (not found on PATH), so nothing was printed; \(place)")
        }
        let outcome = try Printer.send(file, lp: lp)
        guard outcome.status == 0 else {
            throw CommandFailure.runtime("lp could not print \(file) (exit \(outcome.status)): "
                                         + outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        printError("cotside: sent \(file) to the printer: \(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\n")
    }

    /// A new 0600 file in a 0700 folder of the temporary directory, for lp to read.
    func temporaryFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = folder.appendingPathComponent("\(name).\(format.rawValue == "text" ? "txt" : format.rawValue)").path
        try ReportFile.write(bytes, to: path, force: false)
        return path
    }
}
