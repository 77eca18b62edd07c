import Foundation

/// One node of a property list: a value and where it was read.
public struct PlistNode: Sendable {
    public var value: PlistValue
    public var mark: Mark

    public init(_ value: PlistValue, mark: Mark) {
        self.value = value
        self.mark = mark
    }
}

/// The property-list value types, as the XML DTD and `bplist00` define them.
public enum PlistValue: Sendable {
    case dictionary(PlistDictionary)
    case array([PlistNode])
    case string(String)
    /// Any integer that fits in `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max` (binary 16-byte ints and large XML `<integer>`s).
    case unsignedInteger(UInt64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data([UInt8])
    /// Keyed-archiver object references (binary plists only).
    case uid(UInt64)
}

/// A dictionary that keeps its keys in file order, with each key's own position.
///
/// Real manifests repeat keys; the lookup gives the last value (as Foundation does) while
/// `entries` keeps every occurrence so the core can report the repetition.
public struct PlistDictionary: Sendable {
    public var entries: [PlistEntry]

    public init(entries: [PlistEntry] = []) {
        self.entries = entries
    }

    /// The value of the last entry with this key, if any.
    public subscript(key: String) -> PlistNode? {
        for entry in entries.reversed() where entry.key == key {
            return entry.value
        }
        return nil
    }

    /// The last entry with this key, if any.
    public func entry(_ key: String) -> PlistEntry? {
        entries.last { $0.key == key }
    }

    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
}

/// A key of a dictionary with its position, and its value.
public struct PlistEntry: Sendable {
    public var key: String
    public var keyMark: Mark
    public var value: PlistNode

    public init(key: String, keyMark: Mark, value: PlistNode) {
        self.key = key
        self.keyMark = keyMark
        self.value = value
    }
}
