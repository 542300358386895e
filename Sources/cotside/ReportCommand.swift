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
        subcommands: [ReportHandoverCommand.self, ReportPatientCommand.self, ReportDischargeCommand.self, ReportStrokeCommand.self]
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
    @OptionGroup var output: ReportOutputOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        _ = try output.checked()
        let ward = try await WardCLI(options: options)
        let member = try await output.maker(ward)
        var patientId: Int64?
        if let bed { patientId = try await ward.patient(bed: bed).id }
        let settings = try await ward.store.settings()
        let until = try until.map { Self.latest(try ward.time($0, option: "--until"), text: $0, notAfter: ward.now, ward) } ?? ward.now
        let since = try since.map { Self.latest(try ward.time($0, option: "--since"), text: $0, notAfter: until, ward) }
            ?? settings.shiftChanges.handoverStart(at: until, timeZone: ward.timeZone)
        guard since <= until else {
            throw CommandFailure.usage("--since \(ward.clockText(since)) is after --until \(ward.clockText(until)); "
                                       + "the start must be at or before the end")
        }
        let handover = try await ward.write {
            try await ward.store.handover(HandoverRequest(patientId: patientId, since: since, until: until, timeZone: ward.timeZone))
        }
        let localizer = output.localizer()
        let document = HandoverDocument(handover, localizer: localizer, madeBy: member, madeAt: ward.now).document
        try output.deliver(document, kind: "handover", localizer)
    }
}

extension ReportHandoverCommand {
    /// A bare clock time ("19:30") names the latest such time, not today's: at the 07:30 handover
    /// `--since 19:30` is last night's shift change (it read as this evening's and was refused as
    /// after the end). Dates and relative times are taken as written.
    static func latest(_ parsed: Date, text: String, notAfter end: Date, _ ward: WardCLI) -> Date {
        let isClockTime = text.trimmingCharacters(in: .whitespaces).range(of: #"^\d{1,2}:\d{2}$"#, options: .regularExpression) != nil
        guard isClockTime, parsed > end else { return parsed }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ward.timeZone
        return calendar.date(byAdding: .day, value: -1, to: parsed) ?? parsed
    }
}
