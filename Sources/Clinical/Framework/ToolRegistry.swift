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

    /// Ids in registry order, built once. The batch path looks a tool up for every line;
    /// comparing a short id against two dozen inline strings is cheaper than hashing it.
    private static let idList: [String] = all.map { $0.spec.id }

    /// The first tool registered under `id`.
    public static func tool(id: String) -> (any ClinicalTool.Type)? {
        for index in idList.indices where idList[index] == id { return all[index] }
        return nil
    }

    /// Every tool id in registry order, for "unknown tool" messages.
    public static var ids: [String] { all.map { $0.spec.id } }
}
