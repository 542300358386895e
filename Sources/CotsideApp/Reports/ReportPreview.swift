import Foundation
import ReportKit
import WardStore

/// Who is making a report, and with what words and clock: captured on the main actor when the
/// preview loads, so the document is made off it (with the store's read) and names its maker.
public struct ReportMaker: Sendable {
    public var staff: Staff
    public var localizer: Localizer
    public var now: Date
    public var timeZone: TimeZone
    public var wardSettings: WardSettings

    public init(staff: Staff, localizer: Localizer, now: Date, timeZone: TimeZone, wardSettings: WardSettings) {
        self.staff = staff
        self.localizer = localizer
        self.now = now
        self.timeZone = timeZone
        self.wardSettings = wardSettings
    }
}

/// One kind of report as the preview shows it: its name for files ("handover" →
/// `handover-20261126-0730.pdf`), its words (catalogue keys), and how it is made from the store.
/// Each report declares one (`HandoverPreview.preview`); `ReportPreviewScreen` does the rest.
public struct ReportPreview: Sendable {
    /// Catalogue keys for what the preview says; the section keys default to "section" words,
    /// a report whose sections are cots says "cot".
    public struct Words: Sendable {
        public var title: String
        /// Said instead of the report when nobody is signed in ("the report names who made it").
        public var needsUser: String
        public var nextSection = "report.key.next_section"
        public var previousSection = "report.key.previous_section"
        public var pickSection = "report.key.sections"
        public var nextSectionHelp = "report.help.next_section"
        public var previousSectionHelp = "report.help.previous_section"
        public var pickSectionHelp = "report.help.pick_section"
        /// The section picker's heading.
        public var pickHeading = "report.pick_section"
        public var saveTitle = "report.save.title"
        /// "… saved to {0} (readable by you only)".
        public var saved = "report.save.done"

        public init(title: String, needsUser: String) {
            self.title = title
            self.needsUser = needsUser
        }
    }

    /// Names saved files (letters, digits and dashes): "handover", "stroke-assessment".
    public var kind: String
    public var words: Words
    /// Reads what the report needs and makes the document; runs off the main actor as a command.
    public var make: @Sendable (any WardRepository, ReportMaker) async throws -> ReportDocument

    public init(kind: String, words: Words, make: @escaping @Sendable (any WardRepository, ReportMaker) async throws -> ReportDocument) {
        self.kind = kind
        self.words = words
        self.make = make
    }
}
