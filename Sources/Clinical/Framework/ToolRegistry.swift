/// Every tool Cotside offers, in the order the Tools pane and `--list` show them
/// (the order of the calculator contract's table). New tools are added here and nowhere else.
public enum ToolRegistry {
    public static let all: [any ClinicalTool.Type] = [
        ApgarTool.self, BallardTool.self, PewsTool.self, FlaccTool.self, GcsTool.self, PramTool.self,
        PecarnTool.self, PhoenixTool.self, DosageTool.self,
        IvFluidTool.self, BsaTool.self, CorrectedAgeTool.self, GrowthTool.self,
        DehydrationTool.self, FenaTool.self, EttTool.self, GfrTool.self, QtcTool.self,
        BloodPressureTool.self, BilirubinTool.self,
        FastEdTool.self, IchVolumeTool.self, LvoTool.self,
    ]

    /// Lookup by id, built once; the batch path calls this for every line.
    private static let byId: [String: any ClinicalTool.Type] = {
        var map: [String: any ClinicalTool.Type] = [:]
        for tool in all where map[tool.spec.id] == nil { map[tool.spec.id] = tool }
        return map
    }()

    public static func tool(id: String) -> (any ClinicalTool.Type)? { byId[id] }

    /// Every tool id in registry order, for "unknown tool" messages.
    public static var ids: [String] { all.map { $0.spec.id } }
}
