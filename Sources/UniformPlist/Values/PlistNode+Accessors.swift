/// Typed views of a node, so callers reading manifests can write `node.string` instead of
/// pattern matching; each is `nil` when the value has another type.
extension PlistNode {
    public var string: String? {
        if case .string(let value) = value { return value }
        return nil
    }

    public var array: [PlistNode]? {
        if case .array(let value) = value { return value }
        return nil
    }

    public var dictionary: PlistDictionary? {
        if case .dictionary(let value) = value { return value }
        return nil
    }

    public var boolean: Bool? {
        if case .boolean(let value) = value { return value }
        return nil
    }

    /// Integers of either case that fit in `Int64`.
    public var integer: Int64? {
        switch value {
        case .integer(let value): return value
        default: return nil
        }
    }

    /// The value at `key` when this node is a dictionary (last entry wins).
    public subscript(key: String) -> PlistNode? {
        dictionary?[key]
    }

    /// A short name of the value's type for messages: "string", "dictionary", ...
    public var typeName: String { value.typeName }
}

extension PlistValue {
    public var typeName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .integer, .unsignedInteger: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .uid: "UID"
        }
    }
}
