/// Which release of each platform the answers are for: `--os`, else `os` in `.uniform.lua`,
/// else the newest release the catalog describes. A world of one platform uses that platform's
/// release; a world holding apps of both uses the types of either release.
public struct OSSelection: Hashable, Sendable {
    public var macos: OSRelease
    public var ios: OSRelease

    /// The newest release of each platform.
    public static let newest = OSSelection(macos: .newest(.macos), ios: .newest(.ios))

    public init(macos: OSRelease = .newest(.macos), ios: OSRelease = .newest(.ios)) {
        self.macos = macos
        self.ios = ios
    }

    /// The selection with `releases` chosen (one per platform at most; the last one wins).
    public init(choosing releases: [OSRelease]) {
        self = .newest
        for release in releases { self.choose(release) }
    }

    public mutating func choose(_ release: OSRelease) {
        switch release.platform {
        case .macos: macos = release
        case .ios: ios = release
        }
    }

    public func release(for platform: Platform) -> OSRelease {
        switch platform {
        case .macos: macos
        case .ios: ios
        }
    }

    /// The releases a world with this platform filter answers for.
    public func releases(for filter: PlatformFilter) -> [OSRelease] {
        switch filter {
        case .macos: [macos]
        case .ios: [ios]
        case .all: [macos, ios]
        }
    }

    /// Reads `--os` values: each a release name; an unknown one is an error naming the known.
    public static func parse(_ values: [String]) throws -> OSSelection {
        var releases: [OSRelease] = []
        for value in values {
            guard let release = OSRelease(value) else { throw UnknownRelease(text: value) }
            releases.append(release)
        }
        return OSSelection(choosing: releases)
    }

    /// An `--os` or `os =` value that names no described release.
    public struct UnknownRelease: Error, CustomStringConvertible {
        public var text: String
        public var description: String {
            "unknown OS release '\(text)': the catalog describes \(OSRelease.knownNames)"
        }
    }
}
