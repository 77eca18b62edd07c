/// The platforms a question is answered for (docs/SPEC.md §2, "each platform is its own world"): the
/// `--platform` filter's, narrowed with `all` to the platforms that have apps — a repository of
/// iOS apps is asked about iOS — or both when no app says (the catalog alone). Answers that
/// come out the same on every platform are given once; otherwise one section each.
public enum PlatformScope {
    public static func platforms(filter: PlatformFilter, apps: [Manifest]) -> [Platform] {
        switch filter {
        case .ios: return [.ios]
        case .macos: return [.macos]
        case .all:
            let present = Platform.allCases.filter { platform in apps.contains { $0.platform == platform } }
            return present.isEmpty ? Platform.allCases : present
        }
    }

    /// How a platform is named in reports.
    public static func name(_ platform: Platform) -> String {
        switch platform {
        case .ios: "iOS"
        case .macos: "macOS"
        }
    }
}
