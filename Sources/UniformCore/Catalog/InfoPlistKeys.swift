/// Apple's documented Info.plist keys, each with where it may appear, the platforms Apple
/// documents it for, and the page that documents it (`Catalog/InfoPlistKeys.tsv`). A key in
/// this list is never a misspelling, whatever the platform of the manifest it is in.
public enum InfoPlistKeys {
    public struct Key: Sendable, Hashable {
        public var name: String
        /// `root`, `document`, `declaration`, `url-type`, `tag-spec`, `extension`, `scene`, `other`.
        public var context: String
        /// `ios`, `macos`, `tvos`, `watchos`, `visionos`.
        public var platforms: Set<String>
        public var source: String
    }

    public static let all: [Key] = {
        let text = String(decoding: PackageResources.InfoPlistKeys_tsv, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> Key? in
            guard !line.hasPrefix("#"), !line.hasPrefix("key\t") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, !fields[0].isEmpty else { return nil }
            return Key(name: fields[0], context: fields[1], platforms: Set(fields[2].split(separator: ",").map(String.init)), source: fields[3])
        }
    }()

    /// The keys documented for a context, on one platform or (nil) on any.
    public static func names(context: String, platform: String? = nil) -> [String] {
        var seen = Set<String>()
        return all.filter { $0.context == context && (platform.map($0.platforms.contains) ?? true) }
            .map(\.name).filter { seen.insert($0).inserted }
    }
}
