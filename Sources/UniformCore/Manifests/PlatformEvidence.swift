import UniformPlist

/// Which platform a manifest read without its project is for, weighed from its root keys
/// (docs/SPEC.md §2 "Platform"), and why.
///
/// One key used to decide: any iOS key made an iOS app, so a Mac app that writes
/// `LSSupportsOpeningDocumentsInPlace` beside `LSMinimumSystemVersion`, `LSArchitecturePriority`
/// and `LSEnvironment` was read as an iOS app and got App Store iOS warnings (issue 28). Each
/// key now adds weight to one side and the heavier side wins:
///
/// - keys only an iOS-family app has, chosen by hand (`decisiveIOS`, and `~iphone`/`~ipad`
///   variants of any key): 3; the rest of the hand list (`iOSKeys`): 2;
/// - keys only a Mac app has, chosen by hand (`decisiveMacOS`, `NSPrincipalClass` =
///   `NSApplication`, document types with `NSDocumentClass` or a `QLGenerator`/`MDImporter`
///   role): 3;
/// - any other root key Apple documents for macOS only: 1 for macOS; for iOS, iPadOS, tvOS,
///   watchOS or visionOS and not macOS (Mac Catalyst reads an iOS Info.plist): 1 for iOS
///   (`Catalog/InfoPlistKeys.tsv`, the platform column).
///
/// A key counts once, at its highest weight. A tie keeps the old answer: iOS when a hand-listed
/// iOS key (or a `~iphone`/`~ipad` variant) is there, else macOS, also the answer when no key
/// says anything (a plist read alone is a Mac app's unless it says otherwise).
enum PlatformEvidence {
    /// Keys only iOS-family apps carry, documented for iOS/iPadOS (and its relatives) and not
    /// for macOS in Apple's Information Property List reference: one of them all but decides.
    static let decisiveIOS: Set<String> = [
        "LSRequiresIPhoneOS", "UIDeviceFamily", "MinimumOSVersion", "UIRequiredDeviceCapabilities",
        "UILaunchStoryboardName", "UILaunchScreen",
    ]
    /// The rest of the keys that used to make a manifest iOS on their own: iOS keys, but ones a
    /// Mac app's Info.plist also carries in real repositories (a copied template, a shared
    /// file), so they weigh less than `decisiveIOS`.
    static let iOSKeys: Set<String> = [
        "UISupportedInterfaceOrientations", "UIFileSharingEnabled", "UIBackgroundModes", "UIRequiresFullScreen",
        "UIStatusBarHidden", "UIStatusBarStyle", "UISupportsDocumentBrowser", "LSSupportsOpeningDocumentsInPlace",
        "UIApplicationSupportsIndirectInputEvents",
    ]
    /// Keys only a Mac app (or a Mac plug-in) has: `LSMinimumSystemVersion`, `LSUIElement`,
    /// `LSBackgroundOnly`, `NSServices`, `OSAScriptingDefinition` and `CFPlugInFactories` are
    /// documented for macOS only (Apple's Information Property List reference; the archived
    /// Information Property List Key Reference, LaunchServicesKeys, CocoaKeys and
    /// CoreFoundationKeys); `SUFeedURL` is Sparkle's, a macOS-only update framework
    /// (sparkle-project.org/documentation).
    static let decisiveMacOS: Set<String> = [
        "LSMinimumSystemVersion", "LSUIElement", "LSBackgroundOnly", "NSServices", "OSAScriptingDefinition",
        "CFPlugInFactories", "SUFeedURL",
    ]

    static let strong = 3
    static let medium = 2
    static let documented = 1

    /// A key's vote.
    struct Vote: Equatable {
        var platform: Platform
        var label: String
        var weight: Int
    }

    /// What the keys decided: the platform, and the votes that say why.
    struct Decision: Sendable {
        var platform: Platform
        var votes: [Vote]
        var tie: Bool

        /// For `--verbose`: each side's weight and its heaviest keys.
        var reason: String {
            PlatformEvidence.reason(
                platform, ios: votes.filter { $0.platform == .ios }, macos: votes.filter { $0.platform == .macos },
                tie: tie)
        }
    }

    /// The platform, and the votes behind it (the reason is written from them when asked).
    static func decide(_ root: PlistDictionary) -> Decision {
        let votes = self.votes(root)
        var iosWeight = 0, macWeight = 0, iosMedium = false
        for vote in votes {
            if vote.platform == .ios {
                iosWeight += vote.weight
                iosMedium = iosMedium || vote.weight >= medium
            } else {
                macWeight += vote.weight
            }
        }
        // The old rule's answer, which a tie keeps.
        let before: Platform = iosMedium ? .ios : .macos
        let platform: Platform = iosWeight == macWeight ? before : (iosWeight > macWeight ? .ios : .macos)
        return Decision(platform: platform, votes: votes, tie: iosWeight == macWeight)
    }

    /// What a root key says, looked up once: one hash per key of every manifest read alone.
    enum KeyVote {
        case vote(Platform, Int)
        /// `NSPrincipalClass`: strong for macOS when it is `NSApplication`, else what the key's
        /// documentation says.
        case principalClass(otherwise: Platform?)
        case documentTypes(otherwise: Platform?)
    }

