/// A calculator: a declaration and a pure function of validated inputs.
/// `compute` may throw `ToolErrors` for rules between inputs the spec cannot express.
public protocol ClinicalTool: Sendable {
    static var spec: ToolSpec { get }
    static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult
}

extension ClinicalTool {
    /// Validates then computes; the single entry point for the CLI, batch and the Tools pane.
    public static func run(_ raw: [String: RawValue], origin: RawOrigin) -> Result<ToolResult, ToolErrors> {
        switch spec.validate(raw, origin: origin) {
        case .failure(let e): return .failure(e)
        case .success(let inputs):
            do { return .success(try compute(inputs)) } catch { return .failure(error) }
        }
    }
}
