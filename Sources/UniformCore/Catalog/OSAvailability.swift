/// The releases a catalog line applies to, from its `@os=` field: `macos13+|ios16+` (from a
/// release on), `macos12-14` (a range, for a type later replaced), one item per platform range.
/// A platform not named does not declare the type.
public struct OSAvailability: Hashable, Sendable {
    public struct Range: Hashable, Sendable {
        public var platform: Platform
        public var from: Int
        /// The last release that declares the type; `nil`: still declared.
        public var through: Int?
    }

    public var ranges: [Range]

    /// Every described release of both platforms (a CoreTypes line: macOS 12.7's data, taken
    /// to hold for the releases after it unless a supplement line says otherwise).
    public static let always = OSAvailability(ranges: [
        Range(platform: .macos, from: OSRelease.oldest(.macos).major, through: nil),
        Range(platform: .ios, from: OSRelease.oldest(.ios).major, through: nil),
    ])

    public init(ranges: [Range]) {
        self.ranges = ranges
    }

    public func includes(_ release: OSRelease) -> Bool {
        ranges.contains { r in
            r.platform == release.platform && release.major >= r.from && r.through.map { release.major <= $0 } ?? true
        }
    }

    /// Parses the `@os=` items; `nil` with the offending item when one is malformed or names a
    /// release the catalog does not describe.
    public static func parse(_ items: [String]) -> Result<OSAvailability, ParseFailure> {
        var ranges: [Range] = []
        for item in items {
            guard let (platform, rest) = OSRelease.platformPrefix(item) else {
                return .failure(ParseFailure(item: item))
            }
            let known = OSRelease.described[platform, default: []]
            if rest.hasSuffix("+"), let from = Int(rest.dropLast()), known.contains(from) {
                ranges.append(Range(platform: platform, from: from, through: nil))
            } else if let dash = rest.firstIndex(of: "-"), let from = Int(rest[..<dash]),
                let through = Int(rest[rest.index(after: dash)...]), known.contains(from), known.contains(through),
                from <= through
            {
                ranges.append(Range(platform: platform, from: from, through: through))
            } else {
                return .failure(ParseFailure(item: item))
            }
        }
        guard !ranges.isEmpty else { return .failure(ParseFailure(item: "")) }
        return .success(OSAvailability(ranges: ranges))
    }

    public struct ParseFailure: Error, CustomStringConvertible {
        public var item: String
        public var description: String {
            "@os item '\(item)' is not macos<N>+, macos<N>-<M>, ios<N>+ or ios<N>-<M> with N, M among \(OSRelease.knownNames)"
        }
    }

    /// "macOS 13 and later, iOS 16 and later": how `type` reports it.
    public var text: String {
        ranges.map { r in
            let name = PlatformScope.name(r.platform)
            if let through = r.through { return "\(name) \(r.from) to \(through)" }
            return r.from == OSRelease.oldest(r.platform).major
                ? "\(name) \(r.from) (the oldest described) and later" : "\(name) \(r.from) and later"
        }.joined(separator: ", ")
    }
}