    static let keyVotes: [String: KeyVote] = {
        var table: [String: KeyVote] = [:]
        for (key, platform) in documentedPlatform { table[key] = .vote(platform, documented) }
        for key in decisiveMacOS { table[key] = .vote(.macos, strong) }
        for key in iOSKeys { table[key] = .vote(.ios, medium) }
        for key in decisiveIOS { table[key] = .vote(.ios, strong) }
        table["NSPrincipalClass"] = .principalClass(otherwise: documentedPlatform["NSPrincipalClass"])
        table["CFBundleDocumentTypes"] = .documentTypes(otherwise: documentedPlatform["CFBundleDocumentTypes"])
        return table
    }()

    /// One vote per root key that says something, in file order.
    static func votes(_ root: PlistDictionary) -> [Vote] {
        var votes: [Vote] = []
        for entry in root.entries {
            let key = entry.key
            switch keyVotes[key] {
            case .vote(let platform, let weight)?:
                votes.append(Vote(platform: platform, label: key, weight: weight))
            case .principalClass(let otherwise)?:
                if entry.value.asString == "NSApplication" {
                    votes.append(Vote(platform: .macos, label: "NSPrincipalClass = NSApplication", weight: strong))
                } else if let otherwise {
                    votes.append(Vote(platform: otherwise, label: key, weight: documented))
                }
            case .documentTypes(let otherwise)?:
                if let label = macDocumentTypes(entry.value) {
                    votes.append(Vote(platform: .macos, label: label, weight: strong))
                } else if let otherwise {
                    votes.append(Vote(platform: otherwise, label: key, weight: documented))
                }
            default:
                // A device variant of any key (`UISupportedInterfaceOrientations~ipad`): only
                // keys with a `~` need the suffix test.
                if key.utf8.contains(UInt8(ascii: "~")), key.hasSuffix("~iphone") || key.hasSuffix("~ipad") {
                    votes.append(Vote(platform: .ios, label: key, weight: strong))
                }
            }
        }
        return votes
    }

    /// Document types only a Mac app writes: an `NSDocumentClass` (AppKit's NSDocument
    /// architecture; UIKit has none) or a `QLGenerator`/`MDImporter` role (the macOS Quick Look
    /// generator and Spotlight importer plug-ins).
    static func macDocumentTypes(_ node: PlistNode) -> String? {
        guard let entries = node.asArray else { return nil }
        var documentClass = false, pluginRole: String?
        for entry in entries.prefix(ManifestReader.maxEntriesPerList) {
            guard let dict = entry.asDictionary else { continue }
            if dict["NSDocumentClass"] != nil { documentClass = true }
            if let role = dict["CFBundleTypeRole"]?.asString, role == "QLGenerator" || role == "MDImporter" {
                pluginRole = pluginRole ?? role
            }
        }
        if documentClass { return "CFBundleDocumentTypes with NSDocumentClass" }
        return pluginRole.map { "CFBundleTypeRole = \($0)" }
    }

    /// Root keys Apple documents for one side only (`InfoPlistKeys.tsv`): macOS alone, or
    /// iOS-family platforms without macOS. Keys documented for both say nothing.
    static let documentedPlatform: [String: Platform] = {
        let mac = UInt8(1) << UInt8(InfoPlistKeys.platformNames.firstIndex(of: "macos")!)
        var sides: [String: Platform] = [:]
        var silent = Set<String>()
        for key in InfoPlistKeys.all where key.context == "root" && key.platformBits != 0 {
            let side: Platform? = key.platformBits == mac ? .macos : (key.platformBits & mac == 0 ? .ios : nil)
            // Documented for both, or rows that disagree: the key says nothing.
            guard let side, sides[key.name].map({ $0 == side }) ?? true else {
                silent.insert(key.name)
                continue
            }
            sides[key.name] = side
        }
        return sides.filter { !silent.contains($0.key) }
    }()

    /// `Info.plist keys: macOS 8 (LSMinimumSystemVersion, …) over iOS 2 (…)`.
    static func reason(_ platform: Platform, ios: [Vote], macos: [Vote], tie: Bool) -> String {
        func side(_ name: String, _ votes: [Vote]) -> String {
            let total = votes.reduce(0) { $0 + $1.weight }
            // The heaviest first, then file order; at most four named.
            let ordered = votes.enumerated().sorted { ($1.element.weight, $0.offset) < ($0.element.weight, $1.offset) }
                .map(\.element.label)
            let shown = ordered.prefix(4).joined(separator: ", ")
            let more = ordered.count > 4 ? ", +\(ordered.count - 4) more" : ""
            return "\(name) \(total) (\(shown)\(more))"
        }
        if ios.isEmpty && macos.isEmpty {
            return "no Info.plist key says which platform: macOS, as for any manifest read without its project"
        }
        let (winner, loser) = platform == .ios ? (("iOS", ios), ("macOS", macos)) : (("macOS", macos), ("iOS", ios))
        if loser.1.isEmpty { return "Info.plist keys: \(side(winner.0, winner.1)); none for \(loser.0)" }
        if tie {
            let why = platform == .ios ? "an iOS key is there" : "no strong iOS key is there"
            return "Info.plist keys: \(side(winner.0, winner.1)) ties \(side(loser.0, loser.1)); \(winner.0), as \(why)"
        }
        return "Info.plist keys: \(side(winner.0, winner.1)) outweighs \(side(loser.0, loser.1))"
    }
}
