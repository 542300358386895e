/// Decodes what follows an Esc byte that curses could not match against the terminal database:
/// tmux sends Home as `ESC [1~` and End as `ESC [4~` even when TERM=xterm-256color says `ESC OH`
/// and `ESC OF`. A sequence is read whole and either named (xterm, tmux, rxvt and Linux console
/// forms) or swallowed: never split into Esc plus characters, which would switch tabs.
public enum EscapeSequence {
    /// What the scalars after an Esc amount to.
    public enum Outcome: Hashable, Sendable {
        /// The sequence may continue: read another scalar (or call `timedOut`).
        case needMore
        /// A whole sequence of `length` scalars after the Esc; `key` is nil when it names
        /// nothing the app uses (focus reports, bracketed paste marks, unknown keys).
        case sequence(Key?, length: Int)
        /// The Esc stands alone (the user pressed Esc): what follows is ordinary input.
        case loneEscape
    }

    /// Longest run of parameter bytes believed to be one sequence; beyond it, the rest is swallowed.
    static let maximumLength = 32

    private static let escape: UInt32 = 0x1B

    /// Decodes `tail`, the scalars read after the Esc so far.
    public static func decode(_ tail: [UInt32]) -> Outcome {
        guard let introducer = tail.first else { return .needMore }
        switch introducer {
        case 0x5B: return decodeCSI(tail)        // "["
        case 0x4F: return decodeSS3(tail)        // "O"
        default: return .loneEscape
        }
    }

    /// No more input came in time: a lone Esc is the Esc key; a sequence cut short is swallowed
    /// (a human does not type Esc-[ within milliseconds, so the bytes are not keystrokes).
    public static func timedOut(_ tail: [UInt32]) -> Outcome {
        switch decode(tail) {
        case .needMore: return tail.isEmpty ? .loneEscape : .sequence(nil, length: tail.count)
        case let other: return other
        }
    }

    /// `ESC [ params intermediates final`, ECMA-48, plus the forms terminals really send:
    /// rxvt's `$` and `^` modifier finals, the Linux console's `ESC [[A`, X10 mouse `ESC [M b x y`.
    private static func decodeCSI(_ tail: [UInt32]) -> Outcome {
        var index = 1
        var parameters = ""
        while index < tail.count {
            let byte = tail[index]
            if byte == escape { return .sequence(nil, length: index) }
            if index == 1, byte == 0x5B {                       // Linux console F1–F5: ESC [[A…E
                guard tail.count > 2 else { return .needMore }
                let n = Int(tail[2]) - 0x40
                return .sequence((1...5).contains(n) ? .function(n) : nil, length: 3)
            }
            if index == 1, byte == 0x4D {                       // X10 mouse: ESC [M and three bytes
                return tail.count >= 5 ? .sequence(nil, length: 5) : .needMore
            }
            switch byte {
            case 0x30...0x3F:
                parameters.unicodeScalars.append(Unicode.Scalar(UInt8(byte)))
            case 0x24 where !parameters.isEmpty, 0x5E:          // rxvt: ESC [7$ (shift), ESC [7^ (ctrl)
                return .sequence(tildeKey(parameters), length: index + 1)
            case 0x20...0x2F:
                break
            case 0x40...0x7E:
                return .sequence(csiKey(parameters, final: byte), length: index + 1)
            default:
                return .sequence(nil, length: index + 1)        // not a sequence byte: stop here
            }
            if index >= maximumLength { return .sequence(nil, length: index + 1) }
            index += 1
        }
        return .needMore
    }

    /// `ESC O final`, with the optional modifier digits some terminals insert (`ESC O5C`).
    private static func decodeSS3(_ tail: [UInt32]) -> Outcome {
        var index = 1
        while index < tail.count {
            let byte = tail[index]
            switch byte {
            case 0x30...0x39, 0x3B:
                if index >= maximumLength { return .sequence(nil, length: index + 1) }
                index += 1
            case 0x40...0x7E:
                return .sequence(ss3Key(final: byte), length: index + 1)
            default:
                return .sequence(nil, length: index)
            }
        }
        return .needMore
    }

    private static func csiKey(_ parameters: String, final: UInt32) -> Key? {
        let plain = !parameters.contains(where: { $0 == "<" || $0 == ">" || $0 == "?" || $0 == "=" })
        guard plain else { return nil }
        switch final {
        case 0x41: return .up                     // A; ESC [1;5A is Ctrl-Up: the arrow still moves
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home                   // H
        case 0x46: return .end                    // F
        case 0x5A: return .backTab                // Z
        case 0x50, 0x51, 0x52, 0x53:              // P Q R S with modifiers: F1–F4
            return parameters.isEmpty ? nil : .function(Int(final - 0x50) + 1)
        case 0x7E: return tildeKey(parameters)    // ~
        default: return nil
        }
    }

    /// The `ESC [n~` keys: the number before any `;modifier`.
    private static func tildeKey(_ parameters: String) -> Key? {
        guard let number = Int(parameters.split(separator: ";", omittingEmptySubsequences: false).first ?? "") else { return nil }
        switch number {
        case 1, 7: return .home                   // 1: tmux, Linux console; 7: rxvt
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return nil                       // 200/201 bracketed paste marks, F13+
        }
    }

    private static func ss3Key(final: UInt32) -> Key? {
        switch final {
        case 0x41, 0x61: return .up               // A; rxvt's Ctrl-arrows are lower case
        case 0x42, 0x62: return .down
        case 0x43, 0x63: return .right
        case 0x44, 0x64: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .function(Int(final - 0x50) + 1)
        case 0x4D: return .enter                  // keypad Enter
        case 0x70...0x79: return .char(Character(Unicode.Scalar(UInt8(final - 0x70 + 0x30))))  // keypad 0–9
        case 0x6A: return .char("*")
        case 0x6B: return .char("+")
        case 0x6C: return .char(",")
        case 0x6D: return .char("-")
        case 0x6E: return .char(".")
        case 0x6F: return .char("/")
        default: return nil
        }
    }
}
