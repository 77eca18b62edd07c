/// One major release of an operating system the catalog describes: `macos26`, `ios18`.
///
/// Types come and go between releases (`public.toml` is a system type from macOS 26 on, a
/// `dyn.` identifier before), so every answer about the system's types is an answer for one
/// release. Only major versions matter: Apple adds types in major releases (the SDK headers'
/// `API_AVAILABLE(macos(15.0), ios(18.0))`).
public struct OSRelease: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var platform: Platform
    public var major: Int

    public init(_ platform: Platform, _ major: Int) {
        self.platform = platform
        self.major = major
    }

    /// The releases the catalog describes, oldest first. The catalog's base is macOS 12.7's
    /// CoreTypes: earlier releases are not described (their CoreTypes differ in ways no source
    /// in the project records). iOS 15 is the release of macOS 12's generation; 26 follows 18
    /// (Apple's 2025 renumbering by year).
    public static let described: [Platform: [Int]] = [
        .macos: [12, 13, 14, 15, 26, 27],
        .ios: [15, 16, 17, 18, 26, 27],
    ]

    /// Every described release, macOS first, each platform oldest first.
    public static let all: [OSRelease] = [Platform.macos, .ios].flatMap { p in
        described[p, default: []].map { OSRelease(p, $0) }
    }

    /// The newest release described for a platform: the default answer.
    public static func newest(_ platform: Platform) -> OSRelease {
        OSRelease(platform, described[platform, default: [0]].last ?? 0)
    }

    /// The oldest release described for a platform.
    public static func oldest(_ platform: Platform) -> OSRelease {
        OSRelease(platform, described[platform, default: [0]].first ?? 0)
    }

    /// Reads `macos26`, `macOS 26`, `macos-26`, `ios18`, `iOS 18.2` (the minor version is
    /// dropped); `nil` for anything else, including a release the catalog does not describe.
    public init?(_ text: String) {
        guard let (platform, rest) = Self.platformPrefix(text.filter { $0 != " " && $0 != "-" && $0 != "_" })
        else { return nil }
        let majorText = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let major = Int(majorText), Self.described[platform, default: []].contains(major) else { return nil }
        self.init(platform, major)
    }

    /// `macos…` / `ios…` (any case): the platform and what follows its name.
    static func platformPrefix(_ text: String) -> (Platform, Substring)? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("macos") { return (.macos, lowered.dropFirst(5)) }
        if lowered.hasPrefix("ios") { return (.ios, lowered.dropFirst(3)) }
        return nil
    }

    /// `macos26`: how options, configuration files and JSON spell a release.
    public var name: String { "\(platform.rawValue)\(major)" }

    /// `macOS 26`: how reports name it.
    public var displayName: String { "\(PlatformScope.name(platform)) \(major)" }

    public var description: String { name }

    public static func < (lhs: OSRelease, rhs: OSRelease) -> Bool {
        (lhs.platform.rawValue, lhs.major) < (rhs.platform.rawValue, rhs.major)
    }

    /// The known names, for a usage error: "macos12, …, macos27, ios15, …, ios27".
    public static var knownNames: String { all.map(\.name).joined(separator: ", ") }
}
