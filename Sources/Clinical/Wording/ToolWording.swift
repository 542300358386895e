/// Every catalogue key of a tool's declaration, derived from the machine keys that `--json`,
/// `calc --batch` and the CLI already fix (tool id, input key, option value, category word),
/// so a translation can never drift from the contract and no key is written by hand:
/// `calc.<tool>.name`, `calc.<tool>.input.<key>`, `calc.<tool>.option.<input>.<value>`,
/// `calc.<tool>.category.<word>`, `calc.output.<key>`. The declaration's English is the
/// source en.json is generated from (ClinicalCatalogueTests keeps the two equal).
extension ToolSpec {
    var keyPrefix: String { "calc.\(id)" }

    public var nameText: ClinicalText { ClinicalText("\(keyPrefix).name", name) }
    public var summaryText: ClinicalText { ClinicalText("\(keyPrefix).summary", summary) }
    public var limitationsText: ClinicalText { ClinicalText("\(keyPrefix).limitations", limitations) }

    public var applicabilityTexts: [ClinicalText] {
        applicability.enumerated().map { ClinicalText("\(keyPrefix).applies.\($0.offset + 1)", $0.element) }
    }

    public var constraintTexts: [ClinicalText] {
        constraints.enumerated().map { ClinicalText("\(keyPrefix).rule.\($0.offset + 1)", $0.element) }
    }

    public func labelText(_ input: InputSpec) -> ClinicalText {
        ClinicalText("\(keyPrefix).input.\(input.key)", input.label)
    }

    public func helpText(_ input: InputSpec) -> ClinicalText? {
        input.help.map { ClinicalText("\(keyPrefix).input.\(input.key).help", $0) }
    }

    /// An option's wording; `wording` is set for the other wording of the same values (GCS
    /// verbal under 5 years: `calc.gcs.option.verbal.under_5.<value>`).
    public func optionText(_ input: InputSpec, _ option: ChoiceOption, wording: OptionWording? = nil) -> ClinicalText {
        let variant = wording.map { ".under_\(NumberText.plain($0.below))" } ?? ""
        return ClinicalText("\(keyPrefix).option.\(input.key)\(variant).\(option.value)", option.descriptor)
    }

    public func categoryText(_ category: ResultCategory) -> ClinicalText {
        ClinicalText("\(keyPrefix).category.\(category.word)", category.label)
    }

    /// Every text of the declaration (not of results), in declaration order: what the
    /// catalogue must hold for this tool's form, help and references screen.
    public var declarationTexts: [ClinicalText] {
        var texts = [nameText, summaryText]
        for input in inputs {
            texts.append(labelText(input))
            if let help = helpText(input) { texts.append(help) }
            if case .choice(let options) = input.kind {
                texts += options.map { optionText(input, $0) }
            }
            if let wording = input.optionWording {
                texts += wording.options.map { optionText(input, $0, wording: wording) }
            }
        }
        return texts + applicabilityTexts + constraintTexts + [limitationsText]
    }

    /// The declaration in the lookup's language: the same keys, ranges and rules, with every
    /// label, option, help line and statement read from the catalogue. Validation and JSON
    /// only ever see keys, so the localised spec is for showing only.
    public func localized(_ lookup: any ClinicalLookup) -> ToolSpec {
        var copy = self
        copy.name = nameText.resolved(lookup)
        copy.summary = summaryText.resolved(lookup)
        copy.limitations = limitationsText.resolved(lookup)
        copy.applicability = applicabilityTexts.map { $0.resolved(lookup) }
        copy.constraints = constraintTexts.map { $0.resolved(lookup) }
        copy.inputs = inputs.map { input in
            var local = input
            local.label = labelText(input).resolved(lookup)
            local.help = helpText(input)?.resolved(lookup)
            // A unit that is a word ("weeks") reads in the language; symbols (kg, mg/dL) stay.
            if case .text(let word)? = input.unitText { local.unit = word.resolved(lookup) }
            if case .choice(let options) = input.kind {
                local.kind = .choice(options.map { ChoiceOption($0.value, optionText(input, $0).resolved(lookup)) })
            }
            if var wording = input.optionWording {
                wording.options = wording.options.map { ChoiceOption($0.value, optionText(input, $0, wording: wording).resolved(lookup)) }
                local.optionWording = wording
            }
            return local
        }
        return copy
    }
}

extension ToolResult {
    /// The result in the lookup's language: category wording, the interpretation and the
    /// warnings; fields (keys and values) stay as they are. `spec` is the tool that made it.
    public func localized(_ spec: ToolSpec, _ lookup: any ClinicalLookup) -> ToolResult {
        var copy = self
        copy.categories = categories.map { category in
            var local = category
            local.label = (category.text ?? spec.categoryText(category)).resolved(lookup)
            return local
        }
        copy.interpretation = interpretationText.resolved(lookup)
        copy.warnings = warningTexts.map { $0.resolved(lookup) }
        return copy
    }
}
