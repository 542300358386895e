/// A shipped reference table could not be read or failed its own checks. Tools report it
/// under the field `tool`, so a broken install is named instead of giving wrong numbers.
public struct ReferenceDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the file relative to the resources folder ("clinical/growth/wfa_boys.csv").
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "reference table \(file) is unusable: \(problem)" }

    /// The error as tools report it.
    public var toolErrors: ToolErrors { ToolErrors(field: "tool", description) }
}

extension Result where Failure == ReferenceDataError {
    /// The loaded table, or the load problem as the tool-level error a call reports.
    func tableOrToolError() throws(ToolErrors) -> Success {
        switch self {
        case .success(let table): return table
        case .failure(let error): throw error.toolErrors
        }
    }
}
