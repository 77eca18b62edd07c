/// Apple's documented Info.plist keys, each with where it may appear, the platforms Apple
/// documents it for, and the page that documents it (`Catalog/InfoPlistKeys.tsv`). A key in
/// this list is never a misspelling, whatever the platform of the manifest it is in.
///
/// Every `uniform check` reads it (the `misspelled-key` rule), so the table is parsed on bytes,
/// once, without materialising the source URLs until someone asks for one.
public enum InfoPlistKeys {
    public static let platformNames = ["ios", "macos", "tvos", "watchos", "visionos"]

    public struct Key: Sendable, Hashable {
        public var name: String
        /// `root`, `document`, `declaration`, `url-type`, `tag-spec`, `extension`, `scene`, `other`.
        public var context: String
        /// Bit i set: documented on `platformNames[i]`.
        var platformBits: UInt8
        /// The source column's bytes in the embedded table.
        var sourceRange: Range<Int>

        public var platforms: Set<String> {
            Set(platformNames.indices.filter { platformBits & (1 << $0) != 0 }.map { platformNames[$0] })
        }

        /// The Apple page (or note) that documents the key.
        public var source: String {
            String(decoding: PackageResources.InfoPlistKeys_tsv[sourceRange], as: UTF8.self)
        }
    }

    public static let all: [Key] = parse(PackageResources.InfoPlistKeys_tsv)

    /// The keys documented for a context (`*`: any), on one platform or (nil) on any, in table
    /// order, each once. A filter over ~600 rows: cheaper than building an index every run.
    public static func names(context: String, platform: String? = nil) -> [String] {
        let bit = platform.flatMap { platformNames.firstIndex(of: $0) }.map { UInt8(1) << UInt8($0) }
        if platform != nil && bit == nil { return [] }
        var seen = Set<String>(), names: [String] = []
        for key in all
        where (context == "*" || key.context == context) && (bit.map { key.platformBits & $0 != 0 } ?? true) {
            if seen.insert(key.name).inserted { names.append(key.name) }
        }
        return names
    }

    /// `key TAB context TAB platforms TAB source` lines; `#` comments and the header skipped.
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(640)
        var lineStart = 0
        let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
            var fields: [Range<Int>] = []
            var fieldStart = lineStart
            for i in lineStart..<lineEnd where bytes[i] == tab && fields.count < 3 {
                fields.append(fieldStart..<i)
                fieldStart = i + 1
            }
            fields.append(fieldStart..<lineEnd)
            guard fields.count == 4 else { continue }
            let name = String(decoding: bytes[fields[0]], as: UTF8.self)
            guard name != "key", !name.isEmpty else { continue }
            var bits: UInt8 = 0
            for platform in bytes[fields[2]].split(separator: UInt8(ascii: ",")) {
                if let i = platformNames.firstIndex(where: { $0.utf8.elementsEqual(platform) }) { bits |= 1 << i }
            }
            keys.append(
                Key(
                    name: name, context: String(decoding: bytes[fields[1]], as: UTF8.self), platformBits: bits,
                    sourceRange: fields[3]))
        }
        return keys
    }
}
