/// What a path is, judged by its name and whether it is a directory — the way Finder and
/// LaunchServices judge bundles: a directory named `*.app` is an app, whatever is inside.
enum InputKind: Equatable {
    /// A plist or an `Info.plist.in` template.
    case plist
    /// A bundle directory: `.app`, or a plug-in named on its own.
    case bundle
    /// A zip with `Payload/*.app` (an App Store or ad-hoc build).
    case ipa
    /// An Xcode archive directory with `Products/Applications/*.app`.
    case xcarchive
    /// A plain directory, searched recursively.
    case directory
    /// Any other file.
    case other

    static let bundleExtensions: Set<String> = ["app", "appex", "qlgenerator", "mdimporter"]

    static func classify(name: String, isDirectory: Bool) -> InputKind {
        let lowered = name.lowercased()
        let pathExtension = lowered.split(separator: ".").count > 1 ? String(lowered.split(separator: ".").last!) : ""
        if isDirectory {
            if bundleExtensions.contains(pathExtension) { return .bundle }
            if pathExtension == "xcarchive" { return .xcarchive }
            return .directory
        }
        if pathExtension == "ipa" { return .ipa }
        if lowered.hasSuffix(".plist") || lowered.hasSuffix(".plist.in") { return .plist }
        return .other
    }
}
