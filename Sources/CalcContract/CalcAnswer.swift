import Clinical

/// The answer to one calculator call, whichever way it came in (batch line, key=value
/// arguments, the Tools pane). Written as one JSON line by `CalcAnswer.writeJSON`.
public struct CalcAnswer: Sendable, Equatable {
    /// How the caller's `id` is echoed: absent (single calls), the original JSON text, or null.
    public enum Id: Sendable, Equatable {
        case absent
        case null
        case json([UInt8])
    }

    public var id: Id
    /// The tool id as given (nil when the line had no usable `tool`).
    public var tool: String?
    public var outcome: Result<ToolResult, ToolErrors>

    public init(id: Id, tool: String?, outcome: Result<ToolResult, ToolErrors>) {
        self.id = id
        self.tool = tool
        self.outcome = outcome
    }

    public var isOK: Bool {
        if case .success = outcome { return true }
        return false
    }

    /// Key under which the interpretation sentence is added to a result object. Not
    /// `interpretation`, because fena and qtc use that key for their category word.
    public static let sentenceKey = "summary"

    /// `{"id":7,"ok":true,"tool":"bsa","result":{…},"warnings":[]}` or the errors form,
    /// without a trailing newline.
    public func writeJSON(into w: inout JSONWriter) {
        w.byte(UInt8(ascii: "{"))
        switch id {
        case .absent: break
        case .null: w.raw("\"id\":null,")
        case .json(let text): w.raw("\"id\":"); w.raw(text); w.byte(UInt8(ascii: ","))
        }
        switch outcome {
        case .success(let result):
            w.raw("\"ok\":true,\"tool\":")
            toolValue(&w)
            w.raw(",\"result\":{")
            for field in result.fields {
                w.key(field.key)
                w.value(field.value)
                w.byte(UInt8(ascii: ","))
            }
            w.key(CalcAnswer.sentenceKey)
            w.string(result.interpretation)
            w.raw("},\"warnings\":")
            w.strings(result.warnings)
        case .failure(let errors):
            w.raw("\"ok\":false,\"tool\":")
            toolValue(&w)
            w.raw(",\"errors\":[")
            for (n, e) in errors.errors.enumerated() {
                if n > 0 { w.byte(UInt8(ascii: ",")) }
                w.raw("{\"field\":")
                w.string(e.field)
                w.raw(",\"message\":")
                w.string(e.message)
                w.byte(UInt8(ascii: "}"))
            }
            w.byte(UInt8(ascii: "]"))
        }
        w.byte(UInt8(ascii: "}"))
    }

    private func toolValue(_ w: inout JSONWriter) {
        if let tool { w.string(tool) } else { w.raw("null") }
    }

    public var json: String {
        var w = JSONWriter()
        writeJSON(into: &w)
        return w.text
    }
}
