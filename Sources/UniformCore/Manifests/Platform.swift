/// Which operating system a manifest is for. An iOS app never opens a file on a Mac.
public enum Platform: String, Sendable, CaseIterable {
    case ios
    case macos
}

/// `--platform ios|macos|all`: which apps take part in resolution.
public enum PlatformFilter: String, Sendable, CaseIterable {
    case ios
    case macos
    case all

    public init(_ platform: Platform) {
        switch platform {
        case .ios: self = .ios
        case .macos: self = .macos
        }
    }

    /// The one platform this filter lets in; nil for `all`.
    public var only: Platform? {
        switch self {
        case .ios: .ios
        case .macos: .macos
        case .all: nil
        }
    }

    public func includes(_ platform: Platform) -> Bool {
        switch self {
        case .all: true
        case .ios: platform == .ios
        case .macos: platform == .macos
        }
    }
}
