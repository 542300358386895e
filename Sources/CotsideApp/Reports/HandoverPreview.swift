import Foundation
import ReportKit
import WardStore

/// The shift handover in the report preview (palette "Handover", `H` on the Dashboard): every
/// cot's shift since the last shift change (in the hour after one, the shift just ended), one
/// cot after another; `]` / `[` and `c` go from cot to cot.
enum HandoverPreview {
    static let kind = "handover"

    static var preview: ReportPreview {
        var words = ReportPreview.Words(title: "handover.title", needsUser: "handover.needs_user")
        words.nextSection = "key.next_cot"
        words.previousSection = "key.previous_cot"
        words.pickSection = "key.pick_cot"
        words.nextSectionHelp = "handover.help.next_cot"
        words.previousSectionHelp = "handover.help.previous_cot"
        words.pickSectionHelp = "handover.help.pick_cot"
        words.pickHeading = "handover.pick_cot"
        words.saveTitle = "handover.save.title"
        words.saved = "handover.save.done"
        return ReportPreview(kind: kind, words: words) { repository, maker in
            let since = maker.wardSettings.shiftChanges.handoverStart(at: maker.now, timeZone: maker.timeZone)
            let handover = try await repository.handover(HandoverRequest(since: since, until: maker.now, timeZone: maker.timeZone))
            return HandoverDocument(handover, localizer: maker.localizer, madeBy: maker.staff, madeAt: handover.request.until).document
        }
    }
}
