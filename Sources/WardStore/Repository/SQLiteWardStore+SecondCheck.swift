import Foundation
import WardSQL

/// The second signature on a dose (the ward setting `secondCheck`), enforced where every
/// client's dose writes meet: inside the write transaction of a recorded slot or an as-needed
/// dose, against the settings as stored in that transaction (another workstation may just have
/// changed them). The checker's PIN is checked by the caller before the write, off the main
/// actor, as the author's is (`checkPin` with purpose `secondCheck`); the store checks who the
/// checker is. Only a dose given is checked: a withheld or missed dose puts nothing into the
/// patient, so there is nothing for a second member to verify.
extension SQLiteWardStore {
    /// The issues with `checkedBy` for a dose of `medication` recorded by `by` with `status`:
    /// a given dose the ward's list names needs a checker; a checker must be an active member,
    /// not the recorder, allowed to record doses; a withheld or missed dose has none.
    static func secondCheckIssues(medication: Medication, status: DoseStatus, checkedBy: Int64?, by: Int64?,
                                  _ db: some SQLConnection) throws -> [ValidationIssue] {
        let settings = try settings(db)
        guard status == .given else {
            guard checkedBy == nil else {
                return [ValidationIssue(field: "checkedBy", message: "a second check is recorded only for a dose given, "
                                        + "not \(status.rawValue); leave the checker out")]
            }
            return []
        }
        guard let checkedBy else {
            guard let rule = settings.secondCheck.rule(for: medication) else { return [] }
            return [SecondCheckRequired.issue(drugName: medication.drugName, rule: rule)]
        }
        guard let checker = try db.fetchRecord(Staff.self, id: checkedBy) else {
            return [ValidationIssue(field: "checkedBy", message: "the second checker (staff \(checkedBy)) is not a staff member of this ward")]
        }
        guard checker.active else {
            return [ValidationIssue(field: "checkedBy", message: "the second checker \(checker.initials) is no longer active; "
                                    + "only an active member may check a dose")]
        }
        if checkedBy == by {
            return [ValidationIssue(field: "checkedBy", message: "the second checker must be another member than "
                                    + "\(checker.initials), who records the dose")]
        }
        guard WardPermission.recordDose.allows(checker, settings: settings) else {
            return [ValidationIssue(field: "checkedBy", message: "the second checker: "
                                    + WardPermission.recordDose.refusal(for: checker, settings: settings))]
        }
        return []
    }
}

/// The words of a dose refused for want of its second check (also the field a screen asks at).
public enum SecondCheckRequired {
    public static func issue(drugName: String, rule: SecondCheckRules.Rule) -> ValidationIssue {
        ValidationIssue(field: "checkedBy", message: "\(drugName) needs a second check (the ward's second-check list names "
                        + "\(rule)): name the second member who checked the dose")
    }
}
