import Foundation

/// Limits that keep hostile input from exhausting the machine; generous for real manifests.
public struct PlistLimits: Sendable {
    public var maxDepth: Int = 512
    public var maxBytes: Int = 256 << 20
    public var maxObjects: Int = 10_000_000

    public init() {}
}

/// Reads XML, binary and OpenStep property lists, detecting the format from the content.
public enum PlistReader {
    /// Reads a file from disk.
    public static func read(contentsOf path: String, limits: PlistLimits = PlistLimits()) throws -> PlistDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlistError(file: path, mark: nil, message: "cannot read the file (does it exist, and is it readable?)")
        }
        return try read(bytes: [UInt8](data), file: path, limits: limits)
    }

    /// Reads bytes; `file` is only used in diagnostics and positions.
    /// TEMPORARY: Foundation-based placeholder until the positional readers land.
    public static func read(bytes: [UInt8], file: String, limits: PlistLimits = PlistLimits()) throws -> PlistDocument {
        let any: Any
        do {
            any = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw PlistError(file: file, mark: nil, message: "\(error)")
        }
        func convert(_ v: Any) -> PlistNode {
            let m = Mark.text(line: 1, column: 1, offset: 0)
            switch v {
            case let d as [String: Any]:
                return PlistNode(.dictionary(PlistDictionary(entries: d.keys.sorted().map { PlistEntry(key: $0, keyMark: m, value: convert(d[$0]!)) })), mark: m)
            case let a as [Any]: return PlistNode(.array(a.map(convert)), mark: m)
            case let s as String: return PlistNode(.string(s), mark: m)
            case let b as Bool: return PlistNode(.boolean(b), mark: m)
            case let n as Int: return PlistNode(.integer(Int64(n)), mark: m)
            case let n as Double: return PlistNode(.real(n), mark: m)
            case let d as Date: return PlistNode(.date(d), mark: m)
            case let d as Data: return PlistNode(.data([UInt8](d)), mark: m)
            default: return PlistNode(.string("\(v)"), mark: m)
            }
        }
        return PlistDocument(file: file, format: .xml, root: convert(any))
    }
}
