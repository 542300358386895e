import Clinical
import Foundation
import WardStore

/// The line every dosage result carries: "Reviewed by <name> on <date>" when the ward's
/// pharmacist signed off exactly this drug table, else "Needs local pharmacist review" (never
/// signed, or signed for a table that has since changed). The calculator stays ward-free; the
/// sign-off comes from the ward here, in the presentation. Pure.
@MainActor
enum DosageReview {
    static func line(_ signOff: DrugTableSignOff?, table: DrugFormulary, _ context: AppContext) -> (text: String, reviewed: Bool) {
        guard let signOff else { return (context.t("tools.dosage.review_needed", table.version), false) }
        let day = CalendarDay(signOff.signedAt, in: context.clock.timeZone).description
        guard signOff.covers(version: table.version, checksum: table.checksum) else {
            return (context.t("tools.dosage.review_lapsed", signOff.staffName, day, signOff.tableVersion, table.version), false)
        }
        return (context.t("tools.dosage.reviewed", signOff.staffName, day, table.version), true)
    }
}
