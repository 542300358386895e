/// Result labels through the catalogue: `calc.output.<key>` for the wording shared by every
/// tool, `calc.<tool>.output.<key>` where one tool words a key its own way, and
/// `calc.output.<key>.not_stated` for a figure its source does not state as a maximum.
extension OutputLabel {
    /// The catalogue text of `key`'s label in `toolId` (among `fields`, whose flags can change it).
    public static func text(_ key: String, tool toolId: String, in fields: [ResultField] = []) -> ClinicalText {
        let english = of(key, tool: toolId, in: fields).label
        if let honest = whenNotStated[key], fields.contains(where: { $0.key == honest.flag && $0.value == .bool(false) }) {
            return ClinicalText("calc.output.\(key).not_stated", english)
        }
        if byToolKey["\(toolId).\(key)"] != nil { return ClinicalText("calc.\(toolId).output.\(key)", english) }
        return ClinicalText("calc.output.\(key)", english)
    }

    /// The label of `key` in the lookup's language (nil lookup: English), unit unchanged.
    public static func of(_ key: String, tool toolId: String, in fields: [ResultField] = [], lookup: (any ClinicalLookup)?) -> OutputLabel {
        var label = of(key, tool: toolId, in: fields)
        guard let lookup else { return label }
        label.label = text(key, tool: toolId, in: fields).resolved(lookup)
        if let unit = label.unit, let words = wordUnits[unit] { label.unitWords = (one: words.one.resolved(lookup), many: words.many.resolved(lookup)) }
        return label
    }

    /// Every declared label as catalogue texts (en.json holds each).
    public static var declaredTexts: [ClinicalText] {
        byKey.keys.sorted().map { ClinicalText("calc.output.\($0)", byKey[$0]!.label) }
            + byToolKey.keys.sorted().map { key -> ClinicalText in
                let parts = key.split(separator: ".", maxSplits: 1)
                return ClinicalText("calc.\(parts[0]).output.\(parts[1])", byToolKey[key]!.label)
            }
            + whenNotStated.keys.sorted().map { ClinicalText("calc.output.\($0).not_stated", whenNotStated[$0]!.label.label) }
            + wordUnits.keys.sorted().flatMap { [wordUnits[$0]!.one, wordUnits[$0]!.many] }
    }
}

extension ToolSpec {
    /// A result key's label in the lookup's language within `result`.
    public func outputLabel(_ key: String, in result: ToolResult, lookup: (any ClinicalLookup)?) -> OutputLabel {
        OutputLabel.of(key, tool: id, in: result.fields, lookup: lookup)
    }

    public func outputLabel(_ key: String, lookup: (any ClinicalLookup)?) -> OutputLabel {
        OutputLabel.of(key, tool: id, lookup: lookup)
    }
}
