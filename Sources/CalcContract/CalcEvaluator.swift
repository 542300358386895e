import Clinical

/// Turns raw calls into answers: looks the tool up, reports wrong shapes, validates and
/// computes. Shared by the batch, single calls and anything else that speaks the contract.
public enum CalcEvaluator {
    /// The message naming every tool, for missing or unknown `tool`.
    public static let toolList: String = ToolRegistry.ids.joined(separator: ", ")

    /// Answers one batch line (UTF-8 bytes without the newline).
    public static func answer(line: UnsafeRawBufferPointer) -> CalcAnswer {
        switch FlatJSONReader.read(line) {
        case .failure(let e):
            return CalcAnswer(id: .null, tool: nil, outcome: .failure(ToolErrors(field: "input", e.message)))
        case .success(let object):
            return answer(object)
        }
    }

    public static func answer(line: String) -> CalcAnswer {
        var copy = line
        return copy.withUTF8 { answer(line: UnsafeRawBufferPointer($0)) }
    }

    /// Answers a parsed flat object: `tool`, optional `id`, and the inputs.
    public static func answer(_ object: FlatObject) -> CalcAnswer {
        let id: CalcAnswer.Id = object.idText.map { .json($0) } ?? .null
        var toolName: String?
        // Inputs in line order, each key once: validation scans this short list instead of a
        // dictionary that would hash every key of every line.
        var raw: [(key: String, value: RawValue)] = []
        raw.reserveCapacity(object.members.count)
        var early: [FieldError] = []
        // Lines are small: a linear look-back is cheaper than hashing every key; a line with
        // very many keys uses a set so it cannot take quadratic time.
        var seen: Set<String>? = object.members.count > 16 ? [] : nil
        for (index, (key, value)) in object.members.enumerated() {
            let repeated = seen != nil ? !seen!.insert(key).inserted : object.members[..<index].contains { $0.key == key }
            if repeated {
                early.append(FieldError(field: key, message: "\(key) appears more than once; give each key once"))
                continue
            }
            switch key {
            case "tool":
                if case .string(let s) = value { toolName = s } else {
                    early.append(FieldError(field: "tool", message: "tool must be a string naming a tool (\(toolList))"))
                }
            case "id": continue
            default: raw.append((key: key, value: value))
            }
        }
        for (key, kind) in object.nested where key == "tool" {
            early.append(FieldError(field: "tool", message: "tool must be a string naming a tool, not \(kind) (\(toolList))"))
        }
        if object.nested.contains(where: { $0.key == "id" }) {
            early.append(FieldError(field: "id", message: "id must be a number or a string, not an object or array"))
        }
        guard let name = toolName else {
            if early.isEmpty {
                early.append(FieldError(field: "tool", message: "tool is required: a string naming one of \(toolList)"))
            }
            return CalcAnswer(id: id, tool: nil, outcome: .failure(ToolErrors(early)))
        }
        guard let tool = ToolRegistry.tool(id: name) else {
            early.append(FieldError(field: "tool", CallErrorText.unknownTool(name)))
            return CalcAnswer(id: id, tool: name, outcome: .failure(ToolErrors(early)))
        }
        let nestedInputs = object.nested.filter { $0.key != "tool" && $0.key != "id" }
        for (key, kind) in nestedInputs {
            if let spec = tool.spec.input(key) {
                early.append(FieldError(field: key, message: "\(key) must be \(spec.kindDescription) (\(spec.rangeDescription)), not \(kind)"))
            } else {
                early.append(FieldError(field: key, message: "\(name) has no input ‘\(key)’ (inputs: \(tool.spec.inputs.map(\.key).joined(separator: ", ")))"))
            }
        }
        var outcome = run(tool, members: raw, origin: .json)
        if !early.isEmpty {
            let nestedKeys = Set(nestedInputs.map(\.key))
            var errors = early
            if case .failure(let e) = outcome { errors += e.errors.filter { !nestedKeys.contains($0.field) } }
            outcome = .failure(ToolErrors(errors))
        }
        return CalcAnswer(id: id, tool: name, outcome: outcome)
    }

    /// A single call from `key=value` text arguments (no id).
    public static func answer(tool name: String, arguments: [String]) -> CalcAnswer {
        guard let tool = ToolRegistry.tool(id: name) else {
            return CalcAnswer(id: .absent, tool: name, outcome: .failure(ToolErrors(field: "tool", CallErrorText.unknownTool(name))))
        }
        switch KeyValueArguments.parse(arguments) {
        case .failure(let e): return CalcAnswer(id: .absent, tool: name, outcome: .failure(e))
        case .success(let raw): return CalcAnswer(id: .absent, tool: name, outcome: run(tool, raw, origin: .text))
        }
    }
}

extension CalcEvaluator {
    /// Same as `ClinicalTool.run`, but through the protocol's requirements directly, which
    /// avoids the unspecialised generic path (and its metadata look-ups) on every batch line.
    static func run(_ tool: any ClinicalTool.Type, _ raw: [String: RawValue], origin: RawOrigin) -> Result<ToolResult, ToolErrors> {
        switch tool.spec.validate(raw, origin: origin) {
        case .failure(let e): return .failure(e)
        case .success(let inputs):
            do { return .success(try tool.compute(inputs)) } catch { return .failure(error) }
        }
    }

    /// `run` over key/value pairs with distinct keys (batch lines).
    static func run(_ tool: any ClinicalTool.Type, members raw: [(key: String, value: RawValue)], origin: RawOrigin) -> Result<ToolResult, ToolErrors> {
        switch tool.spec.validate(members: raw, origin: origin) {
        case .failure(let e): return .failure(e)
        case .success(let inputs):
            do { return .success(try tool.compute(inputs)) } catch { return .failure(error) }
        }
    }
}

extension InputSpec {
    /// "a number", "one of the listed options"... for wrong-type messages.
    public var kindDescription: String {
        switch kind {
        case .number: return "a number"
        case .integer: return "a whole number"
        case .choice: return "one of the option values"
        case .boolean: return "true or false"
        case .date: return "a date string YYYY-MM-DD"
        case .word: return "a string"
        }
    }
}
