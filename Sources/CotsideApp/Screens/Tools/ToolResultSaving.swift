import Clinical
import Foundation
import WardStore

/// Where `S` saves a reviewed result: the selected patient's chart through the store.
/// Injected by the app once it has a repository and a selected patient; nil means saving is
/// not available and `S` says why instead of pretending.
@MainActor
protocol ToolResultSaving: AnyObject {
    /// The patient results are saved for (bed and name for the review step), if one is selected.
    var selectedPatient: (id: Int64, label: String)? { get }
    /// The intent that stores the draft (a `.write`: audited, undoable, reported on the message
    /// line); the review screen closes itself first and says a failure (`failed`).
    func save(_ draft: CalculatorResultDraft) -> Intent
}

/// What a reviewed result becomes in the chart: the contract's JSON for inputs and result,
/// and one line for History.
enum SavedResultDraft {
    static func make(form: ToolForm, result: ToolResult, patientId: Int64) -> CalculatorResultDraft {
        CalculatorResultDraft(patientId: patientId, toolId: form.spec.id, inputsJSON: ContractJSON.object(form.raw),
                              resultJSON: ContractJSON.result(result), summary: summary(result, spec: form.spec), reviewed: true)
    }

    /// The first values and every category in people's words: "Body surface area 0.762 m²",
    /// "Score 8 points · Reassuring".
    static func summary(_ result: ToolResult, spec: ToolSpec) -> String {
        let values = result.fields.filter { f in !result.categories.contains { $0.key == f.key } }
            .prefix(2).map { ResultBar.describe($0, spec: spec) }
        return (values + result.categories.map(\.label)).joined(separator: " · ")
    }
}
