import UniformPlist

/// Typed views of plist nodes for the manifest reader. Internal so they never clash with the
/// plist module's own public API.
extension PlistNode {
    var asString: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    var asArray: [PlistNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    var asDictionary: PlistDictionary? {
        if case .dictionary(let d) = value { return d }
        return nil
    }

    /// Booleans as Info.plist writers produce them: `<true/>`, `YES`/`NO` strings (OpenStep),
    /// or integers 0/1.
    var asBool: Bool? {
        switch value {
        case .boolean(let b): return b
        case .integer(let i): return i != 0
        case .string(let s):
            switch s.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A name for the node's type in messages ("a string", "an array").
    var kindDescription: String {
        switch value {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .integer, .unsignedInteger: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        }
    }
}
