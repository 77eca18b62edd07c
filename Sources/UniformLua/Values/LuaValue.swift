/// A Lua value on the Swift side. Scalars are copied; tables, functions, userdata and threads are
/// registry references that keep the Lua object alive until the Swift reference goes away.
public enum LuaValue {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    /// A Lua string that is valid UTF-8.
    case string(String)
    /// A Lua string that is not valid UTF-8 (Lua strings are byte strings).
    case bytes([UInt8])
    case table(LuaTableRef)
    case function(LuaFunction)
    case userdata(LuaUserdataRef)
    case thread(LuaThreadRef)

    /// Lua's type name (`type(v)`).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string, .bytes: return "string"
        case .table: return "table"
        case .function: return "function"
        case .userdata: return "userdata"
        case .thread: return "thread"
        }
    }

    public var isNil: Bool { if case .nil = self { return true } else { return false } }
    /// Lua truthiness: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): return false
        default: return true
        }
    }

    public var boolValue: Bool? { if case .boolean(let b) = self { return b } else { return nil } }
    /// Integers, and floats with an exact integer value (as `math.tointeger`).
    public var intValue: Int64? {
        switch self {
        case .integer(let i): return i
        case .number(let d): return Int64(exactly: d)
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
    public var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        default: return nil
        }
    }
    public var tableValue: LuaTableRef? { if case .table(let t) = self { return t } else { return nil } }
    public var functionValue: LuaFunction? { if case .function(let f) = self { return f } else { return nil } }
    public var userdataValue: LuaUserdataRef? { if case .userdata(let u) = self { return u } else { return nil } }
}

extension LuaValue: Equatable {
    /// Raw equality: same scalar, or the same Lua object (`rawequal`).
    public static func == (a: LuaValue, b: LuaValue) -> Bool {
        switch (a, b) {
        case (.nil, .nil): return true
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.bytes(let x), .bytes(let y)): return x == y
        case (.table(let x as LuaRef), .table(let y as LuaRef)),
            (.function(let x as LuaRef), .function(let y as LuaRef)),
            (.userdata(let x as LuaRef), .userdata(let y as LuaRef)),
            (.thread(let x as LuaRef), .thread(let y as LuaRef)):
            return x.isSameObject(as: y)
        default: return false
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension LuaValue {
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: String) { self = .string(value) }
    public init(_ value: Bool) { self = .boolean(value) }
    public init(_ value: Double) { self = .number(value) }
}
